import type { PostStatus } from '@platter/domain';
import type { ColumnType, Generated } from 'kysely';

type Numeric = ColumnType<string, string | bigint, string | bigint>;
type NumericDefault = ColumnType<string, string | bigint | undefined, string | bigint>;
/** A `date` column: read as 'YYYY-MM-DD' (see db/database.ts type parsers), written as text. */
type Day = ColumnType<string, string, string>;

export interface PoolConfigsTable {
  pool: string;
  mode: string;
  fee_bp: number;
  coop_ratio_bp: number;
  burn_coefficient_bp: number;
  payment_time: string;
  withdraw_audit: ColumnType<boolean, boolean | undefined, boolean>;
  /** Trusted-proxy mode (issue 18): operator-issued keys' reported shares earn. */
  trusted_proxy: ColumnType<boolean, boolean | undefined, boolean>;
  /** Plausibility tolerance over a miner's expected points, basis points (issue 18). */
  plausibility_tolerance_bp: ColumnType<number, number | undefined, number>;
  updated_at: Generated<Date>;
}

export interface MinerKeysTable {
  id: Generated<string>;
  user_id: string;
  pool: string;
  key_hash: string;
  key_hint: string;
  created_at: Generated<Date>;
  revoked_at: Date | null;
  /** The admin who issued the key to a proxy the operator runs (issue 18); null for a user's own key. */
  issued_by: ColumnType<string | null, string | null | undefined, string | null>;
  operator_issued: ColumnType<boolean, boolean | undefined, boolean>;
  label: ColumnType<string, string | undefined, string>;
}

/** A miner's day of points above what its capacity or hashrate could produce (issue 18). */
export interface ShareOutliersTable {
  id: Generated<string>;
  pool: string;
  day: Day;
  user_id: string;
  miner_id: string;
  points: Numeric;
  bound_points: Numeric;
  capacity_bytes: NumericDefault;
  hashrate: NumericDefault;
  status: ColumnType<'held' | 'released' | 'refused', 'held' | 'released' | 'refused' | undefined, 'held' | 'released' | 'refused'>;
  counted_day: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
}

export interface MinersTable {
  id: Generated<string>;
  user_id: string;
  pool: string;
  name: string;
  version: ColumnType<string, string | undefined, string>;
  capacity_bytes: NumericDefault;
  hashrate: NumericDefault;
  line: string | null;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: Generated<Date>;
  /** BHD family (issue 21): the capacity estimated from its verified deadlines, bytes. */
  estimated_bytes: NumericDefault;
  /** BHD family: the rounds (of the pool's last 360) the estimate rests on; null elsewhere. */
  estimate_rounds: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SharesTable {
  day: Day;
  pool: string;
  user_id: string;
  miner_id: string;
  difficulty: ColumnType<string, string | number | bigint, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface BlocksTable {
  id: Generated<string>;
  pool: string;
  coin: string;
  height: ColumnType<string, string | number | bigint, never>;
  found_at: Date;
  day: Day;
  finder_user_id: string | null;
  finder_miner_id: string | null;
  reward_units: Numeric;
  finder_reward_units: NumericDefault;
  capacity_bytes: NumericDefault;
  transaction_id: string | null;
}

export type SettlementStatus = 'NOT_PENDING' | 'SETTLEMENT_PENDING' | 'SETTLEMENT' | 'UNSETTLEMENT';

export interface SettlementsTable {
  pool: string;
  day: Day;
  status: SettlementStatus;
  revenue_units: NumericDefault;
  fee_units: NumericDefault;
  withheld_units: NumericDefault;
  remainder_units: NumericDefault;
  credited_units: NumericDefault;
  /** Pots of earlier days without shares that this day shared (issue 14). */
  carried_in_units: NumericDefault;
  /** A day that carried its pot (remainder): the day that shared it. */
  carried_into: Day | null;
  members: ColumnType<number, number | undefined, number>;
  transaction_id: string | null;
  settled_at: Date | null;
  /** The day's last member (user id), recorded once every credit has moved from clearing into the balances (the batches are credited concurrently, so no prefix of the members is done before; settlement_batches holds what is left). */
  credits_applied_until: string | null;
  /** When every credit of the day was in its member's balance. */
  credits_applied_at: Date | null;
  created_at: Generated<Date>;
}

export interface SettlementCreditsTable {
  pool: string;
  day: Day;
  user_id: string;
  points: Numeric;
  capacity_bytes: NumericDefault;
  amount_units: Numeric;
  status: 'SETTLEMENT' | 'UNSETTLEMENT';
  /** The part of amount_units that is a coin owner's deal income (ledger kind deal_income). */
  deal_income_units: NumericDefault;
  /** The part of amount_units that is a CO pool cooperator's share (ledger kind cooperation_income). */
  cooperation_income_units: NumericDefault;
}

/**
 * A decided day's next CREDIT_CHUNK members in user order, as parallel arrays: what the
 * crediting chunk that takes it writes into settlement_credits and the members' balances.
 */
export interface SettlementBatchesTable {
  pool: string;
  day: Day;
  seq: number;
  user_ids: string[];
  points: string[];
  capacity_bytes: string[];
  amount_units: string[];
  statuses: ('SETTLEMENT' | 'UNSETTLEMENT')[];
  /** Null in batches decided before deal and cooperation income existed: zeros. */
  deal_income_units: string[] | null;
  cooperation_income_units: string[] | null;
  total_units: Numeric;
}

export interface PoolSamplesTable {
  pool: string;
  at: Date;
  capacity_bytes: Numeric;
  hashrate: NumericDefault;
  miners: number;
  users: number;
}

export type BindStatus = 'BIND_SENT' | 'CONFIRMED' | 'UNBIND_AUDITING' | 'UNBIND_SENT' | 'UNBIND';
export type PlotReview = 'pending' | 'approved' | 'rejected' | 'canceled';
export type PlotFlag = 'TIMEOUT' | 'UNBOUND' | 'NOTJOIN' | 'NOTBURN' | 'DOUBLE';

export interface PlotsTable {
  id: Generated<string>;
  user_id: string;
  pool: string;
  plot_id: string;
  launcher_id: string | null;
  fingerprint: string | null;
  filename_prefix: ColumnType<string, string | undefined, string>;
  size_bytes: NumericDefault;
  file_count: ColumnType<number, number | undefined, number>;
  signing: ColumnType<'signed' | 'UNSIGNED' | 'BANNED', 'signed' | 'UNSIGNED' | 'BANNED' | undefined, 'signed' | 'UNSIGNED' | 'BANNED'>;
  bind_address: string | null;
  bind_status: BindStatus | null;
  flag: PlotFlag | null;
  bind_height: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  bind_sent_at: Date | null;
  confirmed_at: Date | null;
  last_seen_at: Date | null;
  review: ColumnType<PlotReview | null, PlotReview | null | undefined, PlotReview | null>;
  review_reason: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Spacemesh-style nodes: the registration status; null for plots. */
  post_status: PostStatus | null;
  post_updated_at: Date | null;
  /** The identity's signature of the pool's registration message (issue 18): proof the user controls it. */
  identity_signature: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The pool core's tables, merged into the database type in db/schema.ts. */
export interface PoolTables {
  pool_configs: PoolConfigsTable;
  miner_keys: MinerKeysTable;
  share_outliers: ShareOutliersTable;
  miners: MinersTable;
  shares: SharesTable;
  blocks: BlocksTable;
  settlements: SettlementsTable;
  settlement_credits: SettlementCreditsTable;
  settlement_batches: SettlementBatchesTable;
  pool_samples: PoolSamplesTable;
  plots: PlotsTable;
}
