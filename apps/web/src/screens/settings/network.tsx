import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isWebSocketUrl, type RelaySettings } from '@swell/client';
import { Screen } from '@/components/screen.tsx';
import { records as userRecords } from '@/data/records.ts';
import { relays as relayPool } from '@/data/relays.ts';
import {
  cache as cacheConnection,
  cacheServerOverride,
  defaultCacheUrl,
  setCacheServer,
} from '@/data/connection.ts';
import { useSession } from '@/data/session.ts';
import { connectRelays, parseRelayUrl, saveRelays } from '@/features/network/relays.ts';
import { useStore } from '@/lib/external-store.ts';
import { createStore } from '@/lib/external-store.ts';

const overrideStore = createStore<string | null>(null);

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
    <section aria-labelledby="net-cache">
      <h2 id="net-cache">{t('network.cacheTitle')}</h2>
      <form onSubmit={submit} className="form">
        <label htmlFor="cache-url">{t('network.cacheUrl')}</label>
        <input
          id="cache-url"
          type="url"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cache-url-error' : undefined}
        />
        {error && (
          <p id="cache-url-error" role="alert" className="error-text">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="primary">
            {t('network.cacheSave')}
          </button>
          <button
            type="button"
            onClick={() => {
              setText(defaultCacheUrl());
              setError(null);
              setCacheServer(null);
              overrideStore.set(null);
            }}
          >
            {t('network.cacheReset')}
          </button>
        </div>
      </form>
      <p>
        {t('network.cacheStatus')}: <span className="muted">{snapshot.url}</span>{' '}
        <strong data-testid="cache-status">{t(`network.state.${snapshot.status}`)}</strong>
      </p>
    </section>
  );
}

function RelaysSection({ pubkey }: { pubkey: string | null }) {
  const { t } = useTranslation();
  const relays = relayPool();
  const records = userRecords();
  const states = useSyncExternalStore(relays.subscribe, relays.getSnapshot);
  const record = useSyncExternalStore(
    records.observe(pubkey).subscribe,
    records.observe(pubkey).getSnapshot,
  );
  const settings: RelaySettings = record.relaySettings;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const urls = Object.keys(settings);
  useEffect(() => {
    void connectRelays(pubkey);
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
    saveRelays(pubkey, { ...settings, [url]: { read: true, write: true } });
  };
  const toggle = (url: string, flag: 'read' | 'write') =>
    saveRelays(pubkey, {
      ...settings,
      [url]: { ...settings[url]!, [flag]: !settings[url]![flag] },
    });
  const remove = (url: string) => {
    if (urls.length <= 1) {
      setError(t('network.atLeastOne'));
      return;
    }
    if (!window.confirm(t('network.relayRemoveConfirm', { url }))) return;
    const { [url]: _removed, ...rest } = settings;
    saveRelays(pubkey, rest);
  };

  return (
    <section aria-labelledby="net-relays">
      <h2 id="net-relays">{t('network.relaysTitle')}</h2>
      {urls.length === 0 && <p>{t('network.relayNone')}</p>}
      <ul className="relay-list">
        {urls.map((url) => (
          <li key={url} className="relay-row">
            <span className="relay-url">{url}</span>
            <span className="relay-state" data-testid="relay-status">
              {t(`network.state.${states[url]?.status ?? 'idle'}`, {
                defaultValue: states[url]?.status ?? '',
              })}
            </span>
            <label>
              <input
                type="checkbox"
                checked={settings[url]!.read}
                onChange={() => toggle(url, 'read')}
              />{' '}
              {t('network.relayRead')}
              <span className="visually-hidden"> {url}</span>
            </label>
            <label>
              <input
                type="checkbox"
                checked={settings[url]!.write}
                onChange={() => toggle(url, 'write')}
              />{' '}
              {t('network.relayWrite')}
              <span className="visually-hidden"> {url}</span>
            </label>
            <button type="button" onClick={() => remove(url)}>
              {t('network.relayRemove')}
              <span className="visually-hidden"> {url}</span>
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="form">
        <label htmlFor="relay-url">{t('network.relayUrl')}</label>
        <input
          id="relay-url"
          type="text"
          value={text}
          placeholder="wss://"
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'relay-url-error' : undefined}
        />
        {error && (
          <p id="relay-url-error" role="alert" className="error-text">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="submit">{t('network.relayAdd')}</button>
        </div>
      </form>
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  return (
    <Screen title={t('settings.network')}>
      <CacheSection />
      <RelaysSection key={pubkey ?? 'guest'} pubkey={pubkey} />
    </Screen>
  );
}
