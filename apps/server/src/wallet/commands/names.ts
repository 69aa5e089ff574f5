import { MembershipResultKind, rawResultEvent } from '@swell/cache-protocol';
import { CacheError, type CommandHandler } from '../../cache/request.ts';
import { optHex64, str } from '../../cache/params.ts';
import { contentObject, MEMBER_REQUEST } from '../wallet-request.ts';
import { proven } from '../../cache/proven-command.ts';

/**
 * `membership_name_available {name, pubkey?}` -> 10000600 `{available, reason?, name?}`: at least
 * 3 characters, not reserved, not taken (a name `pubkey` holds is available to them). A lookup
 * of public facts, so no signed request is needed (as in the reference).
 */
export const membershipNameAvailable: CommandHandler = async (req) => {
  const name = str(req.payload, 'name', 200);
  const pubkey = optHex64(req.payload, 'pubkey');
  const answer = await req.ctx.membership.nameAvailability(name, pubkey, req.now);
  req.emit(rawResultEvent(MembershipResultKind.NameAvailable, answer));
};

/**
 * `membership_change_name {event_from_user}` (content `{name}`) -> 10000600: `available: true`
 * and the new name when done, `available: false` and why when the name cannot be had. Members
 * only.
 */
export const membershipChangeName = proven(MEMBER_REQUEST, async (req, e) => {
  const name = contentObject(e).name;
  if (typeof name !== 'string')
    throw new CacheError('invalid event_from_user: content needs a name');
  const answer = await req.ctx.membership.changeName(e.pubkey, name);
  req.emit(rawResultEvent(MembershipResultKind.NameAvailable, answer));
});
