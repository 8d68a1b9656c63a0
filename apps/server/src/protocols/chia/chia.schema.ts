import type { ColumnType, Generated } from 'kysely';

type Numeric = ColumnType<string, string | bigint | undefined, string | bigint>;
type BigintColumn = ColumnType<string, string | number | bigint, string | number | bigint>;
type Day = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A plot NFT's pool state as its singleton carries it on chain (chia PoolState). */
export interface PoolState {
  version: number;
  /** 1 self-pooling, 2 leaving the pool, 3 farming to a pool. */
  state: 1 | 2 | 3;
  target_puzzle_hash: string;
  owner_pubkey: string;
  pool_url: string | null;
  relative_lock_height: number;
}

/** The changes of a PUT /farmer waiting out the cool-down. */
export interface PendingFarmerUpdate {
  authentication_public_key?: string;
  payout_instructions?: string;
  difficulty?: string;
}

export interface ChiaFarmersTable {
  launcher_id: string;
  pool: string;
  p2_singleton_puzzle_hash: string;
  delay_time: BigintColumn;
  delay_puzzle_hash: string;
  authentication_public_key: string;
  owner_public_key: string;
  payout_instructions: string;
  singleton_tip: string;
  singleton_tip_height: BigintColumn;
  singleton_tip_state: Json<PoolState>;
  difficulty: BigintColumn;
  total_points: Numeric;
  is_pool_member: ColumnType<boolean, boolean | undefined, boolean>;
  joined_at: ColumnType<Date, Date | string | undefined, Date | string>;
  left_at: NullableTime;
  pending_update: ColumnType<PendingFarmerUpdate | null, string | null | undefined, string | null>;
  pending_update_at: NullableTime;
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  miner_id: ColumnType<string | null, string | null | undefined, string | null>;
  bound_at: NullableTime;
  last_partial_at: NullableTime;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type PartialStatus = 'pending' | 'confirmed' | 'rejected';

export interface ChiaPartialsTable {
  day: Day;
  id: Generated<string>;
  launcher_id: string;
  pool: string;
  received_at: Date;
  difficulty: BigintColumn;
  sp_hash: string;
  end_of_sub_slot: boolean;
  pos_hash: string;
  harvester_id: string;
  plot_size: number;
  status: ColumnType<PartialStatus, PartialStatus | undefined, PartialStatus>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  confirmed_at: NullableTime;
  credited_user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ChiaBindRequestsTable {
  key: string;
  user_id: string;
  launcher_id: string;
  kind: 'sign' | 'login';
  expires_at: Date;
  used_at: NullableTime;
  created_at: Generated<Date>;
}

export interface ChiaLoginGrantsTable {
  token_hash: string;
  launcher_id: string;
  expires_at: Date;
  used_at: NullableTime;
  created_at: Generated<Date>;
}

export type RewardClaimStatus = 'claimed' | 'booked' | 'lost';

/** A pool reward absorbed on a real chain: revenue once what it paid the pool's target is buried. */
export interface ChiaRewardClaimsTable {
  coin_id: string;
  pool: string;
  launcher_id: string;
  height: BigintColumn;
  amount: Numeric;
  farmed_at: Date;
  arrival_coin_id: string;
  status: ColumnType<RewardClaimStatus, RewardClaimStatus | undefined, RewardClaimStatus>;
  arrived_amount: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
  block_id: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_at: Generated<Date>;
  settled_at: NullableTime;
}

export interface DevnetChiaSignagePointsTable {
  coin: string;
  sp_hash: string;
  end_of_sub_slot: boolean;
  challenge_hash: string;
  time_received: Date;
  reverted: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface DevnetChiaSingletonsTable {
  coin: string;
  launcher_id: string;
  delay_time: BigintColumn;
  delay_puzzle_hash: string;
  tip: string;
  tip_height: BigintColumn;
  state: Json<PoolState>;
}

/** The Chia OG pool: each miner's difficulty. */
export interface ChiaOgMinersTable {
  miner_id: string;
  pool: string;
  difficulty: BigintColumn;
  created_at: Generated<Date>;
}

/** The Chia OG pool: verified proofs, each counted once. */
export interface ChiaOgProofsTable {
  id: Generated<string>;
  pool: string;
  user_id: string;
  miner_id: string;
  received_at: Date;
  difficulty: BigintColumn;
  sp_hash: string;
  pos_hash: string;
  plot_public_key: string;
  plot_size: number;
}

/** Merged into the database type in db/schema.ts. */
export interface ChiaTables {
  chia_farmers: ChiaFarmersTable;
  chia_partials: ChiaPartialsTable;
  chia_bind_requests: ChiaBindRequestsTable;
  chia_login_grants: ChiaLoginGrantsTable;
  chia_reward_claims: ChiaRewardClaimsTable;
  chia_og_miners: ChiaOgMinersTable;
  chia_og_proofs: ChiaOgProofsTable;
  devnet_chia_signage_points: DevnetChiaSignagePointsTable;
  devnet_chia_singletons: DevnetChiaSingletonsTable;
}
