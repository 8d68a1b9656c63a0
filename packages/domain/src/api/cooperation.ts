import { z } from 'zod';
import { DEAL_STATUSES } from '../cooperation.ts';
import { pagingQuery, pageOf } from './envelope.ts';
import { msg, text, idField } from './text.ts';
import { poolField } from './pool.ts';
import { requestIdField } from './wallet.ts';

/**
 * Cooperation pools and deals (issue 22): /center/open's calls. The spec names the figure
 * `deposit_mortgage_free_balance` (spec doc 2 §3, the opened CO pools' balance converted to
 * cooperation); the calls follow its style under /api/cooperation/.
 */

/** Spec doc 1 §5: the cooperation amount must be an integer (whole coins). */
export const cooperationAmountField = text({ error: msg('MORTGAGE_NOT_INTEGER') })
  .trim()
  .regex(/^\d{1,30}$/, msg('MORTGAGE_NOT_INTEGER'))
  .meta({ description: 'Whole coins (an integer), e.g. "8000"', example: '100' });

/** Optional on every cooperation call: the same key answers the first call's result and moves money once (as the mortgage calls). */
const optionalRequestId = requestIdField.optional();

export const cooperationBody = z.object({ pool: poolField, amount: cooperationAmountField, request_id: optionalRequestId });
export type CooperationBody = z.infer<typeof cooperationBody>;

export const cooperationPoolSchema = z.object({
  pool: text(),
  coin: text(),
  name: text(),
  unit: text(),
  /** The least cooperation amount, whole coins. */
  min_amount: text(),
  /** The pool config (spec doc 1 §3 'Mining pool config'). */
  mode: text(),
  fee_bp: z.number().int(),
  coop_ratio_bp: z.number().int(),
  burn_coefficient_bp: z.number().int(),
  payment_time: text(),
  payout_threshold: text(),
  withdraw_fee: text(),
  withdraw_audit: z.boolean(),
  /** Deals: the coin owner's and the miner's shares, bp; the miner's margin, bp. */
  owner_bp: z.number().int(),
  miner_bp: z.number().int(),
  deal_margin_bp: z.number().int(),
  status: z.enum(['OPEN', 'CLOSED', 'NONE']),
  /** The balance converted to cooperation on this pool (spec doc 2 §3). */
  deposit_mortgage_free_balance: text(),
  /** The user's available balance of the coin. */
  available: text(),
  opened_at: text().nullable(),
});
export type CooperationPool = z.infer<typeof cooperationPoolSchema>;
export const cooperationPoolsSchema = z.object({ list: z.array(cooperationPoolSchema) });

export const cooperationLogSchema = z.object({
  id: text(),
  pool: text(),
  coin: text(),
  kind: z.enum(['open', 'deposit', 'return']),
  amount: text(),
  balance: text(),
  created_at: text(),
});
export const cooperationLogsQuery = pagingQuery.extend({ pool: poolField.optional() });
export const cooperationLogPage = pageOf(cooperationLogSchema);

// --- deals ----------------------------------------------------------------------------------------

export const dealOfferBody = z.object({ pool: poolField, amount: cooperationAmountField, request_id: optionalRequestId });
export const dealActionBody = z.object({
  id: idField,
  action: z.enum(['take', 'accept', 'withdraw', 'break', 'remargin', 'unlock'], { error: msg('INVALID_PARAMETER') }),
  request_id: optionalRequestId,
});
export type DealAction = z.infer<typeof dealActionBody>['action'];

export const dealSchema = z.object({
  id: text(),
  pool: text(),
  coin: text(),
  /** Your side of the deal: owner (lends), miner (borrows) or none (an open offer). */
  role: z.enum(['owner', 'miner', 'none']),
  amount: text(),
  margin: text(),
  margin_held: z.boolean(),
  owner_bp: z.number().int(),
  miner_bp: z.number().int(),
  term_days: z.number().int(),
  status: z.enum(DEAL_STATUSES),
  penalty: text(),
  interest_start_at: text().nullable(),
  created_at: text(),
});
export type Deal = z.infer<typeof dealSchema>;
export const dealsQuery = pagingQuery.extend({ scope: z.enum(['mine', 'offers']).default('mine') });
export const dealPage = pageOf(dealSchema);
