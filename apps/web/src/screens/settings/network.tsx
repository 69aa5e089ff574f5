import { Suspense, useEffect, useState, type FormEvent } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Trash2 from 'lucide-react/icons/trash-2';
import {
  applyRelayListEdit,
  isWebSocketUrl,
  type RelayListEdit,
  type RelayListEditResult,
  type RelayPoolSnapshot,
} from '@swell/client';
import { Screen } from '@/components/screen.tsx';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { swell } from '@/data/client.ts';
import {
  cache as cacheConnection,
  cacheServerOverride,
  defaultCacheUrl,
  setCacheServer,
} from '@/data/connection.ts';
import { useSession } from '@/data/session.ts';
import { parseRelayUrl, useRelayList, useRelayPool } from '@/features/network/relays.ts';
import { UploadRouteSection } from '@/features/uploads/upload-route-section.tsx';
import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';
import '@/components/ui/form.css';
import '@/screens/settings/settings.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { network } from '@/i18n/en/network.ts';
import { settings as settingsStrings } from '@/i18n/en/settings.ts';

addStrings({ network, settings: settingsStrings });

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'));

const overrideStore = createStore<string | null>(null);
const emptyRelays: RelayPoolSnapshot = {};
const okStates = new Set(['open', 'ready', 'connected']);
const relayEditErrors: Record<Extract<RelayListEditResult, { ok: false }>['error'], string> = {
  'relay-invalid': 'network.relayInvalid',
  'relay-flag-needed': 'network.relayFlagNeeded',
  'relay-needed': 'network.atLeastOne',
};

function StatusPill({ status, testId }: { status: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <span className="status-pill" data-ok={okStates.has(status)} data-testid={testId}>
      {t(`network.state.${status}`, { defaultValue: status })}
    </span>
  );
}

function CacheSection() {
  const { t } = useTranslation();
  const cache = cacheConnection();
  const snapshot = useSnapshot(cache);
  const override = useSnapshot(overrideStore) ?? cacheServerOverride();
  const [text, setText] = useState(override ?? defaultCacheUrl());
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const url = text.trim();
    if (!isWebSocketUrl(url)) {
      setError(t('network.cacheInvalid'));
      return;
    }
    setError(null);
    setCacheServer(url === defaultCacheUrl() ? null : url);
    overrideStore.set(url === defaultCacheUrl() ? null : url);
  };
  return (
    <section aria-labelledby="net-cache" className="settings-section">
      <h2 id="net-cache" className="settings-section-title">
        {t('network.cacheTitle')}
      </h2>
      <p className="settings-section-intro">{t('network.cacheIntro')}</p>
      <form onSubmit={submit} className="form">
        <label htmlFor="cache-url" className="field-label">
          {t('network.cacheUrl')}
        </label>
        <input
          id="cache-url"
          className="input"
          type="url"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cache-url-error' : undefined}
        />
        {error && (
          <p id="cache-url-error" role="alert" className="field-error">
            {error}
          </p>
        )}
        <div className="form-actions">
          <Button type="submit" variant="primary">
            {t('network.cacheSave')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setText(defaultCacheUrl());
              setError(null);
              setCacheServer(null);
              overrideStore.set(null);
            }}
          >
            {t('network.cacheReset')}
          </Button>
        </div>
      </form>
      <p className="connection-state">
        <span>{t('network.cacheStatus')}:</span>
        <StatusPill status={snapshot.status} testId="cache-status" />
        <span className="connection-url">{snapshot.url}</span>
      </p>
    </section>
  );
}

