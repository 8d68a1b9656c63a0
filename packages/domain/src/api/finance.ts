import { z } from 'zod';
import { FINANCE_HOLDING_STATES, FINANCE_LISTING_STATUSES, FINANCE_PRODUCT_STATES, FINANCE_PRODUCT_TYPES } from '../finance.ts';
import { pagingQuery, pageOf } from './envelope.ts';
import { msg, text, idField } from './text.ts';
import { securityCodesSchema } from './security.ts';
import { amountField, coinField, requestIdField } from './wallet.ts';

/**
 * The finance products' calls (issue 23). The spec's call list (doc 2 §7) names none for them,
 * so they follow its style under /api/finance/ and /api/admin/finance/. Amounts are decimal
 * strings in whole coins; rates are percentages ("5.25" is 5.25 % a year, at most 4 decimals).
 */

export const percentField = text({ error: msg('INVALID_PARAMETER') })
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4})?$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'Annualised rate in percent, e.g. "5.25" (at most 4 decimals)', example: '5.25' });

const dayCount = (max: number) => z.coerce.number().int(msg('INVALID_PARAMETER')).min(0, msg('INVALID_PARAMETER')).max(max, msg('INVALID_PARAMETER'));
const isoTime = text()
  .trim()
  .pipe(z.iso.datetime({ offset: true, error: msg('INVALID_PARAMETER') }));

export const financeTierSchema = z.object({ from_days: dayCount(3650), rate: percentField });
export type FinanceTier = z.infer<typeof financeTierSchema>;

export const financeProductBody = z.object({
  name: text({ error: msg('INVALID_PARAMETER') })
    .trim()
    .min(1, msg('INVALID_PARAMETER'))
    .max(64, msg('OUT_OF_LENGTH_LIMIT')),
  type: z.enum(FINANCE_PRODUCT_TYPES, { error: msg('INVALID_PARAMETER') }),
  coin: coinField,
  coefficient: text({ error: msg('INVALID_PARAMETER') })
    .trim()
    .regex(/^\d{1,4}(\.\d{1,4})?$/, msg('INVALID_PARAMETER'))
    .default('1'),
  term_days: dayCount(3650).default(0),
  start_at: isoTime.nullable().default(null),
  end_at: isoTime.nullable().default(null),
  annual_rate: percentField,
  tiers: z.array(financeTierSchema).max(5, msg('INVALID_PARAMETER')).default([]),
  min_amount: amountField,
  quota: amountField.default('0').meta({ description: 'Total quota in whole coins; 0 = no limit. A staking product locks when its subscriptions reach it.' }),
  lock_days: dayCount(3650).default(0),
  weight: z.coerce.number().int(msg('INVALID_PARAMETER')).min(0, msg('INVALID_PARAMETER')).max(1_000_000, msg('INVALID_PARAMETER')).default(0),
  staking_blocks: z.coerce.number().int(msg('INVALID_PARAMETER')).min(0, msg('INVALID_PARAMETER')).max(10_000_000, msg('INVALID_PARAMETER')).default(0),
  rating: text().trim().max(16, msg('OUT_OF_LENGTH_LIMIT')).default(''),
  indefinite: z.boolean().default(false),
  verify_purchase: z.boolean().default(false).meta({ description: 'Buying asks for the security verification of a withdrawal' }),
  miner_uid: text()
    .trim()
    .regex(/^\d{1,18}$/, msg('INVALID_PARAMETER'))
    .nullable()
    .optional()
    .meta({ description: 'A saving (SXC): the miner (a user uid) that takes the miner’s share of each day’s yield; none: the pool takes it' }),
});
export type FinanceProductBody = z.infer<typeof financeProductBody>;

export const financeProductUpdateBody = financeProductBody.extend({ id: idField });
export const financeIdBody = z.object({ id: idField });
export const financeShelfBody = z.object({ id: idField, on_shelf: z.boolean() });
export const financeFundBody = z.object({
  id: idField,
  amount: amountField,
  from_uid: text()
    .trim()
    .regex(/^\d{1,18}$/, msg('INVALID_PARAMETER'))
    .optional()
    .meta({ description: 'The operator account paying (a user uid); the acting admin’s own account by default' }),
  request_id: requestIdField,
});

export const financeSettingsSchema = z.object({
  settlement_hour_utc: z.union([z.literal(0), z.literal(12)], { error: msg('INVALID_PARAMETER') }).meta({ description: 'The hour (UTC) of the daily accrual: 0 or 12' }),
  redemption_days: z.coerce.number().int(msg('INVALID_PARAMETER')).min(0, msg('INVALID_PARAMETER')).max(30, msg('INVALID_PARAMETER')),
  saving_owner_share: percentField,
  saving_miner_share: percentField,
});
export type FinanceSettingsBody = z.infer<typeof financeSettingsSchema>;

