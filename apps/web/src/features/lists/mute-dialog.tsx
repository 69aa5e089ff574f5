import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { SignedEvent } from '@swell/cache-protocol';
import { threadRoot } from '@swell/nostr';
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { userLabel, useUser } from '@/data/user.ts';
import { ChoiceGroup } from '@/features/lists/choice-group.tsx';
import { mute } from '@/features/lists/list-actions.ts';
import '@/components/ui/form.css';
import '@/features/lists/lists.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists } from '@/i18n/en/lists.ts';

addStrings({ lists });

/** The root of a note's thread, or the note itself when it starts one. */
const threadRootOf = (note: SignedEvent): string => threadRoot(note) ?? note.id;

/**
 * Mute the author (or, from a note, its thread), choosing per entry whether it goes in the
 * public mute list or its encrypted private part (NIP-51).
 */
export default function MuteDialog({
  pubkey,
  note,
  onClose,
}: {
  pubkey: string;
  note?: SignedEvent;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = userLabel(useUser(pubkey));
  const [what, setWhat] = useState<'user' | 'thread'>('user');
  const [visibility, setVisibility] = useState<'public' | 'private'>('public');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const done =
      what === 'user'
        ? await mute('user', pubkey, { private: visibility === 'private', label: name })
        : await mute('thread', threadRootOf(note!), {
            private: visibility === 'private',
            label: t('lists.muteThread').toLowerCase(),
          });
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Dialog
      title={t('lists.muteUser', { name })}
      size="sm"
      onClose={onClose}
      footer={
        <DialogActions
          label={t('lists.muteConfirm')}
          danger
          busy={busy}
          onCancel={onClose}
          onConfirm={() => void submit()}
        />
      }
    >
      <div className="lists-dialog-body">
        {note && (
          <ChoiceGroup
            legend={t('lists.muteWhat')}
            name="mute-what"
            value={what}
            onChange={setWhat}
            options={[
              {
                value: 'user',
                label: t('lists.muteUserOption', { name }),
                hint: t('lists.muteUserHint'),
              },
              {
                value: 'thread',
                label: t('lists.muteThreadOption'),
                hint: t('lists.muteThreadHint'),
              },
            ]}
          />
        )}
        <ChoiceGroup
          legend={t('lists.muteVisibility')}
          name="mute-visibility"
          value={visibility}
          onChange={setVisibility}
          options={[
            { value: 'public', label: t('lists.mutePublic'), hint: t('lists.mutePublicHint') },
            { value: 'private', label: t('lists.mutePrivate'), hint: t('lists.mutePrivateHint') },
          ]}
        />
      </div>
    </Dialog>
  );
}
