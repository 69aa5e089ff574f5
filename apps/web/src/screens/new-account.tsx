import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import {
  emptyProfileFields,
  isClientError,
  newAccountKey,
  recommendedUsers,
  validateProfile,
  type ProfileErrors,
  type ProfileFields,
} from '@swell/client';
import { Screen } from '@/components/screen.tsx';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/components/ui/notify.ts';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { swell } from '@/data/client.ts';
import { useSession } from '@/data/session.ts';
import { offerWaiting, takeReturnTo } from '@/features/account/start-flow.ts';
import { FollowSuggestions } from '@/features/new-account/follow-suggestions.tsx';
import { ProfileFieldInputs, type FieldName } from '@/features/new-account/profile-fields.tsx';
import { CopyField } from '@/features/settings/copy-field.tsx';
import { PinForm } from '@/features/settings/pin-form.tsx';
import { toastOutcome } from '@/features/write/publish-toast.ts';
import { loadWrite } from '@/features/write/write-store.ts';
import { useAsync } from '@/lib/use-async.ts';
import '@/components/ui/form.css';
import '@/features/settings/settings-pages.css';
import '@/features/new-account/new-account.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { accountSettings } from '@/i18n/en/account-settings.ts';
import { newAccount } from '@/i18n/en/new-account.ts';

addStrings({ accountSettings, newAccount });

type Step = 'name' | 'details' | 'follow' | 'backup' | 'pin';
const formSteps: Step[] = ['name', 'details', 'follow'];
const nameFields: FieldName[] = ['name', 'display_name'];
const detailFields: FieldName[] = ['about', 'picture', 'banner', 'website', 'nip05', 'lud16'];

/** Only the errors of the given fields. */
function errorsOf(all: ProfileErrors, names: readonly FieldName[]): ProfileErrors {
  return Object.fromEntries(Object.entries(all).filter(([k]) => names.includes(k as FieldName)));
}

