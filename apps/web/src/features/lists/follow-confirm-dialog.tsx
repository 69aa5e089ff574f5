import { useTranslation } from '@/i18n/use-translation.ts';
import type { FollowConfirmation, ListOutcome } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { userLabel, useUser } from '@/data/user.ts';
import { confirmFollow } from '@/features/lists/list-actions.ts';
import '@/features/lists/lists.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists } from '@/i18n/en/lists.ts';

addStrings({ lists });

function Person({ pubkey }: { pubkey: string }) {
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <li className="lists-person">
      <Avatar picture={user.picture} size="xs" name={name} />
      <span className="lists-person-name">{name}</span>
    </li>
  );
}

/**
 * Spec section 4: a follow or unfollow that would leave fewer than 2 follows shows the list that
 * would be published (follows and how many the latest list had) and publishes only when told.
 */
export default function FollowConfirmDialog({
  dialog,
  onClose,
}: {
  dialog: {
    data: FollowConfirmation;
    confirm(): Promise<ListOutcome<FollowConfirmation>>;
  };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data } = dialog;
  const otherTags = data.tags.filter((tag) => tag[0] !== 'p');
  return (
    <Dialog
      title={t('lists.followConfirmTitle')}
      description={t('lists.followConfirmBody', { count: data.after.length })}
      size="sm"
      onClose={onClose}
      footer={
        <DialogActions
          label={t('lists.followConfirmPublish')}
          onCancel={onClose}
          onConfirm={() => {
            void confirmFollow(data, dialog.confirm);
            onClose();
          }}
        />
      }
    >
      <p className="lists-confirm-count">
        {t('lists.followConfirmBefore', { count: data.before.length })}
      </p>
      {data.after.length === 0 ? (
        <p className="lists-confirm-empty">{t('lists.followConfirmEmpty')}</p>
      ) : (
        <ul className="lists-people" aria-label={t('lists.following')}>
          {data.after.map((pk) => (
            <Person key={pk} pubkey={pk} />
          ))}
        </ul>
      )}
      {otherTags.length > 0 && (
        <pre className="lists-confirm-tags">
          {otherTags.map((tag) => JSON.stringify(tag)).join('\n')}
        </pre>
      )}
    </Dialog>
  );
}
