import { MembershipResultKind, rawResultEvent } from '@swell/cache-protocol';
import { pTags, publicHost, MEMBER_REQUEST_ABOUT_ANYONE } from '../wallet-request.ts';
import { proven } from '../../cache/proven-command.ts';

/**
 * `membership_status {event_from_user}` -> 10000603 with tier, name, addresses, expiry and
 * cohort; EOSE alone when the user never was a member (tier none). The p tag may name another
 * user (a gift's recipient): their tier and name are public anyway (10000169, nostr.json), but
 * their used storage is not told. `lightning_address` is the member's `name@host` when it is
 * served: forwarded to the address of their own profile, or answered by the devnet's ledger.
 */
export const membershipStatus = proven(MEMBER_REQUEST_ABOUT_ANYONE, async (req, e) => {
  const target = pTags(e)[0] ?? e.pubkey;
  const status = await req.ctx.membership.status(target, publicHost(req), req.now);
  if (!status) return;
  if (target !== e.pubkey) status.used_storage = 0;
  if (!status.lightning_address && status.nostr_address) {
    const lightning = req.ctx.lightning;
    if (lightning.hasFallback || (await lightning.ownAddress(target)).kind === 'own')
      status.lightning_address = status.nostr_address;
  }
  req.emit(rawResultEvent(MembershipResultKind.Status, status));
});
