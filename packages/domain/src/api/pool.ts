import { z } from 'zod';
import { MINER_NAME_PATTERN, POST_STATUSES } from '../pool.ts';
import { pageOf, pagingQuery } from './envelope.ts';
import { msg } from './fields.ts';
import { idField } from './wallet.ts';

/**
 * The pool calls (spec doc 2 §7 'Pool', 'Dashboard'): miner API keys, the proxy tool's
 * report, miners, income records. Capacities are byte counts as decimal strings; hashrates
 * hashes per second; amounts decimal strings in whole coins.
 */

export const poolField = z
  .string({ error: msg('POOL_NOT_FOUND') })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{2,32}$/, msg('POOL_NOT_FOUND'))
  .meta({ description: 'Pool type as in GET /api/setting/pool, e.g. chia', example: 'chia' });

export const poolOnlyQuery = z.object({ pool: poolField });

// --- miner API keys ---------------------------------------------------------------------------

export const minerKeySchema = z.object({
  pool: z.string(),
  /** The whole key, shown once: only when it was just made. */
  key: z.string().optional(),
  hint: z.string().meta({ description: 'The first characters of the key, to recognise it' }),
  created_at: z.number().int(),
});
export type MinerKey = z.infer<typeof minerKeySchema>;

// --- the proxy tool's report --------------------------------------------------------------------

const byteCount = z
  .string()
  .regex(/^\d{1,30}$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'Bytes as a decimal string' });

const nodeIdField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'The node id: its 32-byte public key in hex (64 characters, no 0x)' });

export const reportBody = z.object({
  miners: z
    .array(
      z.object({
        name: z.string().trim().regex(MINER_NAME_PATTERN, msg('INVALID_PARAMETER')).meta({ description: 'Miner name, the computer name by default' }),
        version: z.string().trim().max(32).default(''),
        capacity: byteCount.default('0'),
        hashrate: byteCount.default('0').meta({ description: 'Hashes per second (hashrate coins)' }),
        line: z.string().trim().max(32).optional(),
      }),
    )
    .max(1000)
    .default([]),
  plots: z
    .array(
      z.object({
        plot_id: z.string().trim().regex(/^[A-Za-z0-9_-]{1,128}$/, msg('INVALID_PARAMETER')),
        launcher_id: z.string().trim().max(128).optional(),
        fingerprint: z.string().trim().max(32).optional(),
        prefix: z.string().trim().max(64).default(''),
        size: byteCount.default('0'),
        files: z.number().int().min(0).max(10_000_000).default(0),
        signed: z.boolean().default(false),
        joined: z.boolean().optional().meta({ description: 'Chia: the plot NFT has joined this pool' }),
        burned: z.boolean().optional().meta({ description: 'BHD family: the plot is pointed (burned) to this pool' }),
      }),
    )
    .max(5000)
    .optional()
    .meta({ description: 'The plots the proxy tool sees (inventory); updates bound plots and flags the others' }),
  nodes: z
    .array(z.object({ node_id: nodeIdField, status: z.enum(POST_STATUSES) }))
    .max(1000)
    .optional()
    .meta({ description: 'Spacemesh-style nodes: each registered node’s status as its node reports it; a move the status rules do not allow is ignored' }),
  shares: z
    .array(
      z.object({
        miner: z.string().trim().regex(MINER_NAME_PATTERN, msg('INVALID_PARAMETER')),
        difficulty: z.number().int().min(1).max(1_000_000_000),
        at: z.number().int().optional().meta({ description: 'Unix seconds the share was found; default now. At most 10 minutes old.' }),
      }),
    )
    .max(10_000)
    .default([]),
});
export type ReportBody = z.infer<typeof reportBody>;
export const reportResultSchema = z.object({
  miners: z.number().int(),
  shares: z.number().int().meta({ description: 'Shares counted: verified ones (on a trusted-proxy pool, from a key the operator issued)' }),
  rejected: z.number().int(),
  unverified: z.number().int().meta({ description: 'Shares kept out of the split: the pool cannot verify them (issue 18)' }),
  plots: z.number().int(),
  nodes: z.number().int(),
});