export const financeProductsQuery = pagingQuery.extend({
  type: z.enum(FINANCE_PRODUCT_TYPES, { error: msg('INVALID_PARAMETER') }).optional(),
  coin: coinField.optional(),
});
export const financeProductQuery = z.object({ id: idField });

export const financeProductSchema = z.object({
  id: text(),
  name: text(),
  type: z.enum(FINANCE_PRODUCT_TYPES),
  coin: text(),
  coefficient: text(),
  term_days: z.number().int(),
  days_elapsed: z.number().int(),
  start_at: text().nullable(),
  end_at: text().nullable(),
  annual_rate: text(),
  yesterday_rate: text().meta({ description: 'Yesterday’s annualised figure: the last accrued day’s interest over its principal, a year of it, in percent' }),
  daily_interest: text().meta({ description: 'The interest the product paid on its last accrued day' }),
  tiers: z.array(financeTierSchema),
  min_amount: text(),
  quota: text(),
  ordered: text(),
  participants: z.number().int(),
  lock_days: z.number().int(),
  weight: z.number().int(),
  accumulated_income: text(),
  redemption_days: z.number().int(),
  staking_blocks: z.number().int(),
  blocks_left: z.number().int().nullable(),
  rating: text(),
  indefinite: z.boolean(),
  verify_purchase: z.boolean(),
  on_shelf: z.boolean(),
  status: z.enum(FINANCE_LISTING_STATUSES),
  state: z.enum(FINANCE_PRODUCT_STATES),
  saving_owner_share: text().nullable(),
  saving_miner_share: text().nullable(),
});
export type FinanceProduct = z.infer<typeof financeProductSchema>;
export const financeProductPage = pageOf(financeProductSchema);

export const adminFinanceProductSchema = financeProductSchema.extend({
  budget: text().meta({ description: 'What is left of the interest budget' }),
  budget_funded: text(),
  budget_exhausted_at: text().nullable().meta({ description: 'Set when a day’s interest did not fit the budget: the product stopped accruing' }),
  holdings: z.number().int(),
  miner_uid: text().nullable().meta({ description: 'A saving’s miner (a user uid), or null' }),
});
export type AdminFinanceProduct = z.infer<typeof adminFinanceProductSchema>;
export const adminFinanceProductPage = pageOf(adminFinanceProductSchema);

export const financeBuyBody = securityCodesSchema.extend({
  product_id: idField,
  amount: amountField,
  request_id: requestIdField,
});
export type FinanceBuyBody = z.infer<typeof financeBuyBody>;

export const financeHoldingBody = z.object({ id: idField, request_id: requestIdField });

export const financeHoldingsQuery = pagingQuery.extend({
  status: z.enum(FINANCE_HOLDING_STATES, { error: msg('INVALID_PARAMETER') }).optional(),
  product_id: idField.optional(),
});

export const financeHoldingSchema = z.object({
  id: text(),
  product_id: text(),
  product_name: text(),
  type: z.enum(FINANCE_PRODUCT_TYPES),
  coin: text(),
  amount: text(),
  income: text().meta({ description: 'Interest accrued so far' }),
  yesterday_income: text(),
  status: z.enum(FINANCE_HOLDING_STATES),
  subscribed_at: text(),
  redeem_requested_at: text().nullable(),
  redemption_due_at: text().nullable().meta({ description: 'The expected date of a redemption (T+N)' }),
  closed_at: text().nullable(),
  blocks_left: z.number().int().nullable(),
  uid: text().optional(),
});
export type FinanceHolding = z.infer<typeof financeHoldingSchema>;
export const financeHoldingPage = pageOf(financeHoldingSchema);

export const financeIncomeQuery = pagingQuery.extend({ holding_id: idField.optional() });
export const financeIncomeSchema = z.object({ day: text(), holding_id: text(), product_name: text(), coin: text(), amount: text() });
export const financeIncomePage = pageOf(financeIncomeSchema);

export const financeBuyResult = z.object({ holding_id: text(), amount: text() });
export const financeRedeemResult = z.object({ holding_id: text(), status: z.enum(FINANCE_HOLDING_STATES), redemption_due_at: text().nullable() });

export const adminFinanceSubscriptionsQuery = pagingQuery.extend({ product_id: idField, status: z.enum(FINANCE_HOLDING_STATES, { error: msg('INVALID_PARAMETER') }).optional() });

/** Development only: moves an open holding's dates back by `days` days (the browser tests' stand-in for waiting). */
export const financeDevAgeBody = z.object({ id: idField, days: z.number().int().min(1).max(3650) });