/**
 * `/new`: create account (spec sections 2 and 4): username and display name, optional profile
 * details, follow suggestions; the key is made on this device, published with the profile,
 * contact list and relay list, shown once for backup, then protected by a PIN.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  // The key is made once, on this device, when the flow opens; it leaves it only as the backup.
  const key = useMemo(() => newAccountKey(), []);
  const [step, setStep] = useState<Step>('name');
  const [fields, setFields] = useState<ProfileFields>(emptyProfileFields);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const suggestions = useAsync(step === 'follow' ? 'suggestions' : null, async () => {
    const page = await swell().fetchPage('get_suggested_users', {});
    return recommendedUsers(page.suggestedUsers ?? [], [], [key.pubkey]);
  });
  // Every suggestion is picked until the user unticks one.
  const follows = picked ?? new Set(suggestions.data?.map((u) => u.pubkey) ?? []);
  // Each step's title takes the focus, so a screen reader hears where the user is.
  useEffect(() => heading.current?.focus(), [step]);

  const change = (name: FieldName, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const check = (names: readonly FieldName[]): boolean => {
    const found = errorsOf(validateProfile(fields, { requireNames: true }), names);
    setErrors(found);
    const first = names.find((n) => found[n]);
    if (first) document.getElementById(`new-account-${first}`)?.focus();
    return !first;
  };
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'name' && check(nameFields)) setStep('details');
    else if (step === 'details' && check(detailFields)) setStep('follow');
    else if (step === 'follow') void create();
  };

  const create = async () => {
    setBusy(true);
    try {
      const account = await swell().createAccount({
        key,
        profile: fields,
        follows: [...follows],
      });
      void loadWrite().catch(() => {});
      // The first event's outcome speaks for the three (same relays, same moment).
      void toastOutcome(
        account.results.then((r) => r[0]!),
        { success: t('newAccount.published') },
      );
      setStep('backup');
    } catch (e) {
      const code = isClientError(e) ? e.code : null;
      if (
        code &&
        ['username-required', 'username-invalid', 'display-name-required'].includes(code)
      ) {
        setStep('name');
        check(nameFields);
      } else notify.error(t('newAccount.createFailed'));
    } finally {
      setBusy(false);
    }
  };

  // Back to the page the guest came from (else home), where what they tried is offered again.
  const done = () => {
    void Promise.resolve(navigate(takeReturnTo())).then(offerWaiting);
  };

  const index = formSteps.indexOf(step);
  const stepTitle = t(`newAccount.steps.${step}`);
  const title = t('newAccount.title');
  const signedInElsewhere = session.pubkey && session.pubkey !== key.pubkey && index >= 0;

  return (
    <Screen title={title} back={step === 'name'}>
      <div className="new-account">
        {index >= 0 && (
          <ol className="new-account-progress" aria-label={t('newAccount.progress')}>
            {formSteps.map((s, i) => (
              <li
                key={s}
                data-state={i < index ? 'done' : i === index ? 'current' : 'todo'}
                aria-current={i === index ? 'step' : undefined}
              >
                <span className="new-account-progress-dot" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="new-account-progress-label">{t(`newAccount.steps.${s}`)}</span>
              </li>
            ))}
          </ol>
        )}
        <h2 className="new-account-title" tabIndex={-1} ref={heading}>
          {index >= 0
            ? t('newAccount.stepOf', { n: index + 1, count: formSteps.length, title: stepTitle })
            : stepTitle}
        </h2>
        {signedInElsewhere && <p className="new-account-note">{t('newAccount.signedInNote')}</p>}

        {index >= 0 && (
          <form className="new-account-form" onSubmit={next} noValidate>
            {step === 'name' && (
              <>
                <p className="new-account-intro">{t('newAccount.nameIntro')}</p>
                <ProfileFieldInputs
                  names={nameFields}
                  fields={fields}
                  errors={errors}
                  onChange={change}
                  required={nameFields}
                />
              </>
            )}
            {step === 'details' && (
              <>
                <p className="new-account-intro">{t('newAccount.detailsIntro')}</p>
                <div className="new-account-preview" aria-hidden="true">
                  <Avatar
                    picture={fields.picture.trim()}
                    size="lg"
                    name={fields.display_name || fields.name}
                  />
                  <span>
                    <strong>{fields.display_name}</strong>
                    <span>@{fields.name}</span>
                  </span>
                </div>
                {/* Avatar and banner are URLs for now; the upload flow plugs in here
                    (the same hook as Settings > Edit profile). */}
                <ProfileFieldInputs
                  names={detailFields}
                  fields={fields}
                  errors={errors}
                  onChange={change}
                />
              </>
            )}
            {step === 'follow' && (
              <>
                <p className="new-account-intro">{t('newAccount.followIntro')}</p>
                {suggestions.error ? (
                  <ErrorState
                    title={t('newAccount.suggestionsFailed')}
                    onRetry={suggestions.retry}
                  />
                ) : !suggestions.data ? (
                  <LoadingRegion label={t('app.loading')}>
                    {[0, 1, 2].map((i) => (
                      <Skeleton key={i} height={56} />
                    ))}
                  </LoadingRegion>
                ) : suggestions.data.length === 0 ? (
                  <p className="new-account-intro">{t('newAccount.noSuggestions')}</p>
                ) : (
                  <FollowSuggestions
                    users={suggestions.data}
                    picked={follows}
                    onChange={setPicked}
                  />
                )}
              </>
            )}
            <div className="form-actions new-account-actions">
              {index > 0 && (
                <Button
                  variant="ghost"
                  disabled={busy}
                  onClick={() => setStep(formSteps[index - 1]!)}
                >
                  {t('newAccount.back')}
                </Button>
              )}
              <Button type="submit" variant="primary" disabled={busy}>
                {step === 'follow'
                  ? busy
                    ? t('newAccount.creating')
                    : t('newAccount.create')
                  : t('newAccount.next')}
              </Button>
            </div>
          </form>
        )}

        {step === 'backup' && (
          <div className="new-account-form">
            <p className="new-account-intro">{t('newAccount.backupIntro')}</p>
            <div className="key-warning" role="note">
              <strong>{t('accountSettings.secretWarningTitle')}</strong>
              <p>{t('accountSettings.secretWarning')}</p>
            </div>
            <CopyField label={t('accountSettings.secretKey')} value={key.nsec} secret />
            <CopyField label={t('accountSettings.publicKey')} value={key.npub} />
            <label className="new-account-confirm">
              <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
              {t('newAccount.backupSaved')}
            </label>
            <div className="form-actions new-account-actions">
              <Button variant="primary" disabled={!saved} onClick={() => setStep('pin')}>
                {t('newAccount.next')}
              </Button>
            </div>
          </div>
        )}

        {step === 'pin' && (
          <div className="new-account-form">
            <p className="new-account-intro">{t('newAccount.pinIntro')}</p>
            <PinForm
              submitLabel={t('login.pinSave')}
              onSubmit={async (pin, pinAgain) => {
                await swell().session.setPin(pin, pinAgain);
                notify.success(t('newAccount.welcome'));
                done();
              }}
              extraActions={
                <Button variant="ghost" onClick={done}>
                  {t('newAccount.pinLater')}
                </Button>
              }
            />
          </div>
        )}
      </div>
    </Screen>
  );
}
