import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type SetStateAction,
} from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Camera from 'lucide-react/icons/camera';
import ImageUp from 'lucide-react/icons/image-up';
import Trash2 from 'lucide-react/icons/trash-2';
import UserPen from 'lucide-react/icons/user-pen';
import { nip19, userDisplayName, type User } from '@swell/nostr';
import {
  emptyProfileFields,
  profileFieldsOf,
  profileModel,
  validateProfile,
  type EntityStore,
  type ProfileErrors,
  type ProfileFields,
} from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Screen } from '@/components/screen.tsx';
import { Button, ButtonLink, IconButton } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/components/ui/notify.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { swell } from '@/data/client.ts';
import { useSession } from '@/data/session.ts';
import { AttachmentList } from '@/features/uploads/attachment-list.tsx';
import { AttachmentSet, attachmentsState } from '@/features/uploads/attachments.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import '@/components/ui/form.css';
import '@/screens/settings/settings.css';
import '@/screens/settings/profile-edit.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { profile } from '@/i18n/en/profile.ts';
import { profileEdit } from '@/i18n/en/profile-edit.ts';
import { uploads as uploadsStrings } from '@/i18n/en/uploads.ts';
import { useEntity, useModel, useSnapshot } from '@/data/use-model.ts';

addStrings({ profile, profileEdit, uploads: uploadsStrings });

type TextField = Exclude<keyof ProfileFields, 'picture' | 'banner'>;

/**
 * One picture of the profile (avatar or banner): a button that opens the file picker, the
 * upload's progress (cancel, retry, remove), and the field set to the uploaded URL once done.
 */
function usePictureUpload(
  field: 'picture' | 'banner',
  setFields: Dispatch<SetStateAction<ProfileFields>>,
) {
  const set = useMemo(() => new AttachmentSet({ imagesOnly: true }), []);
  const items = useSnapshot(set);
  const states = useSnapshot(set, set.getStates);
  const done = items.length > 0 && states.every((s) => s.status === 'done');
  useEffect(() => {
    if (!done) return;
    const url = set.results().at(-1)?.url;
    set.clear();
    if (url) setFields((f) => ({ ...f, [field]: url }));
  }, [done, set, field, setFields]);
  // Leaving the page stops an upload nobody will use.
  useEffect(
    () => () => {
      for (const a of set.getSnapshot()) set.remove(a.id);
    },
    [set],
  );
  const input = useRef<HTMLInputElement>(null);
  const pick = async (files: File[]) => {
    if (files.length === 0 || !(await requireSigner())) return;
    // A new picture replaces one still uploading.
    for (const a of set.getSnapshot()) set.remove(a.id);
    await set.add(files.slice(0, 1));
  };
  return {
    set,
    state: attachmentsState(states),
    open: () => input.current?.click(),
    input: (label: string) => (
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={label}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void pick(files);
        }}
      />
    ),
  };
}

function previewUser(
  pubkey: string,
  f: ProfileFields,
): Pick<User, 'name' | 'displayName' | 'npub'> {
  return {
    name: f.name.trim(),
    displayName: f.display_name.trim(),
    npub: nip19.npubEncode(pubkey),
  };
}

