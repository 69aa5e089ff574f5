import {
  isLegendStyle,
  ResultKind,
  resultEvent,
  type LegendCustomizationSettings,
} from '@swell/cache-protocol';
import { CacheError } from '../../cache/request.ts';
import { contentObject, MEMBER_REQUEST } from '../wallet-request.ts';
import { proven } from '../../cache/proven-command.ts';

/** Longest legend shoutout. */
export const SHOUTOUT_MAX = 140;

function flag(c: Record<string, unknown>, field: string): boolean | undefined {
  const v = c[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new CacheError(`invalid ${field}: true or false`);
  return v;
}

/**
 * `membership_legend_customization {event_from_user}`; content `{style, custom_badge,
 * avatar_glow, in_leaderboard?, edited_shoutout? | current_shoutout?}`. Legends only. Answers the
 * saved customization as 10000168 `{pubkey: {...}}`, which every later page enrichment carries.
 */
export const membershipLegendCustomization = proven(MEMBER_REQUEST, async (req, e) => {
  const c = contentObject(e);
  const style = c.style ?? '';
  if (!isLegendStyle(style))
    throw new CacheError(
      'invalid style (GOLD, AQUA, SILVER, PURPLE, PURPLEHAZE, TEAL, BROWN, BLUE, SUNFIRE or empty)',
    );
  const shoutout = c.edited_shoutout ?? c.current_shoutout;
  if (shoutout !== undefined && (typeof shoutout !== 'string' || shoutout.length > SHOUTOUT_MAX))
    throw new CacheError(`invalid shoutout: text of at most ${SHOUTOUT_MAX} characters`);
  const settings: LegendCustomizationSettings = {
    style,
    custom_badge: flag(c, 'custom_badge') ?? false,
    avatar_glow: flag(c, 'avatar_glow') ?? false,
  };
  const board = flag(c, 'in_leaderboard');
  if (board !== undefined) settings.in_leaderboard = board;
  if (typeof shoutout === 'string') settings.current_shoutout = shoutout;
  await req.ctx.membership.setLegendCustomization(e.pubkey, settings);
  const saved = (await req.ctx.membership.pageExtras([e.pubkey], req.now)).legends;
  req.emit(resultEvent(ResultKind.LegendCustomization, saved));
});