// --- miners -------------------------------------------------------------------------------------

export const minerQuery = pagingQuery.extend({
  pool: poolField.optional(),
  status: z.enum(['online', 'offline']).optional(),
  name: z.string().trim().max(64).optional(),
});
export const minerSchema = z.object({
  id: z.string(),
  pool: z.string(),
  name: z.string(),
  version: z.string(),
  capacity: z.string(),
  hashrate: z.string(),
  line: z.string().nullable(),
  online: z.boolean(),
  last_seen: z.number().int(),
  shares_24h: z.number().int(),
});
export type Miner = z.infer<typeof minerSchema>;
export const minerPage = pageOf(minerSchema).extend({ online: z.number().int(), offline: z.number().int() });
export const deleteMinerQuery = z.object({ id: idField });
export const removeOfflineQuery = z.object({ pool: poolField });

// --- income records -----------------------------------------------------------------------------

export const incomeQuery = pagingQuery.extend({ pool: poolField.optional() });
export const incomeRecordSchema = z.object({
  pool: z.string(),
  coin: z.string(),
  unit: z.string(),
  day: z.string(),
  points: z.string(),
  capacity: z.string(),
  amount: z.string(),
  status: z.enum(['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT']),
});
export type IncomeRecord = z.infer<typeof incomeRecordSchema>;
export const incomePage = pageOf(incomeRecordSchema);

// --- mining detail, pool detail, binding log ----------------------------------------------------

/** One day of the user's mining in a pool (GET /api/pool/miningdetail, /api/dashboard/MiningDetail). */
export const miningDetailSchema = z.object({
  pool: z.string(),
  day: z.string(),
  shares: z.number().int().meta({ description: 'Accepted shares (partials) of the day' }),
  points: z.string().meta({ description: 'Contribution points: the sum of the shares’ difficulty' }),
  capacity: z.string().meta({ description: 'Average capacity over the day (so far, for today), bytes' }),
  miners: z.number().int().meta({ description: 'Miners that sent shares that day' }),
  amount: z.string().meta({ description: 'Income of the day in whole coins; 0 until settled' }),
  status: z.enum(['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT']),
});
export type MiningDetail = z.infer<typeof miningDetailSchema>;
export const miningDetailQuery = pagingQuery.extend({ pool: poolField, days: z.coerce.number().int().min(1).max(90).default(30) });
export const miningDetailPage = pageOf(miningDetailSchema);

// --- settlement (operator) ---------------------------------------------------------------------

export const settlementSchema = z.object({
  pool: z.string(),
  day: z.string(),
  status: z.enum(['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT']),
  revenue: z.string(),
  fee: z.string(),
  withheld: z.string(),
  /** A day without shares: its pot, carried (fee-free) to the next day with shares. */
  remainder: z.string(),
  credited: z.string(),
  /** Pots of earlier days without shares shared on this day. */
  carried_in: z.string(),
  members: z.number().int(),
});
export type Settlement = z.infer<typeof settlementSchema>;

// --- dashboard ----------------------------------------------------------------------------------