function ProfileForm({ pubkey, initial }: { pubkey: string; initial: ProfileFields }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [fields, setFields] = useState<ProfileFields>(initial);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof ProfileFields>(k: K, v: string) => {
    setFields((f) => ({ ...f, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const avatar = usePictureUpload('picture', setFields);
  const banner = usePictureUpload('banner', setFields);
  const uploads =
    avatar.state === 'failed' || banner.state === 'failed'
      ? 'failed'
      : avatar.state === 'uploading' || banner.state === 'uploading'
        ? 'uploading'
        : 'ready';
  const name = userDisplayName(previewUser(pubkey, fields));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || uploads !== 'ready') return;
    const found = validateProfile(fields, { original: initial });
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (!(await requireSigner())) return;
    setSaving(true);
    try {
      const outcome = await swell().editProfile(fields);
      if (outcome.status === 'unchanged') notify.info(t('profileEdit.unchanged'));
      else notify.success(t('profileEdit.saved'));
      void navigate(`/p/${nip19.npubEncode(pubkey)}`);
    } catch {
      notify.error(t('profileEdit.failed'));
    } finally {
      setSaving(false);
    }
  };

  const field = (
    k: TextField,
    label: string,
    opts: { hint?: string; type?: string; inputMode?: 'email' | 'url'; wide?: boolean } = {},
  ) => {
    const err = errors[k];
    const hintId = opts.hint ? `${id}-${k}-hint` : undefined;
    const errId = err ? `${id}-${k}-error` : undefined;
    return (
      <div className={opts.wide ? 'profile-edit-field is-wide' : 'profile-edit-field'}>
        <label htmlFor={`${id}-${k}`} className="field-label">
          {label}
        </label>
        <input
          id={`${id}-${k}`}
          className="input"
          type={opts.type ?? 'text'}
          inputMode={opts.inputMode}
          value={fields[k]}
          onChange={(e) => set(k, e.target.value)}
          aria-invalid={err ? true : undefined}
          aria-describedby={[hintId, errId].filter(Boolean).join(' ') || undefined}
          autoComplete="off"
          spellCheck={false}
        />
        {opts.hint && (
          <span id={hintId} className="field-hint">
            {opts.hint}
          </span>
        )}
        {err && (
          <span id={errId} className="field-error" role="alert">
            {t(`profileEdit.errors.${err}`, { defaultValue: err })}
          </span>
        )}
      </div>
    );
  };
  const urlField = (k: 'picture' | 'banner', label: string) => {
    const err = errors[k];
    return (
      <div className="profile-edit-field">
        <label htmlFor={`${id}-${k}`} className="field-label">
          {label}
        </label>
        <input
          id={`${id}-${k}`}
          className="input"
          type="url"
          inputMode="url"
          value={fields[k]}
          onChange={(e) => set(k, e.target.value)}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? `${id}-${k}-error` : undefined}
          autoComplete="off"
          spellCheck={false}
        />
        {err && (
          <span id={`${id}-${k}-error`} className="field-error" role="alert">
            {t(`profileEdit.errors.${err}`, { defaultValue: err })}
          </span>
        )}
      </div>
    );
  };

  return (
    <form className="profile-edit" onSubmit={(e) => void submit(e)} noValidate>
      <section className="profile-edit-pictures" aria-label={t('profileEdit.pictures')}>
        <div className="profile-edit-banner" data-testid="banner-preview">
          {fields.banner ? (
            <img src={fields.banner} alt={t('profileEdit.banner')} />
          ) : (
            <span className="profile-edit-banner-empty">{t('profileEdit.noBanner')}</span>
          )}
          <div className="profile-edit-banner-actions">
            <Button
              size="sm"
              icon={<ImageUp size={16} aria-hidden />}
              onClick={banner.open}
              className="profile-edit-overlay-btn"
            >
              {t('profileEdit.changeBanner')}
            </Button>
            {fields.banner && (
              <IconButton
                size="sm"
                label={t('profileEdit.removeBanner')}
                icon={<Trash2 size={16} aria-hidden />}
                onClick={() => set('banner', '')}
                className="profile-edit-overlay-btn"
              />
            )}
          </div>
          {banner.input(t('profileEdit.bannerFile'))}
        </div>
        <div className="profile-edit-avatar-row">
          <div className="profile-edit-avatar" data-testid="picture-preview">
            <Avatar key={fields.picture} picture={fields.picture} size="xl" name={name} />
            <IconButton
              label={t('profileEdit.changePicture')}
              icon={<Camera size={18} aria-hidden />}
              onClick={avatar.open}
              className="profile-edit-avatar-btn"
              solid
            />
            {avatar.input(t('profileEdit.pictureFile'))}
          </div>
          <div className="profile-edit-names">
            <span className="profile-edit-preview-name">{name}</span>
            {fields.name.trim() && <span className="muted">@{fields.name.trim()}</span>}
          </div>
          {fields.picture && (
            <Button
              size="sm"
              variant="ghost"
              icon={<Trash2 size={16} aria-hidden />}
              onClick={() => set('picture', '')}
            >
              {t('profileEdit.removePicture')}
            </Button>
          )}
        </div>
        <AttachmentList set={avatar.set} />
        <AttachmentList set={banner.set} />
      </section>

      <section
        className="settings-section profile-edit-fields"
        aria-label={t('profileEdit.details')}
      >
        {field('display_name', t('profileEdit.displayName'))}
        {field('name', t('profileEdit.name'), { hint: t('profileEdit.nameHint') })}
        <div className="profile-edit-field">
          <label htmlFor={`${id}-about`} className="field-label">
            {t('profileEdit.about')}
          </label>
          <textarea
            id={`${id}-about`}
            className="input profile-edit-about"
            rows={4}
            value={fields.about}
            placeholder={t('profileEdit.aboutHint')}
            onChange={(e) => set('about', e.target.value)}
          />
        </div>
        {field('website', t('profileEdit.website'), { type: 'url', wide: true })}
        {/* Text, not type=email: an address may carry a port (name@host:8080). */}
        {field('nip05', t('profileEdit.nip05'), { inputMode: 'email' })}
        {field('lud16', t('profileEdit.lud16'), { inputMode: 'email' })}
        {urlField('picture', t('profileEdit.pictureUrl'))}
        {urlField('banner', t('profileEdit.bannerUrl'))}
      </section>

      <div className="form-actions profile-edit-actions">
        {uploads !== 'ready' && (
          <p className={uploads === 'failed' ? 'field-error' : 'muted'} role="status">
            {uploads === 'failed' ? t('profileEdit.fixUploads') : t('profileEdit.waitUploads')}
          </p>
        )}
        <ButtonLink to={`/p/${nip19.npubEncode(pubkey)}`} variant="ghost">
          {t('profileEdit.cancel')}
        </ButtonLink>
        <Button type="submit" variant="primary" disabled={saving || uploads !== 'ready'}>
          {saving ? t('profileEdit.saving') : t('profileEdit.save')}
        </Button>
      </div>
    </form>
  );
}

const selectKind0 = (store: EntityStore, pubkey: string | undefined) => store.user(pubkey);

/** Settings > Edit profile (spec section 2 `/settings/profile`): kind 0 fields, avatar and banner. */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const pubkey = session.pubkey;
  const profile = useModel(profileModel, pubkey);
  const loaded = profile?.state;
  const kind0 = useEntity(selectKind0, pubkey ?? undefined);
  let body;
  if (!pubkey) {
    body = session.resolved ? (
      <EmptyState icon={<UserPen size={26} aria-hidden />} title={t('profileEdit.signIn')} />
    ) : null;
  } else if (loaded?.error) {
    body = (
      <ErrorState title={t('profile.loadFailed')} onRetry={() => void profile!.model.retry()} />
    );
  } else if (!loaded?.data) {
    body = (
      <div className="profile-edit" aria-busy="true" aria-label={t('profileEdit.loading')}>
        <Skeleton height={140} />
        <Skeleton width={96} height={96} circle />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </div>
    );
  } else {
    const event = loaded.data.found ? kind0 : undefined;
    body = (
      <ProfileForm
        key={pubkey}
        pubkey={pubkey}
        initial={event ? profileFieldsOf(event) : emptyProfileFields()}
      />
    );
  }
  return (
    <Screen title={t('profileEdit.title')} back className="settings-screen">
      {body}
    </Screen>
  );
}
