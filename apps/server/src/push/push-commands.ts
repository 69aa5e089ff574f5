import {
  PUSH_NOTIFICATION_TYPES,
  PushResultKind,
  rawResultEvent,
  type PushConfig,
  type PushPresenceToken,
} from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { proven } from '../cache/proven-command.ts';
import { CacheError, type CacheRequest } from '../cache/request.ts';
import { USER_EVENT } from '../cache/user-event.ts';
import { FOCUS_SECONDS } from './push-presence.ts';
import {
  DEFAULT_PUSH_PREFERENCES,
  MAX_SUBSCRIPTIONS_PER_USER,
  checkPreferences,
  checkSubscription,
  preferencesOf,
  subscriptionInfo,
} from './push-subscriptions.ts';

/** The JSON object a signed request carries, or a NOTICE. */
function contentOf(e: NostrEvent): Record<string, unknown> {
  try {
    const v = JSON.parse(e.content) as unknown;
    if (typeof v === 'object' && v !== null && !Array.isArray(v))
      return v as Record<string, unknown>;
  } catch {
    // below
  }
  throw new CacheError('invalid event_from_user: content must be a JSON object');
}

/** `push_config {}` -> 10000700: the VAPID public key and what can be asked for. */
export async function pushConfig(req: CacheRequest): Promise<void> {
  const config: PushConfig = {
    vapid_public_key: req.ctx.push.vapidPublicKey,
    types: [...PUSH_NOTIFICATION_TYPES],
    default_preferences: DEFAULT_PUSH_PREFERENCES,
    max_subscriptions: MAX_SUBSCRIPTIONS_PER_USER,
    focus_seconds: FOCUS_SECONDS,
  };
  req.emit(rawResultEvent(PushResultKind.Config, config));
}

/**
 * `push_subscribe {event_from_user}`, content `{subscription, preferences?}` -> 10000701: the
 * signer's device registered (or its preferences changed; preferences left out keep what the
 * device had, or the defaults).
 */
export const pushSubscribe = proven(USER_EVENT, async (req, e) => {
  const content = contentOf(e);
  const sub = checkSubscription(content.subscription, (u) => req.ctx.push.isLocal(u));
  if (typeof sub === 'string') throw new CacheError(`invalid subscription: ${sub}`);
  const had = (await req.ctx.push.subscriptions.list(e.pubkey)).find(
    (s) => s.endpoint === sub.endpoint,
  );
  const prefs = checkPreferences(
    content.preferences,
    had ? preferencesOf(had) : DEFAULT_PUSH_PREFERENCES,
  );
  if (typeof prefs === 'string') throw new CacheError(`invalid preferences: ${prefs}`);
  const row = await req.ctx.push.subscriptions.register(e.pubkey, sub, prefs, req.now);
  req.emit(rawResultEvent(PushResultKind.Subscription, subscriptionInfo(row)));
});

/** `push_unsubscribe {event_from_user}`, content `{endpoint}` -> 10000702 `{endpoint, removed}`. */
export const pushUnsubscribe = proven(USER_EVENT, async (req, e) => {
  const { endpoint } = contentOf(e);
  if (typeof endpoint !== 'string' || endpoint.length > 1024)
    throw new CacheError('invalid endpoint');
  const removed = await req.ctx.push.subscriptions.remove(e.pubkey, endpoint);
  req.emit(rawResultEvent(PushResultKind.Removed, { endpoint, removed }));
});

/** `push_subscriptions {event_from_user}` -> one 10000701 per device of the signer. */
export const pushSubscriptions = proven(USER_EVENT, async (req, e) => {
  for (const row of await req.ctx.push.subscriptions.list(e.pubkey))
    req.emit(rawResultEvent(PushResultKind.Subscription, subscriptionInfo(row)));
});

/** `push_presence_token {event_from_user}` -> 10000703: a token for this tab's focus reports. */
export const pushPresenceToken = proven(USER_EVENT, async (req, e) => {
  const issued = await req.ctx.push.presence.issue(e.pubkey, req.now);
  const answer: PushPresenceToken = { ...issued, focus_seconds: FOCUS_SECONDS };
  req.emit(rawResultEvent(PushResultKind.PresenceToken, answer));
});

/**
 * `push_presence {token, focused}` -> 10000704 `{focused_until}`: the tab has focus (for
 * FOCUS_SECONDS; renew it) or lost it. The token, issued under a signed request, is the proof.
 */
export async function pushPresence(req: CacheRequest): Promise<void> {
  const { token, focused } = req.payload;
  if (typeof token !== 'string' || token.length === 0 || token.length > 100)
    throw new CacheError('invalid token');
  if (typeof focused !== 'boolean') throw new CacheError('invalid focused');
  const until = await req.ctx.push.presence.report(token, focused, req.now);
  if (until === undefined)
    throw new CacheError(
      'invalid token: unknown or expired (ask push_presence_token for a new one)',
    );
  req.emit(rawResultEvent(PushResultKind.Presence, { focused_until: until }));
}