export const summaryQuery = z.object({ pool: poolField });
export const dashboardSummarySchema = z.object({
  pool: z.string(),
  coin: z.string(),
  unit: z.string(),
  online: z.number().int(),
  offline: z.number().int(),
  capacity: z.string().meta({ description: 'Estimated from the points of the last 24 hours, bytes' }),
  reported_capacity: z.string().meta({ description: 'Sum of what the online miners report, bytes' }),
  hashrate: z.string(),
  points_24h: z.string(),
  income_yesterday: z.string(),
  income_total: z.string(),
  pending: z.string(),
  available: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const shareSeriesQuery = z.object({ pool: poolField, hours: z.coerce.number().int().min(1).max(24 * 30).default(24) });
export const shareSeriesSchema = z.array(z.object({ time: z.number().int(), points: z.string(), shares: z.number().int(), capacity: z.string() }));
export type ShareSeries = z.infer<typeof shareSeriesSchema>;

// --- public statistics --------------------------------------------------------------------------

export const poolStatSchema = z.object({
  pool: z.string(),
  coin: z.string(),
  name: z.string(),
  pool_type: z.string(),
  unit: z.string(),
  icon: z.string(),
  capacity: z.string(),
  hashrate: z.string(),
  online_miners: z.number().int(),
  online_users: z.number().int(),
  height: z.string(),
  blocks_24h: z.number().int(),
  blocks_7d: z.number().int(),
  mined_24h: z.string(),
  mined_7d: z.string(),
});
export type PoolStat = z.infer<typeof poolStatSchema>;

/** One pool as its users see it (GET /api/pool/detail): live figures and the terms it pays by. */
export const poolDetailSchema = poolStatSchema.extend({
  mode: z.string(),
  fee_percent: z.string().meta({ description: 'Pool fee in percent, e.g. "2.5"' }),
  payment_time: z.string(),
  payout_threshold: z.string(),
  withdraw_fee: z.string(),
});
export type PoolDetail = z.infer<typeof poolDetailSchema>;

export const blockQuery = pagingQuery.extend({ pool: poolField.optional() });
export const blockSchema = z.object({
  id: z.string(),
  pool: z.string(),
  coin: z.string(),
  unit: z.string(),
  height: z.string(),
  time: z.number().int(),
  reward: z.string(),
  capacity: z.string(),
  finder: z.string(),
});
export type Block = z.infer<typeof blockSchema>;
export const blockPage = pageOf(blockSchema);

export const rankingSchema = z.array(z.object({ rank: z.number().int(), name: z.string(), capacity: z.string() }));
export type Ranking = z.infer<typeof rankingSchema>;

export const homeListSchema = z.object({
  pools: z.array(poolStatSchema),
  blocks: z.array(blockSchema),
  ranking: rankingSchema,
  default_pool: z.string(),
});
export type HomeList = z.infer<typeof homeListSchema>;

export const trendQuery = z.object({ pool: poolField, days: z.coerce.number().int().min(1).max(90).default(7) });
export const trendSchema = z.object({
  samples: z.array(z.object({ time: z.number().int(), capacity: z.string(), hashrate: z.string().meta({ description: 'Online miners’ hashrate, hashes per second (hashrate coins)' }), miners: z.number().int(), users: z.number().int() })),
  blocks: z.array(z.object({ day: z.string(), blocks: z.number().int(), reward: z.string() })),
});
export type Trend = z.infer<typeof trendSchema>;

export const settleBody = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg('INVALID_PARAMETER')), pool: poolField.optional() });

export const addressQueryQuery = z.object({ pool: poolField, address: z.string().trim().min(1).max(128) });
export const addressResultSchema = z.object({
  pool: z.string(),
  coin: z.string(),
  unit: z.string(),
  address: z.string(),
  capacity: z.string(),
  online: z.number().int(),
  offline: z.number().int(),
  miners: z.array(z.object({ name: z.string(), online: z.boolean(), capacity: z.string(), hashrate: z.string(), last_seen: z.number().int() })),
  income: z.array(z.object({ day: z.string(), amount: z.string(), status: z.enum(['SETTLEMENT', 'UNSETTLEMENT']) })),
});
export type AddressResult = z.infer<typeof addressResultSchema>;

// --- back office --------------------------------------------------------------------------------

export const poolConfigSchema = z.object({
  pool: z.string(),
  coin: z.string(),
  name: z.string(),
  pool_type: z.string(),
  enabled: z.boolean(),
  mode: z.string(),
  fee_bp: z.number().int(),
  coop_ratio_bp: z.number().int(),
  burn_coefficient_bp: z.number().int(),
  payment_time: z.string(),
  payout_threshold: z.string(),
  withdraw_fee: z.string(),
  withdraw_audit: z.boolean(),
  protocol: z.string(),
  trusted_proxy: z.boolean().meta({ description: 'Trusted-proxy mode: shares from keys the operator issued split revenue (trusted-proxy pools only)' }),
  plausibility_tolerance_bp: z.number().int().meta({ description: 'Points a miner may earn above what its capacity or hashrate could produce before it is held for review, basis points' }),
});
export type PoolConfigView = z.infer<typeof poolConfigSchema>;

