import { z } from 'zod';
import { MEMO_MAX, RATIO_WHOLE, REMARK_MAX, WITHDRAW_STATUSES, WITHDRAW_SOURCES, ASSET_LOG_KINDS } from '../wallet.ts';
import { pagingQuery, pageOf } from './envelope.ts';
import { idField, msg, text } from './text.ts';
import { securityCodesSchema } from './security.ts';

/**
 * The wallet calls (spec doc 2 §7 'Assets and logs', the address calls, the admin withdrawal
 * calls). Amounts travel as decimal strings in whole coins ("1.25"); the server parses them at
 * the coin's scale (more decimals than the coin has: AMOUNT_INVALID) and answers the same way.
 */

/**
 * Whole digits an amount may have: 10^15 coins is far beyond any coin's supply, and with the
 * largest scale (18 decimals) it stays well inside the ledger's numeric(40,0) even summed.
 */
export const AMOUNT_WHOLE_DIGITS_MAX = 15;

/** A decimal amount in whole coins, positive. */
export const amountField = text({ error: msg('AMOUNT_INVALID') })
  .trim()
  .regex(new RegExp(`^\\d{1,${AMOUNT_WHOLE_DIGITS_MAX}}(\\.\\d{1,36})?$`), msg('AMOUNT_INVALID'))
  .meta({ description: 'Decimal amount in whole coins, e.g. "1.25"', example: '1.25' });

/** A signed decimal amount (admin adjustments). */
export const signedAmountField = text({ error: msg('AMOUNT_INVALID') })
  .trim()
  .regex(new RegExp(`^-?\\d{1,${AMOUNT_WHOLE_DIGITS_MAX}}(\\.\\d{1,36})?$`), msg('AMOUNT_INVALID'))
  .meta({ description: 'Signed decimal amount in whole coins', example: '-0.5' });

export const coinField = text({ error: msg('COIN_NOT_FOUND') })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{2,32}$/, msg('COIN_NOT_FOUND'))
  .meta({ description: 'Coin type as in GET /api/setting/coin, e.g. CHIA', example: 'CHIA' });

/** Idempotency key of a money-moving call: the same key returns the first answer. */
export const requestIdField = text()
  .regex(/^[\w.:-]{8,128}$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'Idempotency key (8 to 128 of letters, digits, _ . : -); a replay returns the first answer' });

// --- assets ---------------------------------------------------------------------------------

export const assetEntrySchema = z.object({
  type: text(),
  icon: text(),
  unit: text(),
  scale: z.number().int(),
  available: text(),
  withdrawing: text(),
  frozen: text(),
  mortgage: text(),
  pending_earnings: text(),
  finance: text(),
  total: text(),
  total_earnings: text(),
});
export type AssetEntry = z.infer<typeof assetEntrySchema>;

/** The currency block: per-coin wallet settings the deposit and withdrawal forms need. */
export const currencyEntrySchema = z.object({
  type: text(),
  unit: text(),
  scale: z.number().int(),
  closed: z.boolean(),
  testnet: z.boolean(),
  confirmation: z.number().int(),
  min_withdraw: text(),
  withdraw_fee: text(),
  min_transfer: text(),
  memo_supported: z.boolean(),
  activation_fee: text().meta({ description: 'Extra fee on an address’s first use (AR), else "0"' }),
  withdraw_audit: z.boolean().meta({ description: 'Whether a withdrawal of the coin is reviewed before it is sent (false: every pool of the coin has its withdrawal audit off)' }),
});
export type CurrencyEntry = z.infer<typeof currencyEntrySchema>;

export const totalAssetsSchema = z.object({
  list: z.array(assetEntrySchema),
  currency: z.array(currencyEntrySchema),
  withdraw_locked_until: z.number().int().nullable().meta({ description: 'Unix seconds; set for 24 h after a security change' }),
});
export type TotalAssets = z.infer<typeof totalAssetsSchema>;

export const miningIncomeQuery = z.object({ coin: coinField.optional() });
export const miningIncomeEntrySchema = z.object({
  type: text(),
  unit: text(),
  yesterday: text(),
  total: text(),
  pending: text(),
  auto_pay: z.boolean(),
});
export const miningIncomeSchema = z.array(miningIncomeEntrySchema);

// --- deposits ---------------------------------------------------------------------------------

export const rechargeAddressQuery = z.object({ coin: coinField });
export const rechargeAddressSchema = z.object({
  coin: text(),
  address: text(),
  memo: z
    .string()
    .max(1000)
    .meta({ description: "The message a deposit must carry to be credited to this user (Signum: the pool's one account); '' when the address is the user's own" }),
  confirmation: z.number().int().meta({ description: 'Confirmations before a deposit is credited' }),
});

