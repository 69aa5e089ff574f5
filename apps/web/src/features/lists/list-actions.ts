import type {
  BookmarkConfirmation,
  FollowConfirmation,
  ListOutcome,
  MuteKind,
  ReportInput,
} from '@swell/client';
import type { SignedEvent } from '@swell/cache-protocol';
import { userDisplayName } from '@swell/nostr';
import { notify } from '@/components/ui/notify.ts';
import { swell } from '@/data/client.ts';
import { parseUser } from '@/data/user.ts';
import { listErrorKey } from '@/features/lists/list-errors.ts';
import { bookmarkKey } from '@/features/lists/list-keys.ts';
import { openListDialog } from '@/features/lists/list-dialog-store.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { i18n } from '@/i18n/index.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists as listsStrings } from '@/i18n/en/lists.ts';

addStrings({ lists: listsStrings });

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {});

/** The name of a user for a message (display name, name, or a short npub). */
function nameOf(pubkey: string): string {
  return userDisplayName(parseUser(pubkey, swell().store.user(pubkey)));
}

/** Says why a list action failed: the signer's own message, else the list catalogue's. */
async function fail(error: unknown, fallback: string): Promise<void> {
  const { loginErrorKey } = await import('@/features/account/account.ts');
  const signerKey = loginErrorKey(error);
  console.warn(`${fallback}:`, (error as Error)?.message ?? error);
  notify.error(t(signerKey === 'app.error' ? listErrorKey(error, fallback) : signerKey));
}

// ---- follow ------------------------------------------------------------------------------------

function followSettled(
  outcome: ListOutcome<FollowConfirmation>,
  action: 'follow' | 'unfollow',
  pubkey: string,
) {
  if (outcome.status === 'confirm') {
    openListDialog({ type: 'follow-confirm', data: outcome.data, confirm: outcome.confirm });
  } else if (outcome.status === 'published') {
    notify.success(
      t(action === 'follow' ? 'lists.followed' : 'lists.unfollowed', { name: nameOf(pubkey) }),
    );
  }
}

/**
 * Follows or unfollows (spec section 4): a guest gets the sign-in dialog; the client fetches the
 * latest contact list, changes it and publishes; a list left with fewer than 2 follows opens the
 * confirmation with the data; failures say "follow failed" / "unfollow failed".
 */
export async function changeFollow(action: 'follow' | 'unfollow', pubkey: string): Promise<void> {
  if (!(await requireSigner('follow'))) return;
  try {
    const lists = swell().lists;
    const outcome = await (action === 'follow' ? lists.follow(pubkey) : lists.unfollow(pubkey));
    followSettled(outcome, action, pubkey);
  } catch (e) {
    await fail(e, `${action} failed`);
  }
}

/** Publishes the short contact list the user agreed to in the confirmation. */
export async function confirmFollow(
  data: FollowConfirmation,
  confirm: () => Promise<ListOutcome<FollowConfirmation>>,
): Promise<void> {
  try {
    followSettled(await confirm(), data.action, data.target);
  } catch (e) {
    await fail(e, `${data.action} failed`);
  }
}

// ---- bookmarks ---------------------------------------------------------------------------------

function bookmarkSettled(
  outcome: ListOutcome<BookmarkConfirmation>,
  added: boolean,
  what: 'note' | 'article',
) {
  if (outcome.status === 'confirm') {
    openListDialog({
      type: 'bookmark-confirm',
      reason: outcome.data.reason,
      what,
      confirm: outcome.confirm,
    });
  } else if (outcome.status === 'published') {
    notify.success(t(added ? 'lists.bookmarked' : 'lists.bookmarkRemoved'));
  }
}

/**
 * Adds or removes the bookmark of a note (`e` tag) or an article (`a` tag with its address,
 * NIP-51), with the spec section 4 confirmations.
 */
export async function toggleBookmark(note: SignedEvent, bookmarked: boolean): Promise<void> {
  if (!(await requireSigner('bookmark'))) return;
  try {
    const lists = swell().lists;
    bookmarkSettled(
      await (bookmarked ? lists.unbookmark(note) : lists.bookmark(note)),
      !bookmarked,
      bookmarkKey(note) === note.id ? 'note' : 'article',
    );
  } catch (e) {
    await fail(e, 'list update failed');
  }
}

/** Publishes the bookmark change the user agreed to. */
export async function confirmBookmark(
  reason: BookmarkConfirmation['reason'],
  what: 'note' | 'article',
  confirm: () => Promise<ListOutcome<BookmarkConfirmation>>,
): Promise<void> {
  try {
    bookmarkSettled(await confirm(), reason === 'first-bookmark', what);
  } catch (e) {
    await fail(e, 'list update failed');
  }
}

// ---- mutes -------------------------------------------------------------------------------------

/** Opens the mute dialog (user, or the note's thread; public or private). */
export async function askMute(pubkey: string, note?: SignedEvent): Promise<void> {
  if (await requireSigner('mute'))
    openListDialog({ type: 'mute', pubkey, ...(note ? { note } : {}) });
}

/** Mutes a user, word, hashtag or thread; true when it is in the list now. */
export async function mute(
  kind: MuteKind,
  value: string,
  options: { private: boolean; label: string },
): Promise<boolean> {
  if (!(await requireSigner('mute'))) return false;
  try {
    await swell().lists.mute(kind, value, { private: options.private });
    notify.success(t('lists.muted', { what: options.label }));
    return true;
  } catch (e) {
    await fail(e, 'list update failed');
    return false;
  }
}

/** Removes an entry from the mute list (public or private). */
export async function unmute(kind: MuteKind, value: string, label: string): Promise<boolean> {
  if (!(await requireSigner('mute'))) return false;
  try {
    await swell().lists.unmute(kind, value);
    notify.success(t('lists.unmuted', { what: label }));
    return true;
  } catch (e) {
    await fail(e, 'list update failed');
    return false;
  }
}

// ---- filter lists and allowlist ----------------------------------------------------------------

/** Subscribes to, unsubscribes from, or re-scopes another user's mute list. */
export async function changeFilterList(
  change: Parameters<ReturnType<typeof swell>['lists']['changeFilterList']>[0],
  success?: string,
): Promise<boolean> {
  if (!(await requireSigner('mute'))) return false;
  try {
    await swell().lists.changeFilterList(change);
    if (success) notify.success(success);
    return true;
  } catch (e) {
    await fail(e, 'list update failed');
    return false;
  }
}

/** Adds or removes an account of the allowlist. */
export async function changeAllowlist(
  action: 'allow' | 'disallow',
  pubkey: string,
): Promise<boolean> {
  if (!(await requireSigner('mute'))) return false;
  try {
    await (action === 'allow' ? swell().lists.allow(pubkey) : swell().lists.disallow(pubkey));
    return true;
  } catch (e) {
    await fail(e, 'list update failed');
    return false;
  }
}

// ---- reports -----------------------------------------------------------------------------------

/** Opens the report dialog for a user (and the note that made the user report). */
export async function askReport(pubkey: string, note?: SignedEvent): Promise<void> {
  if (await requireSigner('report'))
    openListDialog({ type: 'report', pubkey, ...(note ? { note } : {}) });
}

/** Sends a NIP-56 report and `report_user`; true when either arrived. */
export async function sendReport(input: ReportInput): Promise<boolean> {
  try {
    await swell().lists.report(input);
    notify.success(t('lists.reported'));
    return true;
  } catch (e) {
    await fail(e, 'report failed');
    return false;
  }
}

export { nameOf };
