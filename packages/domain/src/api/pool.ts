import { z } from 'zod';
import { MINER_NAME_PATTERN, POST_STATUSES } from '../pool.ts';
import { pageOf, pagingQuery } from './envelope.ts';
import { msg, text, idField } from './text.ts';

/**
 * The pool calls (spec doc 2 §7 'Pool', 'Dashboard'): miner API keys, the proxy tool's
 * report, miners, income records. Capacities are byte counts as decimal strings; hashrates
 * hashes per second; amounts decimal strings in whole coins.
 */

export const poolField = text({ error: msg('POOL_NOT_FOUND') })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{2,32}$/, msg('POOL_NOT_FOUND'))
  .meta({ description: 'Pool type as in GET /api/setting/pool, e.g. chia', example: 'chia' });

export const poolOnlyQuery = z.object({ pool: poolField });

// --- miner API keys ---------------------------------------------------------------------------

export const minerKeySchema = z.object({
  pool: text(),
  /** The whole key, shown once: only when it was just made. */
  key: text().optional(),
  hint: text().meta({ description: 'The first characters of the key, to recognise it' }),
  created_at: z.number().int(),
});
export type MinerKey = z.infer<typeof minerKeySchema>;

// --- the proxy tool's report --------------------------------------------------------------------

const byteCount = text()
  .regex(/^\d{1,30}$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'Bytes as a decimal string' });

const nodeIdField = text()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'The node id: its 32-byte public key in hex (64 characters, no 0x)' });