function RelaysSection({ pubkey }: { pubkey: string | null }) {
  const { t } = useTranslation();
  const relays = useRelayPool();
  const states = useSnapshot(relays) ?? emptyRelays;
  const { list, publishes, commit } = useRelayList(pubkey);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ url: string; last: boolean } | null>(null);
  const [defaults, setDefaults] = useState<string[]>([]);
  const urls = list ? Object.keys(list) : [];
  useEffect(() => {
    void swell()
      .defaultRelays()
      .then(setDefaults, () => {});
  }, []);

  const edit = (change: RelayListEdit): boolean => {
    if (!list) return false;
    const result = applyRelayListEdit(list, change, defaults);
    if (!result.ok) {
      setError(t(relayEditErrors[result.error]));
      return false;
    }
    setError(null);
    void commit(result.list);
    return true;
  };
  const askRemove = (url: string) => {
    // Refused at once when nothing could take its place (the last relay is the only default).
    const result = list && applyRelayListEdit(list, { type: 'remove', url }, defaults);
    if (result && !result.ok) {
      setError(t(relayEditErrors[result.error]));
      return;
    }
    setRemoving({ url, last: urls.length === 1 });
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    const url = parseRelayUrl(text);
    if (!url) {
      setError(t('network.relayInvalid'));
      return;
    }
    if (edit({ type: 'add', url })) setText('');
  };

  return (
    <section aria-labelledby="net-relays" className="settings-section">
      <h2 id="net-relays" className="settings-section-title">
        {t('network.relaysTitle')}
      </h2>
      <p className="settings-section-intro">
        {publishes ? t('network.relaysPublished') : t('network.relaysIntro')}
      </p>
      {list && urls.length === 0 && <p className="muted">{t('network.relayNone')}</p>}
      {!list && <p className="muted">{t('network.relaysLoading')}</p>}
      <ul className="relay-list" aria-label={t('network.relayListLabel')}>
        {urls.map((url) => {
          const flags = list![url]!;
          return (
            <li key={url} className="relay-row">
              <span className="relay-main">
                <span className="relay-url">{url}</span>
                <StatusPill status={states[url]?.status ?? 'idle'} testId="relay-status" />
              </span>
              <span className="relay-flags">
                {(['read', 'write'] as const).map((flag) => (
                  <span className="relay-flag" key={flag}>
                    <Switch
                      checked={flags[flag]}
                      // A relay is read, written or both: remove it rather than turn both off.
                      disabled={flags[flag] && !flags[flag === 'read' ? 'write' : 'read']}
                      onCheckedChange={() => edit({ type: 'toggle', url, flag })}
                      label={`${t(flag === 'read' ? 'network.relayRead' : 'network.relayWrite')} ${url}`}
                    />
                    <span aria-hidden="true">
                      {t(flag === 'read' ? 'network.relayRead' : 'network.relayWrite')}
                    </span>
                  </span>
                ))}
                <Tooltip content={t('network.relayRemoveHint')}>
                  <IconButton
                    label={`${t('network.relayRemove')} ${url}`}
                    icon={<Trash2 size={18} aria-hidden />}
                    onClick={() => askRemove(url)}
                  />
                </Tooltip>
              </span>
            </li>
          );
        })}
      </ul>
      <form onSubmit={add} className="form">
        <label htmlFor="relay-url" className="field-label">
          {t('network.relayUrl')}
        </label>
        <div className="form-row">
          <input
            id="relay-url"
            className="input"
            type="text"
            value={text}
            placeholder="wss://"
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'relay-url-error' : undefined}
          />
          <Button type="submit" disabled={!list}>
            {t('network.relayAdd')}
          </Button>
        </div>
        {error && (
          <p id="relay-url-error" role="alert" className="field-error">
            {error}
          </p>
        )}
      </form>
      {removing && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('network.relayRemoveTitle')}
            body={
              removing.last
                ? t('network.relayRemoveLast', {
                    url: removing.url,
                    fallback: defaults.filter((d) => d !== removing.url).join(', '),
                  })
                : t('network.relayRemoveConfirm', { url: removing.url })
            }
            confirmLabel={t('network.relayRemove')}
            danger
            onConfirm={() => edit({ type: 'remove', url: removing.url })}
            onClose={() => setRemoving(null)}
          />
        </Suspense>
      )}
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  return (
    <Screen title={t('settings.network')} back>
      <CacheSection />
      <RelaysSection key={pubkey ?? 'guest'} pubkey={pubkey} />
      {pubkey && <UploadRouteSection key={pubkey} pubkey={pubkey} />}
    </Screen>
  );
}