const basisPoints = z.number().int().min(0, msg('INVALID_PARAMETER')).max(10_000, msg('INVALID_PARAMETER'));
export const updatePoolConfigBody = z.object({
  pool: poolField,
  mode: z.enum(['PPLNS', 'PPS', 'PROP']).optional(),
  fee_bp: basisPoints.optional().meta({ description: 'Pool fee, basis points (300 = 3 %)' }),
  coop_ratio_bp: basisPoints.optional(),
  burn_coefficient_bp: z.number().int().min(0).max(1_000_000).optional(),
  payment_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg('INVALID_PARAMETER')).optional(),
  payout_threshold: z.string().trim().regex(/^\d{1,30}(\.\d{1,36})?$/, msg('AMOUNT_INVALID')).optional(),
  withdraw_fee: z.string().trim().regex(/^\d{1,30}(\.\d{1,36})?$/, msg('AMOUNT_INVALID')).optional(),
  withdraw_audit: z.boolean().optional(),
  enabled: z.boolean().optional(),
  trusted_proxy: z.boolean().optional(),
  plausibility_tolerance_bp: z.number().int().min(0, msg('INVALID_PARAMETER')).max(1_000_000, msg('INVALID_PARAMETER')).optional(),
});
export type UpdatePoolConfigBody = z.infer<typeof updatePoolConfigBody>;

export const dailyReportQuery = pagingQuery.extend({ pool: poolField.optional(), status: z.enum(['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT']).optional() });
export const dailyReportPage = pageOf(settlementSchema.extend({ settled_at: z.number().int().nullable() }));

export const assetsReportQuery = pagingQuery.extend({ coin: z.string().trim().toUpperCase().regex(/^[A-Z0-9_]{2,32}$/, msg('COIN_NOT_FOUND')).optional() });
export const assetsReportSchema = z.object({
  day: z.string(),
  coin: z.string(),
  unit: z.string(),
  deposits: z.string(),
  withdrawals: z.string(),
  mining_income: z.string(),
  fees: z.string().meta({ description: 'What the platform earned: pool fees, the withheld unsecured share (BHD family) and withdrawal fees' }),
  adjustments: z.string(),
  user_balance: z.string().meta({ description: 'Every user bucket of the coin at the end of the day' }),
});
export const assetsReportPage = pageOf(assetsReportSchema);

export const adminMinerQuery = minerQuery.extend({ uid: z.string().trim().max(32).optional() });
export const adminMinerPage = pageOf(minerSchema.extend({ uid: z.string(), email: z.string() })).extend({ online: z.number().int(), offline: z.number().int() });

/** /admin/openned: the pools users have opened (a miner API key made, or miners reporting). */
export const adminOpenedQuery = pagingQuery.extend({ pool: poolField.optional(), uid: z.string().trim().max(32).optional() });
export const adminOpenedSchema = z.object({
  uid: z.string(),
  email: z.string(),
  pool: z.string(),
  coin: z.string(),
  opened_at: z.number().int().meta({ description: 'When the user first made a key for the pool or a miner of theirs reported, unix seconds' }),
  key_active: z.boolean().meta({ description: 'The user holds a live miner API key for the pool' }),
  miners: z.number().int(),
  online: z.number().int(),
  last_seen: z.number().int().nullable(),
});
export type AdminOpened = z.infer<typeof adminOpenedSchema>;
export const adminOpenedPage = pageOf(adminOpenedSchema);

