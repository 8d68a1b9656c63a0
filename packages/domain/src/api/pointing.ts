import { z } from 'zod';
import { BINDING_STATUSES, CANCEL_REQUEST_STATUSES, POINT_DISPLAYS, POINT_STATUSES, POINT_TERMS, REMARK_MAX_LENGTH } from '../pointing.ts';
import { pagingQuery, pageOf } from './envelope.ts';
import { msg, text, idField } from './text.ts';
import { amountField, coinField } from './wallet.ts';

/**
 * Coin owners' calls (issue 22). The spec names `updatepointaddressremark` (POST
 * /api/assets/), `getauditpointmortgagelogs` and `auditunlockmortgagepoint` (the admin's);
 * the others follow its style under /api/point/ and /api/admin/.
 */

export const sourceAddressField = text({ error: msg('POINT_SOURCE_INVALID') })
  .trim()
  .min(8, msg('POINT_SOURCE_INVALID'))
  .max(128, msg('POINT_SOURCE_INVALID'))
  .regex(/^[A-Za-z0-9:_-]+$/, msg('POINT_SOURCE_INVALID'))
  .meta({ description: 'The chain address that holds the coins (the source of the points)' });

export const pointRemarkField = text({ error: msg('OUT_OF_LENGTH_LIMIT') })
  .trim()
  .max(REMARK_MAX_LENGTH, msg('OUT_OF_LENGTH_LIMIT'))
  .meta({ description: 'A remark, under 32 characters' });

export const pointBindBody = z.object({ coin: coinField, source_address: sourceAddressField, remark: pointRemarkField.default('') });
export type PointBindBody = z.infer<typeof pointBindBody>;

export const pointAddressSchema = z.object({
  id: text(),
  coin: text(),
  source_address: text(),
  confirm_address: text(),
  status: z.enum(BINDING_STATUSES),
  start_height: z.number().int(),
  /** The last height the verification can be made at (start + 20). */
  verify_deadline: z.number().int(),
  verify_txid: text().nullable(),
  verify_height: z.number().int().nullable(),
  /** The least amount the verification's point must carry. */
  verify_amount: text(),
  remark: text(),
  created_at: text(),
});
export type PointAddress = z.infer<typeof pointAddressSchema>;

export const pointAddressesQuery = pagingQuery.extend({ coin: coinField.optional() });
export const pointAddressPage = pageOf(pointAddressSchema);

export const pointRemarkBody = z.object({ id: idField, remark: pointRemarkField });

export const pointRecordSchema = z.object({
  id: text(),
  coin: text(),
  source_address: text(),
  pool_address: text(),
  /** The confirmation address the source address was verified with. */
  confirm_address: text(),
  txid: text(),
  type: text(),
  term: z.enum(POINT_TERMS),
  amount: text(),
  /** The actual pledge: the amount × the current pledge rate (8 % once the term expired). */
  actual_pledge: text(),
  /** The share the pool counts (80 %; XHD 100 %). */
  counted: text(),
  /** The margin frozen on the platform (20 %; XHD 0 %). */
  deposit: text(),
  penalty: text(),
  status: z.enum(POINT_STATUSES),
  display: z.enum(POINT_DISPLAYS),
  height: z.number().int().nullable(),
  /** The height its term ends at (the lock). */
  expiry_height: z.number().int().nullable(),
  /** Residual value, percent (100 − the current pledge rate). */
  residual_value: text(),
  /** Whether it may be transferred or cancelled now (6 blocks after it was made). */
  transferable: z.boolean(),
  cancellation: z.enum(CANCEL_REQUEST_STATUSES).nullable(),
  cancellation_reason: text(),
  created_at: text(),
});
export type PointRecord = z.infer<typeof pointRecordSchema>;

export const pointRecordsQuery = pagingQuery.extend({
  coin: coinField.optional(),
  status: z.enum(POINT_STATUSES, { error: msg('INVALID_PARAMETER') }).optional(),
});
export const pointRecordPage = pageOf(pointRecordSchema);

export const pointCancelBody = z.object({ id: idField });
export const pointCancelResult = z.object({ id: text(), record_id: text(), status: z.enum(CANCEL_REQUEST_STATUSES) });

export const pointSettingsQuery = z.object({ coin: coinField });
export const pointSettingsSchema = z.object({
  coin: text(),
  /** Percent of a pointed amount the pool counts. */
  count_share: text(),
  /** Percent frozen as the margin. */
  margin_share: text(),
  noterm_lock_days: z.number().int(),
  min_point: text(),
  /** The blocks a source-address verification may take. */
  verify_window_blocks: z.number().int(),
});

/** The back office's lists (/admin/point_info, /admin/point_review). */
export const adminPointRecordsQuery = pointRecordsQuery.extend({
  user: text().trim().max(128, msg('OUT_OF_LENGTH_LIMIT')).optional(),
  source_address: text().trim().max(128, msg('OUT_OF_LENGTH_LIMIT')).optional(),
});
export const adminPointRecordSchema = pointRecordSchema.extend({ user_id: text(), user_email: text() });
export const adminPointRecordPage = pageOf(adminPointRecordSchema);

export const pointCancellationsQuery = pagingQuery.extend({ status: z.enum(CANCEL_REQUEST_STATUSES, { error: msg('INVALID_PARAMETER') }).optional() });
export const pointCancellationSchema = z.object({
  id: text(),
  record_id: text(),
  user_id: text(),
  user_email: text(),
  coin: text(),
  source_address: text(),
  amount: text(),
  deposit: text(),
  record_status: z.enum(POINT_STATUSES),
  status: z.enum(CANCEL_REQUEST_STATUSES),
  reason: text(),
  created_at: text(),
  reviewed_at: text().nullable(),
});
export const pointCancellationPage = pageOf(pointCancellationSchema);
export const pointReviewBody = z.object({
  id: idField,
  approve: z.boolean({ error: msg('INVALID_PARAMETER') }),
  reason: text().trim().max(200, msg('OUT_OF_LENGTH_LIMIT')).default(''),
});

/** Development only: what a BHD-family wallet's sendpledgetoaddress / withdrawpledge do. */
export const pointDevSendBody = z.object({
  coin: coinField,
  from: sourceAddressField,
  /** The receiver; the coin's pool address when left out. */
  to: sourceAddressField.optional(),
  amount: amountField,
  term: z.enum(POINT_TERMS, { error: msg('POINT_TERM_INVALID') }).default('Noterm'),
});
export const pointDevWithdrawBody = z.object({
  coin: coinField,
  txid: text()
    .trim()
    .regex(/^[0-9a-f]{64}$/, msg('INVALID_PARAMETER')),
});
export const pointDevTxResult = z.object({ txid: text(), to: text() });
