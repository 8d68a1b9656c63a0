import { z } from 'zod';
import { pagingQuery, pageOf } from './envelope.ts';
import { msg, text } from './text.ts';
import { inviteIdField } from './invite-id.ts';
import { poolField } from './pool.ts';
import { coinField } from './wallet.ts';

/**
 * Invite and rebate (issue 25; spec doc 1 §3 'Invite', doc 2 §3 'Invitation': invite id, link,
 * total invited, total rebate). The spec's call list names no invitation calls; these follow
 * its style under /api/invite/ and /api/admin/invite/. Amounts are decimal strings in whole coins.
 */

const dayField = text({ error: msg('INVALID_PARAMETER') })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg('INVALID_PARAMETER'));

export const inviteRebateTotalSchema = z.object({ coin: text(), unit: text(), total: text() });

/** GET /api/invite/info: the signed-in user's invitation (doc 2 §3). */
export const inviteInfoSchema = z.object({
  invite_id: text(),
  link: text().meta({ description: 'The registration link with the invite id' }),
  invited: z.number().int().meta({ description: 'Users registered through the link' }),
  rebates: z.array(inviteRebateTotalSchema).meta({ description: 'Total rebate per coin' }),
  invited_by: text().nullable().meta({ description: 'The inviter’s uid, when this user registered through a link' }),
});
export type InviteInfo = z.infer<typeof inviteInfoSchema>;

/** GET /api/invite/check: whether an invite id names a user (the registration page asks before it submits). */
export { inviteIdField };
export const inviteCheckQuery = z.object({ invite: inviteIdField });
export const inviteCheckSchema = z.object({ valid: z.boolean() });

export const INVITE_REBATE_SIDES = ['inviter', 'invitee'] as const;
export const inviteRebatesQuery = pagingQuery.extend({
  coin: coinField.optional(),
  pool: poolField.optional(),
  side: z
    .enum(INVITE_REBATE_SIDES, { error: msg('INVALID_PARAMETER') })
    .default('inviter')
    .meta({ description: 'inviter: the rebates this user received; invitee: those their own mining earned their inviter' }),
});
export const inviteRebateSchema = z.object({
  day: text(),
  pool: text(),
  coin: text(),
  unit: text().meta({ description: 'The coin’s unit, as the bill shows it' }),
  invitee: text().meta({ description: 'The invitee’s e-mail, masked' }),
  income: text().meta({ description: 'The invitee’s mining income of the day' }),
  fee: text().meta({ description: 'The pool fee taken from that income' }),
  share: text().meta({ description: 'The pool’s rebate share of the fee, in percent' }),
  rebate: text(),
});
export type InviteRebate = z.infer<typeof inviteRebateSchema>;
export const inviteRebatePage = pageOf(inviteRebateSchema);

export const inviteesQuery = pagingQuery;
export const inviteeSchema = z.object({ invitee: text(), registered_at: text(), active: z.boolean() });
export const inviteePage = pageOf(inviteeSchema);

// --- back office ------------------------------------------------------------------------------

const uidFilter = text().trim().max(32, msg('OUT_OF_LENGTH_LIMIT')).optional();

export const adminInvitationsQuery = pagingQuery.extend({ uid: uidFilter.meta({ description: 'Inviter’s or invitee’s uid' }) });
export const adminInvitationSchema = z.object({
  invitee_uid: text(),
  invitee_email: text(),
  inviter_uid: text(),
  inviter_email: text(),
  created_at: text(),
});
export const adminInvitationPage = pageOf(adminInvitationSchema);

export const adminInviteRebatesQuery = pagingQuery.extend({ uid: uidFilter, pool: poolField.optional(), day: dayField.optional() });
export const adminInviteRebateSchema = inviteRebateSchema.omit({ invitee: true }).extend({
  invitee_uid: text(),
  invitee_email: text(),
  inviter_uid: text(),
  inviter_email: text(),
});
export const adminInviteRebatePage = pageOf(adminInviteRebateSchema);

/** A pool's rebate share in basis points of the fee (2,000 = 20 %; 0 turns the rebate off). */
export const inviteShareBpField = z.coerce
  .number({ error: msg('INVALID_PARAMETER') })
  .int(msg('INVALID_PARAMETER'))
  .min(0, msg('INVALID_PARAMETER'))
  .max(10_000, msg('INVALID_PARAMETER'));
export const adminInvitePoolSchema = z.object({ pool: text(), coin: text(), fee: text().meta({ description: 'The pool fee, percent' }), share_bp: z.number().int() });
export const adminInvitePoolsSchema = z.object({ list: z.array(adminInvitePoolSchema) });
export const adminInvitePoolBody = z.object({ pool: poolField, share_bp: inviteShareBpField });

/** Development only: a day of the signed-in user's mining on a pool, settled at once (the browser test's stand-in for a day). */
export const inviteDevMinedDayBody = z.object({
  pool: poolField,
  plots: z
    .number({ error: msg('INVALID_PARAMETER') })
    .int(msg('INVALID_PARAMETER'))
    .min(1, msg('INVALID_PARAMETER'))
    .max(10_000, msg('INVALID_PARAMETER')),
});
export const inviteDevMinedDaySchema = z.object({ day: text() });
