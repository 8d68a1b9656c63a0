import type { ColumnType, Generated } from 'kysely';
import type { CancelRequestStatus, MortgageLogType } from '@platter/domain';

/** Base units arrive as decimal strings (numeric). */
type Units = ColumnType<string, string | bigint, string | bigint>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MortgageSettingsTable {
  coin: string;
  enabled: boolean;
  effect_days: number;
  return_days: number;
  min_units: Units;
  lock_threshold_units: Units;
  max_earning_rank: number;
  updated_at: Timestamp;
}

/** A move between available and mortgage (issue 22): a move in is a lot, with what is left of it. */
export interface MortgageLogsTable {
  id: Generated<string>;
  user_id: string;
  coin: string;
  type: MortgageLogType;
  amount_units: Units;
  remaining_units: ColumnType<string, string | bigint | undefined, string | bigint>;
  /** YYYY-MM-DD (a date column read as text). */
  effective_day: ColumnType<string | null, string | null | undefined, string | null>;
  unlock_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  transaction_id: string;
  created_at: Timestamp;
}

/** A user's request to put a POINT_VALID pointing in mortgage (POINT_LOCKED), reviewed by auditmorttopoint. */
export interface PointMortgageRequestsTable {
  id: Generated<string>;
  record_id: string;
  user_id: string;
  status: CancelRequestStatus;
  reason: ColumnType<string, string | undefined, string>;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: Generated<Date>;
}

/** A coin's settlement day of locked (staking) revenue, shared once (issue 22). */
export interface MortgageIncomeDaysTable {
  coin: string;
  /** YYYY-MM-DD. */
  day: string;
  revenue_units: Units;
  rank: number;
  locked_units: Units;
  credited_units: Units;
  holders: number;
  status: 'PAID' | 'NO_LOCK' | 'NO_RANK';
  transaction_id: string | null;
  /** How the day was booked: the operator's entry or the staking-income job reading the wallet. */
  source: ColumnType<'manual' | 'wallet', 'manual' | 'wallet' | undefined, never>;
  created_at: Generated<Date>;
}

/** How far the staking-income job has read a coin's chain (README 'MASS locked revenue from the wallet'). */
export interface StakingScansTable {
  coin: string;
  source: 'wallet' | 'devnet';
  start_height: ColumnType<string, number | string, number | string>;
  start_time: Date;
  next_height: ColumnType<string, number | string, number | string>;
  scanned_until: Date;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** The hash of the last block read (null before a source gave hashes). */
  last_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The chain's id from the wallet's status (null: the devnet, or not given). */
  chain_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last day the job booked (YYYY-MM-DD); null before the first. */
  booked_until: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Which lots a return took from, and when (README 'MASS locked mining and mortgage income'). */
export interface MortgageLotTakesTable {
  return_id: string;
  lot_id: string;
  amount_units: Units;
  created_at: Date;
}

/** A block's staking reward to the pool's positions. */
export interface StakingRewardsTable {
  coin: string;
  height: ColumnType<string, number | string, never>;
  address: string;
  block_time: Date;
  day: ColumnType<string, string, never>;
  rank: number;
  profit_units: Units;
}

/** The devnet's MASS staking rewards, per block and position (written by the simulator). */
export interface DevnetStakingBlocksTable {
  coin: string;
  height: ColumnType<string, number | string, never>;
  block_time: Date;
  address: string;
  chain_rank: number;
  staked_units: Units;
  profit_units: Units;
}

export interface MortgageTables {
  mortgage_income_days: MortgageIncomeDaysTable;
  mortgage_lot_takes: MortgageLotTakesTable;
  staking_scans: StakingScansTable;
  staking_rewards: StakingRewardsTable;
  devnet_staking_blocks: DevnetStakingBlocksTable;
  mortgage_settings: MortgageSettingsTable;
  mortgage_logs: MortgageLogsTable;
  point_mortgage_requests: PointMortgageRequestsTable;
}