export const depositSchema = z.object({
  id: text(),
  coin: text(),
  address: text(),
  amount: text(),
  txid: text(),
  confirmations: z.number().int(),
  required: z.number().int(),
  status: z.enum(['pending', 'credited', 'dropped']),
  created_at: z.number().int(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositLogQuery = pagingQuery.extend({ coin: coinField.optional() });
export const depositPage = pageOf(depositSchema);

// --- address book -----------------------------------------------------------------------------

export const remarkField = text()
  .trim()
  .max(REMARK_MAX, msg('OUT_OF_LENGTH_LIMIT'))
  .meta({ description: `At most ${REMARK_MAX} characters` });

export const withdrawAddressSchema = z.object({
  id: text(),
  coin: text(),
  address: text(),
  remark: text(),
  memo: text(),
  auto_pay: z.boolean(),
  ratio: z
    .number()
    .int()
    .meta({ description: `Auto Pay share in basis points (${RATIO_WHOLE} = 100 %)` }),
  min_pay: text(),
  pending_income: text().meta({ description: 'Auto Pay amounts on their way to this address' }),
  activated: z.boolean().meta({ description: 'Used before (AR: no activation fee any more)' }),
  created_at: z.number().int(),
});
export type WithdrawAddress = z.infer<typeof withdrawAddressSchema>;

export const withdrawAddressesQuery = z.object({ coin: coinField.optional() });

export const addWithdrawAddressBody = securityCodesSchema.extend({
  coin: coinField,
  address: text().trim().min(1, msg('WALLET_ADDRESS_INVALID')).max(128, msg('WALLET_ADDRESS_INVALID')),
  remark: remarkField.default(''),
  memo: text().trim().max(MEMO_MAX, msg('OUT_OF_LENGTH_LIMIT')).default(''),
});
export type AddWithdrawAddressBody = z.infer<typeof addWithdrawAddressBody>;

export const updateRemarkBody = z.object({ id: idField, remark: remarkField });
export const deleteWithdrawAddressQuery = z.object({ id: idField });

// --- withdrawals ------------------------------------------------------------------------------

export const withdrawBody = securityCodesSchema.extend({
  coin: coinField,
  address_id: idField.meta({ description: 'An address of the address book (WITHDRAW_ADDRESS_NOT_FOUND without)' }),
  amount: amountField,
  request_id: requestIdField,
});
export type WithdrawBody = z.infer<typeof withdrawBody>;

export const withdrawalSchema = z.object({
  id: text(),
  coin: text(),
  unit: text(),
  amount: text(),
  fee: text(),
  received: text().meta({ description: 'Actual received = amount − fee' }),
  address: text(),
  memo: text(),
  status: z.enum(WITHDRAW_STATUSES),
  source: z.enum(WITHDRAW_SOURCES),
  reason: text().meta({ description: 'Rejection or cancellation reason' }),
  txid: text(),
  batch: text().meta({ description: 'Review batch date (YYYY-MM-DD)' }),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const revocationWithdrawBody = z.object({ id: idField });

export const withdrawLogQuery = pagingQuery.extend({
  coin: coinField.optional(),
  status: z.enum(WITHDRAW_STATUSES).optional(),
});
export const withdrawPage = pageOf(withdrawalSchema);

// --- transfers --------------------------------------------------------------------------------

export const transferBody = securityCodesSchema.extend({
  coin: coinField,
  to: text().trim().min(1, msg('USER_NOT_EXIST')).max(254).meta({ description: 'Recipient e-mail or uid' }),
  amount: amountField,
  request_id: requestIdField,
});
export type TransferBody = z.infer<typeof transferBody>;
export const transferResultSchema = z.object({ transaction_id: text(), amount: text(), to: text() });

// --- Auto Pay ---------------------------------------------------------------------------------

export const autoPayQuery = z.object({ coin: coinField });
/**
 * What the last Auto Pay run did: paid, or why it skipped (the income stays pending): no
 * recipient, shares not totalling 100 %, a share below its minimum, nothing pending, or the
 * 24-hour security lock after a security change.
 */
export const autoPayOutcomes = ['paid', 'no_recipients', 'ratio_not_whole', 'below_minimum', 'nothing_to_pay', 'security_locked'] as const;
export type AutoPayOutcome = (typeof autoPayOutcomes)[number];
export const autoPaySchema = z.object({
  coin: text(),
  enabled: z.boolean(),
  recipients: z.array(z.object({ address_id: text(), address: text(), remark: text(), ratio: z.number().int(), min_pay: text() })),
  last_run_at: z.number().int().nullable(),
  last_outcome: z.enum(autoPayOutcomes).nullable().meta({ description: 'What the run at last_run_at did (null: never run)' }),
});
export type AutoPay = z.infer<typeof autoPaySchema>;

/** Turning Auto Pay on or changing its recipients needs the security verification `autopay`. */
export const setAutoPayBody = securityCodesSchema.extend({
  coin: coinField,
  enabled: z.boolean(),
  recipients: z
    .array(
      z.object({
        address_id: idField,
        ratio: z.number().int().min(1, msg('AUTO_PAY_INVALID')).max(RATIO_WHOLE, msg('AUTO_PAY_INVALID')),
        min_pay: amountField.default('0'),
      }),
    )
    .max(20, msg('TOO_MANY_ADDRESSES'))
    .default([]),
});
export type SetAutoPayBody = z.infer<typeof setAutoPayBody>;

// --- bill (asset log) and exports -------------------------------------------------------------

export const assetLogQuery = pagingQuery.extend({
  coin: coinField.optional(),
  kind: z.enum(ASSET_LOG_KINDS).optional(),
  start: z.coerce.number().int().min(0).optional().meta({ description: 'Unix seconds, inclusive' }),
  end: z.coerce.number().int().min(0).optional().meta({ description: 'Unix seconds, exclusive' }),
});
export type AssetLogQuery = z.infer<typeof assetLogQuery>;

export const assetLogItemSchema = z.object({
  id: text(),
  coin: text(),
  kind: text(),
  amount: text().meta({ description: 'Signed change of the balance named by `bucket` (a withdrawal hold is two rows: available −, withdraw_hold +)' }),
  bucket: text(),
  reference: text(),
  memo: text(),
  /** The other user of a transfer (masked e-mail, or UID), on both sides; '' for other kinds. */
  counterparty: text(),
  created_at: z.number().int(),
});
export type AssetLogItem = z.infer<typeof assetLogItemSchema>;
export const assetLogPage = pageOf(assetLogItemSchema);
/** The back office's flow (/admin/flow; admin GET asset): every user's bill, filtered also by uid. */
export const adminFlowQuery = assetLogQuery.extend({ uid: text().trim().max(64).optional() });
export const adminFlowPage = pageOf(assetLogItemSchema.extend({ uid: text(), email: text() }));

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const EXPORT_KINDS = ['asset', 'withdraw'] as const;
export const applyExportBody = z.object({
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  coin: coinField.optional(),
  start: z.number().int().min(0).optional(),
  end: z.number().int().min(0).optional(),
});
export const exportStatusQuery = z.object({ id: idField });
export const exportSchema = z.object({
  id: text(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(['pending', 'ready', 'failed']),
  progress: z.number().int().min(0).max(100),
  rows: z.number().int(),
  created_at: z.number().int(),
  next_allowed_at: z.number().int(),
});
export type ExportJob = z.infer<typeof exportSchema>;

// --- admin --------------------------------------------------------------------------------------

export const adminWithdrawQuery = pagingQuery.extend({
  coin: coinField.optional(),
  status: z.enum(WITHDRAW_STATUSES).optional(),
  uid: text().trim().max(64).optional(),
  batch: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export const adminWithdrawalSchema = withdrawalSchema.extend({ uid: text(), email: text(), cancel_requested: z.boolean() });
export const adminWithdrawPage = pageOf(adminWithdrawalSchema);

const reasonField = text().trim().max(200, msg('OUT_OF_LENGTH_LIMIT'));

/** Approve, or reject with a reason (spec doc 1 §5: a reject reason is required). */
export const auditWithdrawBody = z
  .object({ id: idField, approve: z.boolean(), reason: reasonField.default('') })
  .refine((b) => b.approve || b.reason.length > 0, { message: 'a reject reason is required', path: ['reason'] });
export const auditBatchWithdrawBody = z
  .object({ ids: z.array(idField).min(1).max(500), approve: z.boolean(), reason: reasonField.default('') })
  .refine((b) => b.approve || b.reason.length > 0, { message: 'a reject reason is required', path: ['reason'] });
export const auditCancelWithdrawBody = z.object({ id: idField, reason: reasonField.default('') });
export const auditBatchCancelWithdrawBody = z.object({ ids: z.array(idField).min(1).max(500), reason: reasonField.default('') });
export const auditResultSchema = z.object({ done: z.array(text()), skipped: z.array(z.object({ id: text(), code: z.number().int() })) });

export const updateWithdrawFeeBody = z.object({
  coin: coinField,
  fee: text().trim().min(1, 'a withdraw fee is required').pipe(amountField),
});

// UpdateBalance's body and answer live with the back office's calls (api/admin.ts).

// --- devnet (development only) ------------------------------------------------------------------

export const devnetSendBody = z.object({ coin: coinField, address: text().trim().min(1).max(128), amount: amountField });
export const devnetSendSchema = z.object({ txid: text(), height: z.number().int() });