export const reportBody = z.object({
  miners: z
    .array(
      z.object({
        name: text().trim().regex(MINER_NAME_PATTERN, msg('INVALID_PARAMETER')).meta({ description: 'Miner name, the computer name by default' }),
        version: text().trim().max(32).default(''),
        capacity: byteCount.default('0'),
        hashrate: byteCount.default('0').meta({ description: 'Hashes per second (hashrate coins)' }),
        line: text().trim().max(32).optional(),
      }),
    )
    .max(1000)
    .default([]),
  plots: z
    .array(
      z.object({
        plot_id: text()
          .trim()
          .regex(/^[A-Za-z0-9_-]{1,128}$/, msg('INVALID_PARAMETER')),
        launcher_id: text().trim().max(128).optional(),
        fingerprint: text().trim().max(32).optional(),
        prefix: text().trim().max(64).default(''),
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
        miner: text().trim().regex(MINER_NAME_PATTERN, msg('INVALID_PARAMETER')),
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
  name: text().trim().max(64).optional(),
});
export const minerSchema = z.object({
  id: text(),
  pool: text(),
  name: text(),
  version: text(),
  capacity: text(),
  hashrate: text(),
  /** BHD family (issue 21): the capacity estimated from its verified deadlines, bytes; null elsewhere. */
  estimated_capacity: text().nullable().optional(),
  /** BHD family: how many of the pool's last POC_ESTIMATE_ROUNDS rounds the estimate rests on; null elsewhere. */
  estimate_rounds: z.number().int().min(0).nullable().optional(),
  line: text().nullable(),
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
  pool: text(),
  coin: text(),
  unit: text(),
  day: text(),
  points: text(),
  capacity: text(),
  amount: text(),
  status: z.enum(['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT']),
});
export type IncomeRecord = z.infer<typeof incomeRecordSchema>;
export const incomePage = pageOf(incomeRecordSchema);

/**
 * The Revenue screen (spec doc 1 §2 'Revenue': income per block; issue 20): the blocks that paid
 * the user, newest first (GET /api/pool/blockincome — the spec names no call for it).
 */
export const blockIncomeQuery = pagingQuery.extend({ pool: poolField.optional() });
export const blockIncomeSchema = z.object({
  id: text(),
  pool: text(),
  coin: text(),
  unit: text(),
  height: text(),
  time: z.number().int().meta({ description: 'When the block was found, Unix seconds' }),
  day: text().meta({ description: 'The settled day (UTC) whose settlement paid this block out' }),
  reward: text().meta({ description: 'The block reward to the pool, whole coins' }),
  share: text().meta({ description: "The user's share of this block, whole coins (rounded down; a finder's reward included)" }),
  found: z.boolean().meta({ description: "The user's miner found this block" }),
});
export type BlockIncome = z.infer<typeof blockIncomeSchema>;
export const blockIncomePage = pageOf(blockIncomeSchema);

// --- mining detail, pool detail, binding log ----------------------------------------------------

/** One day of the user's mining in a pool (GET /api/pool/miningdetail, /api/dashboard/MiningDetail). */
export const miningDetailSchema = z.object({
  pool: text(),
  day: text(),
  shares: z.number().int().meta({ description: 'Accepted shares (partials) of the day' }),
  points: text().meta({ description: 'Contribution points: the sum of the shares’ difficulty' }),
  capacity: text().meta({ description: 'Average capacity over the day (so far, for today), bytes' }),
  miners: z.number().int().meta({ description: 'Miners that sent shares that day' }),
  amount: text().meta({ description: 'Income of the day in whole coins; 0 until settled' }),
  status: z.enum(['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT']),
});
export type MiningDetail = z.infer<typeof miningDetailSchema>;
export const miningDetailQuery = pagingQuery.extend({ pool: poolField, days: z.coerce.number().int().min(1).max(90).default(30) });
export const miningDetailPage = pageOf(miningDetailSchema);

// --- settlement (operator) ---------------------------------------------------------------------

export const settlementSchema = z.object({
  pool: text(),
  day: text(),
  status: z.enum(['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT']),
  revenue: text(),
  fee: text(),
  withheld: text(),
  /** A day without shares: its pot, carried (fee-free) to the next day with shares. */
  remainder: text(),
  credited: text(),
  /** Pots of earlier days without shares shared on this day. */
  carried_in: text(),
  members: z.number().int(),
});
export type Settlement = z.infer<typeof settlementSchema>;

// --- dashboard ----------------------------------------------------------------------------------

export const summaryQuery = z.object({ pool: poolField });
export const dashboardSummarySchema = z.object({
  pool: text(),
  coin: text(),
  unit: text(),
  online: z.number().int(),
  offline: z.number().int(),
  capacity: text().meta({
    description: "Estimated capacity, bytes: from the points of the last 24 hours, or for a BHD-family pool from the online miners' verified deadlines (capacity_source)",
  }),
  capacity_source: z.enum(['points_24h', 'deadlines']).optional().meta({ description: 'What `capacity` is estimated from' }),
  reported_capacity: text().meta({ description: 'Sum of what the online miners report, bytes' }),
  hashrate: text(),
  points_24h: text(),
  income_yesterday: text(),
  income_total: text(),
  pending: text(),
  available: text(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const shareSeriesQuery = z.object({
  pool: poolField,
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
});
export const shareSeriesSchema = z.array(z.object({ time: z.number().int(), points: text(), shares: z.number().int(), capacity: text() }));
export type ShareSeries = z.infer<typeof shareSeriesSchema>;

// --- public statistics --------------------------------------------------------------------------

export const poolStatSchema = z.object({
  pool: text(),
  coin: text(),
  name: text(),
  pool_type: text(),
  unit: text(),
  icon: text(),
  capacity: text(),
  hashrate: text(),
  online_miners: z.number().int(),
  online_users: z.number().int(),
  height: text(),
  blocks_24h: z.number().int(),
  blocks_7d: z.number().int(),
  mined_24h: text(),
  mined_7d: text(),
});
export type PoolStat = z.infer<typeof poolStatSchema>;

/** One pool as its users see it (GET /api/pool/detail): live figures and the terms it pays by. */
export const poolDetailSchema = poolStatSchema.extend({
  mode: text(),
  fee_percent: text().meta({ description: 'Pool fee in percent, e.g. "2.5"' }),
  payment_time: text(),
  payout_threshold: text(),
  withdraw_fee: text(),
});
export type PoolDetail = z.infer<typeof poolDetailSchema>;

export const blockQuery = pagingQuery.extend({ pool: poolField.optional() });
export const blockSchema = z.object({
  id: text(),
  pool: text(),
  coin: text(),
  unit: text(),
  height: text(),
  time: z.number().int(),
  reward: text(),
  capacity: text(),
  finder: text(),
});
export type Block = z.infer<typeof blockSchema>;
export const blockPage = pageOf(blockSchema);

export const rankingSchema = z.array(z.object({ rank: z.number().int(), name: text(), capacity: text() }));
export type Ranking = z.infer<typeof rankingSchema>;

export const homeListSchema = z.object({
  pools: z.array(poolStatSchema),
  blocks: z.array(blockSchema),
  ranking: rankingSchema,
  default_pool: text(),
});
export type HomeList = z.infer<typeof homeListSchema>;

export const trendQuery = z.object({ pool: poolField, days: z.coerce.number().int().min(1).max(90).default(7) });
export const trendSchema = z.object({
  samples: z.array(
    z.object({
      time: z.number().int(),
      capacity: text(),
      hashrate: text().meta({ description: 'Online miners’ hashrate, hashes per second (hashrate coins)' }),
      miners: z.number().int(),
      users: z.number().int(),
    }),
  ),
  blocks: z.array(z.object({ day: text(), blocks: z.number().int(), reward: text() })),
});
export type Trend = z.infer<typeof trendSchema>;

export const settleBody = z.object({ day: text().regex(/^\d{4}-\d{2}-\d{2}$/, msg('INVALID_PARAMETER')), pool: poolField.optional() });

export const addressQueryQuery = z.object({ pool: poolField, address: text().trim().min(1).max(128) });
export const addressResultSchema = z.object({
  pool: text(),
  coin: text(),
  unit: text(),
  address: text(),
  capacity: text(),
  online: z.number().int(),
  offline: z.number().int(),
  miners: z.array(z.object({ name: text(), online: z.boolean(), capacity: text(), hashrate: text(), last_seen: z.number().int() })),
  income: z.array(z.object({ day: text(), amount: text(), status: z.enum(['SETTLEMENT', 'UNSETTLEMENT']) })),
});
export type AddressResult = z.infer<typeof addressResultSchema>;

// --- back office --------------------------------------------------------------------------------

export const poolConfigSchema = z.object({
  pool: text(),
  coin: text(),
  name: text(),
  pool_type: text(),
  enabled: z.boolean(),
  mode: text(),
  fee_bp: z.number().int(),
  coop_ratio_bp: z.number().int(),
  burn_coefficient_bp: z.number().int(),
  payment_time: text(),
  payout_threshold: text(),
  withdraw_fee: text(),
  withdraw_audit: z.boolean(),
  pledge_per_tb: text().nullable().meta({
    description: 'The pledge the coin’s chain asks per TB (10^12 bytes) of capacity, in coins (the coin’s figure, shared by its pools); null: the coin has no pledge rule',
  }),
  protocol: z.string(),
  trusted_proxy: z.boolean().meta({ description: 'Trusted-proxy mode: shares from keys the operator issued split revenue (trusted-proxy pools only)' }),
  plausibility_tolerance_bp: z
    .number()
    .int()
    .meta({ description: 'Points a miner may earn above what its capacity or hashrate could produce before it is held for review, basis points' }),
});
export type PoolConfigView = z.infer<typeof poolConfigSchema>;

const basisPoints = z.number().int().min(0, msg('INVALID_PARAMETER')).max(10_000, msg('INVALID_PARAMETER'));
export const updatePoolConfigBody = z.object({
  pool: poolField,
  mode: z.enum(['PPLNS', 'PPS', 'PROP']).optional(),
  fee_bp: basisPoints.optional().meta({ description: 'Pool fee, basis points (300 = 3 %)' }),
  coop_ratio_bp: basisPoints.optional(),
  burn_coefficient_bp: z.number().int().min(0).max(1_000_000).optional(),
  payment_time: text()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg('INVALID_PARAMETER'))
    .optional(),
  payout_threshold: text()
    .trim()
    .regex(/^\d{1,30}(\.\d{1,36})?$/, msg('AMOUNT_INVALID'))
    .optional(),
  withdraw_fee: text()
    .trim()
    .regex(/^\d{1,30}(\.\d{1,36})?$/, msg('AMOUNT_INVALID'))
    .optional(),
  withdraw_audit: z.boolean().optional(),
  pledge_per_tb: text()
    .trim()
    .regex(/^\d{1,30}(\.\d{1,36})?$/, msg('AMOUNT_INVALID'))
    .optional()
    .meta({ description: 'The coin’s pledge per TB of capacity, in coins (BHD family: 3); a coin without a pledge rule refuses it' }),
  enabled: z.boolean().optional(),
  trusted_proxy: z.boolean().optional(),
  plausibility_tolerance_bp: z.number().int().min(0, msg('INVALID_PARAMETER')).max(1_000_000, msg('INVALID_PARAMETER')).optional(),
});
export type UpdatePoolConfigBody = z.infer<typeof updatePoolConfigBody>;

export const dailyReportQuery = pagingQuery.extend({ pool: poolField.optional(), status: z.enum(['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT']).optional() });
export const dailyReportPage = pageOf(settlementSchema.extend({ settled_at: z.number().int().nullable() }));

export const assetsReportQuery = pagingQuery.extend({
  coin: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{2,32}$/, msg('COIN_NOT_FOUND'))
    .optional(),
});
export const assetsReportSchema = z.object({
  day: text(),
  coin: text(),
  unit: text(),
  deposits: text(),
  withdrawals: text(),
  mining_income: text().meta({ description: "The settlement's mining income paid into users' balances" }),
  owner_income: text().meta({ description: "Coin owners' income paid into users' balances: deal, cooperation and mortgage income" }),
  fees: text().meta({ description: 'What the platform earned: pool fees, the withheld unsecured share (BHD family) and withdrawal fees' }),
  adjustments: text(),
  user_balance: text().meta({ description: 'Every user bucket of the coin at the end of the day' }),
});
export const assetsReportPage = pageOf(assetsReportSchema);

export const adminMinerQuery = minerQuery.extend({ uid: text().trim().max(32).optional() });
export const adminMinerPage = pageOf(minerSchema.extend({ uid: text(), email: text() })).extend({ online: z.number().int(), offline: z.number().int() });

/** /admin/openned: the pools users have opened (a miner API key made, or miners reporting). */
export const adminOpenedQuery = pagingQuery.extend({ pool: poolField.optional(), uid: text().trim().max(32).optional() });
export const adminOpenedSchema = z.object({
  uid: text(),
  email: text(),
  pool: text(),
  coin: text(),
  opened_at: z.number().int().meta({ description: 'When the user first made a key for the pool or a miner of theirs reported, unix seconds' }),
  key_active: z.boolean().meta({ description: 'The user holds a live miner API key for the pool' }),
  miners: z.number().int(),
  online: z.number().int(),
  last_seen: z.number().int().nullable(),
});
export type AdminOpened = z.infer<typeof adminOpenedSchema>;
export const adminOpenedPage = pageOf(adminOpenedSchema);

export const adminIncomeQuery = pagingQuery.extend({
  pool: poolField.optional(),
  uid: text().trim().max(32).optional(),
  day: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export const adminIncomePage = pageOf(incomeRecordSchema.extend({ uid: text(), email: text() }));

// --- plots and binding ------------------------------------------------------------------------

export const PLOT_FLAGS = ['TIMEOUT', 'UNBOUND', 'NOTJOIN', 'NOTBURN', 'DOUBLE'] as const;
export const BIND_STATUSES = ['BIND_SENT', 'CONFIRMED', 'UNBIND_AUDITING', 'UNBIND_SENT', 'UNBIND'] as const;
const plotIdField = text()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'Plot identifier: a Chia plot id, a BHD-family plotter id…' });

export const plotQuery = pagingQuery.extend({ pool: poolField.optional(), status: z.enum([...BIND_STATUSES, ...PLOT_FLAGS, 'UNSIGNED']).optional() });
export const plotSchema = z.object({
  id: text(),
  pool: text(),
  plot_id: text(),
  launcher_id: text().nullable(),
  fingerprint: text().nullable(),
  filename_prefix: text(),
  size: text(),
  file_count: z.number().int(),
  signing: z.enum(['signed', 'UNSIGNED', 'BANNED']),
  bind_address: text().nullable(),
  bind_status: z.enum(BIND_STATUSES).nullable(),
  flag: z.enum(PLOT_FLAGS).nullable(),
  bind_sent_at: z.number().int().nullable(),
  confirmed_at: z.number().int().nullable(),
  last_seen: z.number().int().nullable(),
  review: z.enum(['pending', 'approved', 'rejected', 'canceled']).nullish().meta({ description: 'The back office’s decision on the last binding or unbinding request' }),
  review_reason: text().nullish().meta({ description: 'Why it was rejected or canceled' }),
  post_status: z.enum(POST_STATUSES).nullable().meta({ description: 'Spacemesh-style nodes: the registration status; null for plots' }),
  files: z
    .array(z.object({ file: text(), start_nonce: text(), nonces: text(), size: text(), last_seen: z.number().int() }))
    .optional()
    .meta({ description: 'BHD family: the plotter’s plot files as its miner names them (X-Plotfile `<plotter>_<start>_<nonces>`), with their nonce ranges and sizes in bytes' }),
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
  size: text(),
});
export const plotPage = pageOf(plotSchema).extend({ counters: plotCountersSchema });
/** The user's binding records (GET /api/dashboard/BindLog). */
export const bindLogPage = pageOf(plotSchema);

export const bindDataQuery = z.object({ pool: poolField, plot_id: plotIdField, address: text().trim().min(1).max(128) });
export const bindDataSchema = z.object({ message: text(), expires_at: z.number().int() });
export const bindBody = z.object({
  pool: poolField,
  plot_id: plotIdField,
  address: text().trim().min(1).max(128),
  message: text().min(1).max(1000),
  signature: text().trim().min(1).max(512),
});
export type BindBody = z.infer<typeof bindBody>;
export const unbindBody = z.object({ id: idField });
export const registerNodeBody = z.object({
  pool: poolField,
  node_id: nodeIdField,
  size: byteCount.default('0').meta({ description: 'Committed storage, bytes' }),
  signature: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{128}$/, 'a 64-byte signature in hex')
    .transform((v) => v.replace(/^0x/i, '').toLowerCase())
    .meta({ description: 'The identity key’s signature (Spacemesh: Ed25519; Autonomys: sr25519) of the message GET /api/pool/registerdata gives' }),
});
export const registerDataQuery = z.object({ pool: poolField, node_id: nodeIdField });
export const registerDataSchema = z.object({ message: text(), scheme: z.enum(['ed25519', 'sr25519']) });
/** An on-chain reward paid to one of the user's registered identities, as credited. */
export const identityRewardSchema = z.object({
  identity: text(),
  reward_id: text(),
  height: z.number().int(),
  amount: text().meta({ description: 'What the chain paid, whole coins' }),
  fee: text().meta({ description: 'The pool’s fee, whole coins' }),
  income: text().meta({ description: 'Credited to the user: amount less fee, whole coins' }),
  status: z.enum(['credited', 'reversed']),
  created_at: z.number().int(),
});
export const identityRewardQuery = z.object({
  pool: poolField,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce.number().int().min(1).max(100).default(20),
});
export const identityRewardPage = pageOf(identityRewardSchema);
export type RegisterNodeBody = z.infer<typeof registerNodeBody>;
export const devnetSignBody = z.object({ pool: poolField, address: text().trim().min(1).max(128), message: text().min(1).max(1000) });

export const adminPlotQuery = plotQuery.extend({ uid: text().trim().max(32).optional(), plot_id: text().trim().max(128).optional() });
export const adminPlotPage = pageOf(plotSchema.extend({ uid: text(), email: text() }));
