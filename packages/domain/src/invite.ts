import { BASIS_POINTS } from './settlement.ts';

/**
 * Invite and rebate (spec doc 1 §1, §3 'Invite'; doc 2 §3 'Invitation'; issue 25). Every user's
 * invite id is their public uid; a registration through `/register?invite=<uid>` records the
 * inviter once. The inviter then earns, for each settled (pool, day) — or, on an on-chain-reward
 * pool, each day of rewards past the look-back — a share of the pool fee taken from the invitee's
 * mining income: the rules below, which the rebate job runs in SQL.
 */

/** A pool's rebate share of the fee when the operator has set none: 20 % (spec's 'e.g.'; 0 turns it off). */
export const INVITE_REBATE_DEFAULT_BP = 2_000;

/** The query parameter of the invite link. */
export const INVITE_PARAM = 'invite';

/** The invite link of a user: the site's registration page with their invite id. */
export function inviteLink(origin: string, inviteId: string): string {
  return `${origin.replace(/\/+$/, '')}/register?${INVITE_PARAM}=${encodeURIComponent(inviteId)}`;
}

export class InviteRuleError extends Error {
  override name = 'InviteRuleError';
}

/**
 * The part of a pool-day's fee taken from one member's income: the fee was taken from the day's
 * shared revenue before it was split by points, so a member's part is fee × points ÷ the points
 * of every member who shared the pot, rounded down. The parts of all members never sum to more
 * than the fee.
 */
export function memberFee(dayFee: bigint, points: bigint, sharedPoints: bigint): bigint {
  if (dayFee < 0n || points < 0n || sharedPoints < 0n) throw new InviteRuleError('negative fee or points');
  if (points > sharedPoints) throw new InviteRuleError('a member’s points exceed the day’s');
  if (points === 0n || sharedPoints === 0n) return 0n;
  return (dayFee * points) / sharedPoints;
}

/** The inviter's rebate of a fee: ⌊fee × share ÷ 10,000⌋ — never more than the fee, rounding never makes a unit. */
export function inviteRebate(fee: bigint, shareBp: number): bigint {
  if (fee < 0n) throw new InviteRuleError('negative fee');
  if (!Number.isInteger(shareBp) || shareBp < 0 || shareBp > BASIS_POINTS) throw new InviteRuleError('share out of range');
  return (fee * BigInt(shareBp)) / BigInt(BASIS_POINTS);
}

/** Whether `inviter` may be recorded as the inviter of `invitee` (never oneself). */
export function canInvite(inviterId: string, inviteeId: string): boolean {
  return inviterId !== inviteeId;
}
