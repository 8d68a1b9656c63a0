import { z } from 'zod';
import { MORTGAGE_LOG_TYPES, MORTGAGE_LOT_STATUSES } from '../mortgage.ts';
import { pagingQuery, pageOf } from './envelope.ts';
import { msg, text, idField } from './text.ts';
import { pointCancellationSchema } from './pointing.ts';
import { amountField, coinField, requestIdField } from './wallet.ts';

/**
 * Mortgage calls (issue 22; spec doc 2 §7): `freebalancetomort` and `morttofreebalance`
 * (POST /api/assets/), `getdepositmortgagelogs` (GET /api/log/), the admin's
 * `getpointmortgagelogs`; the others follow their style.
 */

export const mortgageMoveBody = z.object({ coin: coinField, amount: amountField, request_id: requestIdField });
export type MortgageMoveBody = z.infer<typeof mortgageMoveBody>;

export const mortgageMoveResult = z.object({
  id: text(),
  coin: text(),
  amount: text(),
  /** The coin's mortgage bucket after the move. */
  mortgage: text(),
  /** A move in: the settlement day it takes effect (T+1) and when it may come back (unix seconds); null for a move back. */
  effective_day: text().nullable(),
  unlock_at: z.number().int().nullable(),
});

export const mortgageLogSchema = z.object({
  id: text(),
  coin: text(),
  type: z.enum(MORTGAGE_LOG_TYPES),
  amount: text(),
  /** What is still in mortgage of a move in ('0' for a move back). */
  remaining: text(),
  /** A move in's state now; null for a move back. */
  status: z.enum(MORTGAGE_LOT_STATUSES).nullable(),
  effective_day: text().nullable(),
  unlock_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type MortgageLog = z.infer<typeof mortgageLogSchema>;

export const mortgageLogsQuery = pagingQuery.extend({
  coin: coinField.optional(),
  type: z.enum(MORTGAGE_LOG_TYPES).optional(),
  start: z.coerce.number().int().min(0).optional().meta({ description: 'Unix seconds, inclusive' }),
  end: z.coerce.number().int().min(0).optional().meta({ description: 'Unix seconds, exclusive' }),
});
export type MortgageLogsQuery = z.infer<typeof mortgageLogsQuery>;
export const mortgageLogPage = pageOf(mortgageLogSchema);

export const adminMortgageLogsQuery = mortgageLogsQuery.extend({ user: text().trim().max(128).optional().meta({ description: 'E-mail or uid' }) });
export const adminMortgageLogPage = pageOf(mortgageLogSchema.extend({ user_id: text(), user_email: text() }));

/** A coin's mortgage figures and rules for the user (the mortgage page). */
export const mortgageSummarySchema = z.object({
  coin: text(),
  enabled: z.boolean(),
  available: text(),
  /** The mortgage bucket, and its parts: waiting for T+1, effective, past its 7 days. */
  mortgage: text(),
  pending: text(),
  effective: text(),
  returnable: text(),
  effect_days: z.number().int(),
  return_days: z.number().int(),
  min_amount: text(),
  /** MASS: a locked position opens on a collection above this ('0': none), positions ranked beyond max_earning_rank earn nothing (0: no rule). */
  lock_threshold: text(),
  max_earning_rank: z.number().int(),
});
export const mortgageCoinsSchema = z.object({ list: z.array(mortgageSummarySchema) });

export const mortgageSettingsBody = z.object({
  coin: coinField,
  enabled: z.boolean(),
  effect_days: z.number().int().min(0).max(365),
  return_days: z.number().int().min(0).max(3650),
  min_amount: amountField,
  lock_threshold: amountField,
  max_earning_rank: z.number().int().min(0).max(100_000),
});

/** Development only: moves a lot's day, effective day and unlock time back by `days` days. */
export const mortgageDevAgeBody = z.object({ id: idField, days: z.number().int().min(1).max(3650) });

/** A pointing in mortgage: the admin's list of requests (the cancellation list's shape, without a deposit). */
export const pointMortgageRequestPage = pageOf(pointCancellationSchema.omit({ deposit: true }));

/** The operator records a settlement day's locked (staking) revenue of a coin and its position's rank. */
export const mortgageIncomeBody = z.object({
  coin: coinField,
  day: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, msg('INVALID_PARAMETER'))
    .meta({ description: 'The settlement day, YYYY-MM-DD (UTC), before today' }),
  amount: amountField,
  rank: z
    .number({ error: msg('INVALID_PARAMETER') })
    .int()
    .min(1, msg('INVALID_PARAMETER'))
    .max(1_000_000, msg('INVALID_PARAMETER')),
});
export const mortgageIncomeResult = z.object({
  coin: text(),
  day: text(),
  revenue: text(),
  rank: z.number().int(),
  /** What stood locked that day (in collections above the threshold), and what was credited to how many holders. */
  locked: text(),
  credited: text(),
  holders: z.number().int(),
  status: z.enum(['PAID', 'NO_LOCK', 'NO_RANK']),
});
