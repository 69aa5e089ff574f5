import { Suspense, useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Trash2 from 'lucide-react/icons/trash-2';
import { isWebSocketUrl, type RelayPoolSnapshot, type RelaySettings } from '@swell/client';
import { Screen } from '@/components/screen.tsx';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { records as userRecords } from '@/data/records.ts';
import {
  cache as cacheConnection,
  cacheServerOverride,
  defaultCacheUrl,
  setCacheServer,
} from '@/data/connection.ts';
import { useSession } from '@/data/session.ts';
import {
  connectRelays,
  parseRelayUrl,
  saveRelays,
  useRelayPool,
} from '@/features/network/relays.ts';
import { UploadRouteSection } from '@/features/uploads/upload-route-section.tsx';
import { useStore } from '@/lib/external-store.ts';
import { createStore } from '@/lib/external-store.ts';
import '@/components/ui/form.css';
import '@/screens/settings/settings.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { network } from '@/i18n/en/network.ts';
import { settings as settingsStrings } from '@/i18n/en/settings.ts';

addStrings({ network, settings: settingsStrings });

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'));

const overrideStore = createStore<string | null>(null);
const noSubscribe = () => () => {};
const emptyRelays: RelayPoolSnapshot = {};
const noRelays = () => emptyRelays;
const okStates = new Set(['open', 'ready', 'connected']);

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
  const snapshot = useSyncExternalStore(cache.subscribe, cache.getSnapshot);
  const override = useStore(overrideStore) ?? cacheServerOverride();
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
  const records = userRecords();
  const states = useSyncExternalStore(
    relays?.subscribe ?? noSubscribe,
    relays?.getSnapshot ?? noRelays,
  );
  const record = useSyncExternalStore(
    records.observe(pubkey).subscribe,
    records.observe(pubkey).getSnapshot,
  );
  const settings: RelaySettings = record.relaySettings;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const urls = Object.keys(settings);
  useEffect(() => {
    void connectRelays().catch(() => {});
  }, [pubkey]);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const url = parseRelayUrl(text);
    if (!url) {
      setError(t('network.relayInvalid'));
      return;
    }
    setError(null);
    setText('');
    saveRelays({ ...settings, [url]: { read: true, write: true } });
  };
  const toggle = (url: string, flag: 'read' | 'write') =>
    saveRelays({
      ...settings,
      [url]: { ...settings[url]!, [flag]: !settings[url]![flag] },
    });
  const askRemove = (url: string) => {
    if (urls.length <= 1) {
      setError(t('network.atLeastOne'));
      return;
    }
    setRemoving(url);
  };
  const remove = (url: string) => {
    const { [url]: _removed, ...rest } = settings;
    saveRelays(rest);
  };

  return (
    <section aria-labelledby="net-relays" className="settings-section">
      <h2 id="net-relays" className="settings-section-title">
        {t('network.relaysTitle')}
      </h2>
      <p className="settings-section-intro">{t('network.relaysIntro')}</p>
      {urls.length === 0 && <p className="muted">{t('network.relayNone')}</p>}
      <ul className="relay-list">
        {urls.map((url) => (
          <li key={url} className="relay-row">
            <span className="relay-main">
              <span className="relay-url">{url}</span>
              <StatusPill status={states[url]?.status ?? 'idle'} testId="relay-status" />
            </span>
            <span className="relay-flags">
              <span className="relay-flag">
                <Switch
                  checked={settings[url]!.read}
                  onCheckedChange={() => toggle(url, 'read')}
                  label={`${t('network.relayRead')} ${url}`}
                />
                <span aria-hidden="true">{t('network.relayRead')}</span>
              </span>
              <span className="relay-flag">
                <Switch
                  checked={settings[url]!.write}
                  onCheckedChange={() => toggle(url, 'write')}
                  label={`${t('network.relayWrite')} ${url}`}
                />
                <span aria-hidden="true">{t('network.relayWrite')}</span>
              </span>
              <Tooltip content={t('network.relayRemoveHint')}>
                <IconButton
                  label={`${t('network.relayRemove')} ${url}`}
                  icon={<Trash2 size={18} aria-hidden />}
                  onClick={() => askRemove(url)}
                />
              </Tooltip>
            </span>
          </li>
        ))}
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
          <Button type="submit">{t('network.relayAdd')}</Button>
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
            body={t('network.relayRemoveConfirm', { url: removing })}
            confirmLabel={t('network.relayRemove')}
            danger
            onConfirm={() => remove(removing)}
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
