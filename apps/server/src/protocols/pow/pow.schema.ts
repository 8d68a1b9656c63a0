import type { PowHeader } from '@platter/domain';
import type { ColumnType, Generated } from 'kysely';

type Numeric = ColumnType<string, string | bigint, string | bigint>;
type BigintColumn = ColumnType<string, string | number | bigint, string | number | bigint>;

/** A job the pool handed out: the header template, its network target and the share difficulty then. */
export interface PowJobsTable {
  id: Generated<string>;
  pool: string;
  height: BigintColumn;
  header: ColumnType<PowHeader, string, string>;
  network_target: string;
  share_difficulty: BigintColumn;
  reward_units: ColumnType<string, string | bigint | undefined, string | bigint>;
  created_at: Generated<Date>;
}

/** A solution taken for a job: the same (job, graffiti, randomness) is never taken twice. */
export interface PowSolutionsTable {
  job_id: string;
  graffiti: string;
  randomness: string;
  user_id: string;
  miner_id: string;
  hash: string;
  block: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Generated<Date>;
}

/** An on-chain reward paid to a registered identity, credited once (per pool and chain reward id). */
export interface OnchainRewardsTable {
  id: Generated<string>;
  pool: string;
  reward_id: string;
  identity: string;
  user_id: string;
  height: BigintColumn;
  amount_units: Numeric;
  fee_units: Numeric;
  status: ColumnType<'credited' | 'reversed', 'credited' | 'reversed' | undefined, 'credited' | 'reversed'>;
  transaction_id: string | null;
  created_at: Generated<Date>;
  /** When the invite-rebate job decided the reward's (UTC) day: the reward is final, never reversed after. */
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Per on-chain reward pool: the height at and below which its last pass no longer looks back (REWARD_LOOKBACK_BLOCKS), and when. */
export interface OnchainRewardLookbackTable {
  pool: string;
  from_height: BigintColumn;
  checked_at: Date;
}

/** The devnet's simulated rewards to identities (Spacemesh ATX rewards, Autonomys farmer rewards). */
export interface DevnetIdentityRewardsTable {
  id: Generated<string>;
  coin: string;
  reward_id: string;
  identity: string;
  amount: Numeric;
  height: BigintColumn;
  dropped: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface PowTables {
  pow_jobs: PowJobsTable;
  pow_solutions: PowSolutionsTable;
  onchain_rewards: OnchainRewardsTable;
  onchain_reward_lookback: OnchainRewardLookbackTable;
  devnet_identity_rewards: DevnetIdentityRewardsTable;
}