export const adminIncomeQuery = pagingQuery.extend({ pool: poolField.optional(), uid: z.string().trim().max(32).optional(), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() });
export const adminIncomePage = pageOf(incomeRecordSchema.extend({ uid: z.string(), email: z.string() }));

// --- plots and binding ------------------------------------------------------------------------

export const PLOT_FLAGS = ['TIMEOUT', 'UNBOUND', 'NOTJOIN', 'NOTBURN', 'DOUBLE'] as const;
export const BIND_STATUSES = ['BIND_SENT', 'CONFIRMED', 'UNBIND_AUDITING', 'UNBIND_SENT', 'UNBIND'] as const;
const plotIdField = z.string().trim().regex(/^[A-Za-z0-9_-]{1,128}$/, msg('INVALID_PARAMETER')).meta({ description: 'Plot identifier: a Chia plot id, a BHD-family plotter id…' });

export const plotQuery = pagingQuery.extend({ pool: poolField.optional(), status: z.enum([...BIND_STATUSES, ...PLOT_FLAGS, 'UNSIGNED']).optional() });
export const plotSchema = z.object({
  id: z.string(),
  pool: z.string(),
  plot_id: z.string(),
  launcher_id: z.string().nullable(),
  fingerprint: z.string().nullable(),
  filename_prefix: z.string(),
  size: z.string(),
  file_count: z.number().int(),
  signing: z.enum(['signed', 'UNSIGNED', 'BANNED']),
  bind_address: z.string().nullable(),
  bind_status: z.enum(BIND_STATUSES).nullable(),
  flag: z.enum(PLOT_FLAGS).nullable(),
  bind_sent_at: z.number().int().nullable(),
  confirmed_at: z.number().int().nullable(),
  last_seen: z.number().int().nullable(),
  review: z.enum(['pending', 'approved', 'rejected', 'canceled']).nullish().meta({ description: 'The back office’s decision on the last binding or unbinding request' }),
  review_reason: z.string().nullish().meta({ description: 'Why it was rejected or canceled' }),
  post_status: z.enum(POST_STATUSES).nullable().meta({ description: 'Spacemesh-style nodes: the registration status; null for plots' }),
});
export type Plot = z.infer<typeof plotSchema>;
export const plotCountersSchema = z.object({
  bound: z.number().int(),
  BIND_SENT: z.number().int(),
  UNBIND_AUDITING: z.number().int(),
  TIMEOUT: z.number().int(),
  UNBOUND: z.number().int(),
  NOTJOIN: z.number().int(),
  NOTBURN: z.number().int(),
  DOUBLE: z.number().int(),
  UNSIGNED: z.number().int(),
  size: z.string(),
});
export const plotPage = pageOf(plotSchema).extend({ counters: plotCountersSchema });
/** The user's binding records (GET /api/dashboard/BindLog). */
export const bindLogPage = pageOf(plotSchema);

export const bindDataQuery = z.object({ pool: poolField, plot_id: plotIdField, address: z.string().trim().min(1).max(128) });
export const bindDataSchema = z.object({ message: z.string(), expires_at: z.number().int() });
export const bindBody = z.object({
  pool: poolField,
  plot_id: plotIdField,
  address: z.string().trim().min(1).max(128),
  message: z.string().min(1).max(1000),
  signature: z.string().trim().min(1).max(512),
});
export type BindBody = z.infer<typeof bindBody>;
export const unbindBody = z.object({ id: idField });
export const registerNodeBody = z.object({ pool: poolField, node_id: nodeIdField, size: byteCount.default('0').meta({ description: 'Committed storage, bytes' }) });
export type RegisterNodeBody = z.infer<typeof registerNodeBody>;
export const devnetSignBody = z.object({ pool: poolField, address: z.string().trim().min(1).max(128), message: z.string().min(1).max(1000) });

export const adminPlotQuery = plotQuery.extend({ uid: z.string().trim().max(32).optional(), plot_id: z.string().trim().max(128).optional() });
export const adminPlotPage = pageOf(plotSchema.extend({ uid: z.string(), email: z.string() }));
