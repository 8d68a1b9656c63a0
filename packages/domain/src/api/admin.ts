import { z } from 'zod';
import { pagingQuery, pageOf } from './envelope.ts';
import { msg, text, idField } from './text.ts';
import { adminWithdrawalSchema, coinField, signedAmountField, requestIdField } from './wallet.ts';

/**
 * The back office's own calls (spec doc 2 §6 'Admin', §7 'Admin'): roles, the audit log, the
 * user calls (findusers, BanUser, UnbanUser, UnBindWechat, unbindphone, UnBindGoogle,
 * UbBindChannel, ClearCache) and UpdateBalance with its second-admin approval.
 */

/** Back-office roles: admin does everything; support reads, edits content and reviews. */
export const STAFF_ROLES = ['support', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const USER_ROLES = ['user', 'support', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Whether `role` may use a call that needs at least `needed`. */
export function roleAllows(role: string, needed: StaffRole): boolean {
  if (role === 'admin') return true;
  return role === 'support' && needed === 'support';
}

const uidField = text().trim().min(1, msg('INVALID_PARAMETER')).max(64, msg('OUT_OF_LENGTH_LIMIT')).meta({ description: 'The user’s public uid' });
const reasonField = text().trim().max(200, msg('OUT_OF_LENGTH_LIMIT'));
const dayField = text().regex(/^\d{4}-\d{2}-\d{2}$/, msg('INVALID_PARAMETER'));

// --- users ---------------------------------------------------------------------------------

export const FIND_USER_FIELDS = ['any', 'email', 'account', 'uid', 'phone'] as const;
export type FindUserField = (typeof FIND_USER_FIELDS)[number];

/** findusers: by e-mail, account, uid or phone ('any' tries each). */
export const findUsersQuery = pagingQuery.extend({
  keyword: text().trim().min(1, msg('INVALID_PARAMETER')).max(128, msg('OUT_OF_LENGTH_LIMIT')),
  by: z.enum(FIND_USER_FIELDS).default('any'),
});
export type FindUsersQuery = z.infer<typeof findUsersQuery>;

export const adminUserSchema = z.object({
  uid: text(),
  email: text(),
  account: text(),
  nickname: text(),
  role: z.enum(USER_ROLES),
  status: z.enum(['pending', 'active', 'banned']),
  /** The bound phone in full ('+86 13800000000'); empty when none. */
  phone: text(),
  google: z.boolean(),
  wechat: z.boolean(),
  telegram: z.boolean(),
  created_at: z.number().int(),
  last_login_at: z.number().int().nullable(),
  /** Available balance per coin (coins with a balance only), whole coins. */
  balances: z.array(z.object({ coin: text(), available: text() })),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPage = pageOf(adminUserSchema);

export const uidBody = z.object({ uid: uidField });
export type UidBody = z.infer<typeof uidBody>;
export const banUserBody = z.object({ uid: uidField, reason: reasonField.default('') });
export type BanUserBody = z.infer<typeof banUserBody>;

/** Message channels a user can bind (Telegram; WeChat has its own call). */
export const MESSAGE_CHANNELS = ['telegram'] as const;
/** `channel_id`: one of the user's bound message channels (issue 24) instead of the Telegram sign-in binding. */
export const unbindChannelBody = z.object({
  uid: uidField,
  channel: z.enum(MESSAGE_CHANNELS).default('telegram'),
  channel_id: text()
    .regex(/^[1-9]\d{0,17}$/, msg('INVALID_PARAMETER'))
    .optional(),
});
export type UnbindChannelBody = z.infer<typeof unbindChannelBody>;

// --- roles ---------------------------------------------------------------------------------

export const setRoleBody = z.object({ uid: uidField, role: z.enum(USER_ROLES) });
export type SetRoleBody = z.infer<typeof setRoleBody>;
export const staffSchema = z.object({ uid: text(), email: text(), role: z.enum(STAFF_ROLES), status: text() });
export type Staff = z.infer<typeof staffSchema>;

// --- audit log -----------------------------------------------------------------------------

export const auditLogQuery = pagingQuery.extend({
  /** The admin's uid or e-mail; 'cli' for the operator CLI. */
  admin: text().trim().max(254, msg('OUT_OF_LENGTH_LIMIT')).optional(),
  action: text().trim().max(64, msg('OUT_OF_LENGTH_LIMIT')).optional(),
  /** Part of the target ('user:12345678', 'withdrawals:7'). */
  target: text().trim().max(128, msg('OUT_OF_LENGTH_LIMIT')).optional(),
  /** UTC days, both included. */
  from: dayField.optional(),
  to: dayField.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditEntrySchema = z.object({
  id: text(),
  /** Seconds since the epoch. */
  time: z.number().int(),
  actor: z.enum(['admin', 'cli']),
  admin_uid: text(),
  admin_email: text(),
  action: text(),
  target: text(),
  before: z.unknown(),
  after: z.unknown(),
  detail: z.unknown(),
  ip: text(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogPage = pageOf(auditEntrySchema);

/**
 * The spec's GET of auditwithdrawbalance and auditcancelwithdrawbalance (issue 20): a read — the
 * withdrawal under review with its audit trail and what can be done with it (by the POST of the
 * same name); a GET never changes it.
 */
export const withdrawReviewQuery = z.object({ id: idField });
export const withdrawReviewSchema = z.object({
  withdrawal: adminWithdrawalSchema,
  /** Approve or reject: POST /api/admin/auditwithdrawbalance (while AUDITING). */
  can_audit: z.boolean(),
  /** Cancel: POST /api/admin/auditcancelwithdrawbalance (before it starts sending). */
  can_cancel: z.boolean(),
  /** Its audit entries, oldest first. */
  trail: z.array(auditEntrySchema),
});
export type WithdrawReview = z.infer<typeof withdrawReviewSchema>;

// --- balance adjustments ---------------------------------------------------------------------

export const ADJUSTMENT_STATUSES = ['pending', 'posted', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const updateBalanceBody = z.object({
  uid: uidField,
  coin: coinField,
  amount: signedAmountField,
  reason: text().trim().min(1, 'a reason is required').max(200, msg('OUT_OF_LENGTH_LIMIT')),
  request_id: requestIdField,
});
export type UpdateBalanceBody = z.infer<typeof updateBalanceBody>;

/** posted: in the ledger now; pending: above the threshold, waiting for a second admin. */
export const updateBalanceResultSchema = z.object({
  status: z.enum(['posted', 'pending']),
  adjustment_id: text(),
  /** The ledger transaction; empty while pending. */
  transaction_id: text(),
});
export type UpdateBalanceResult = z.infer<typeof updateBalanceResultSchema>;

export const adjustmentQuery = pagingQuery.extend({ status: z.enum(ADJUSTMENT_STATUSES).optional(), uid: text().trim().max(64).optional() });
export type AdjustmentQuery = z.infer<typeof adjustmentQuery>;

export const adjustmentSchema = z.object({
  id: text(),
  uid: text(),
  email: text(),
  coin: text(),
  amount: text(),
  reason: text(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requested_by_uid: text(),
  requested_by: text(),
  decided_by: text(),
  decided_at: z.number().int().nullable(),
  reject_reason: text(),
  transaction_id: text(),
  created_at: z.number().int(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
export const adjustmentPage = pageOf(adjustmentSchema).extend({
  threshold: text().meta({
    description:
      'Adjustments that, with those of the same admin or to the same user posted without a second admin in the window, exceed this amount (whole coins, either sign) wait for a second admin',
  }),
  window_hours: z.number().meta({ description: 'The window (hours) over which unreviewed adjustments count together' }),
});

/** Approve a pending adjustment (a second admin), or reject it with a reason. */
export const decideAdjustmentBody = z
  .object({ id: idField, approve: z.boolean(), reason: reasonField.default('') })
  .refine((b) => b.approve || b.reason.length > 0, { message: 'a reject reason is required', path: ['reason'] });
export type DecideAdjustmentBody = z.infer<typeof decideAdjustmentBody>;
