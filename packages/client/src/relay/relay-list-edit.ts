import type { RelaySettings } from '../storage/user-record.ts';
import { relaySettingsFromUrls } from './relay-list.ts';
import { normalizeRelayUrl } from './relay-url.ts';

/** One change made in Settings > Network to the user's relay list. */
export type RelayListEdit =
  | { type: 'add'; url: string }
  | { type: 'toggle'; url: string; flag: 'read' | 'write' }
  | { type: 'remove'; url: string };

export type RelayListEditResult =
  | {
      ok: true;
      list: RelaySettings;
      /** The last relay went: the server's default relays took its place. */
      replacedByDefaults: boolean;
    }
  | { ok: false; error: 'relay-invalid' | 'relay-flag-needed' | 'relay-needed' };

/** True when both lists name the same relays with the same flags. */
export function sameRelaySettings(a: RelaySettings, b: RelaySettings): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every(
    (u) => b[u] !== undefined && b[u].read === a[u]!.read && b[u].write === a[u]!.write,
  );
}

/**
 * Applies an edit. A relay is read, written or both (turning off its only flag is refused:
 * remove it instead). Removing the last relay is allowed (an unreachable one must be removable):
 * the server's default relays take its place; only when the relay removed is itself the only
 * default is it refused (spec: at least one relay is needed).
 */
export function applyRelayListEdit(
  list: RelaySettings,
  edit: RelayListEdit,
  defaults: readonly string[],
): RelayListEditResult {
  const url = normalizeRelayUrl(edit.url);
  if (!url) return { ok: false, error: 'relay-invalid' };
  if (edit.type === 'add') {
    return {
      ok: true,
      list: { ...list, [url]: { read: true, write: true } },
      replacedByDefaults: false,
    };
  }
  const current = list[url];
  if (!current) return { ok: true, list, replacedByDefaults: false };
  if (edit.type === 'toggle') {
    const next = { ...current, [edit.flag]: !current[edit.flag] };
    if (!next.read && !next.write) return { ok: false, error: 'relay-flag-needed' };
    return { ok: true, list: { ...list, [url]: next }, replacedByDefaults: false };
  }
  const { [url]: _removed, ...rest } = list;
  if (Object.keys(rest).length > 0) return { ok: true, list: rest, replacedByDefaults: false };
  const { [url]: _same, ...fallback } = relaySettingsFromUrls(defaults);
  if (Object.keys(fallback).length === 0) return { ok: false, error: 'relay-needed' };
  return { ok: true, list: fallback, replacedByDefaults: true };
}
