import type { ColumnType, Generated } from 'kysely';
import type { BindingStatus, CancelRequestStatus, PointStatus, PointTerm } from '@platter/domain';

/** Base units arrive as decimal strings (numeric). */
type Units = ColumnType<string, string | bigint, string | bigint>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A point (pledge) transaction on the devnet's PoC chain (issue 22); height null in the mempool. */
export interface DevnetPocPointsTable {
  id: Generated<string>;
  coin: string;
  txid: string;
  from_address: string;
  to_address: string;
  amount_units: Units;
  term: PointTerm;
  height: number | null;
  /** Its withdrawpledge: height null while that waits in the mempool. */
  withdraw_txid: string | null;
  withdraw_height: number | null;
  created_at: Generated<Date>;
}

export interface PointSettingsTable {
  coin: string;
  count_bp: number;
  margin_bp: number;
  noterm_lock_days: number;
  min_point_units: Units;
  /** The blocks a source-address verification may take (2026_11_26_2130; the spec's 20). */
  verify_window_blocks: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** A user's source address and its verification. */
export interface PointAddressesTable {
  id: Generated<string>;
  user_id: string;
  coin: string;
  source_address: string;
  confirm_address: string;
  status: BindingStatus;
  start_height: number;
  verify_txid: string | null;
  verify_height: number | null;
  /** The verification's window and least amount, as the coin's settings were when it started (2026_11_27_0005). */
  verify_window_blocks: number;
  verify_min_units: Units;
  remark: ColumnType<string, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** A pointing read from the chain: a point transaction from a bound source address to the pool's address. */
export interface PointRecordsTable {
  id: Generated<string>;
  user_id: string;
  coin: string;
  address_id: string;
  txid: string;
  source_address: string;
  pool_address: string;
  type: ColumnType<string, string | undefined, string>;
  term: PointTerm;
  amount_units: Units;
  counted_units: Units;
  deposit_units: Units;
  margin_held: ColumnType<boolean, boolean | undefined, boolean>;
  penalty_units: ColumnType<string, string | bigint | undefined, string | bigint>;
  status: PointStatus;
  height: number | null;
  withdrawn_height: number | null;
  /** It started to count (POINT_VALID) / stopped (withdrawn on chain): the settlement's pledge (README 'Settlement'). */
  valid_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface PointCancellationsTable {
  id: Generated<string>;
  record_id: string;
  user_id: string;
  status: CancelRequestStatus;
  reason: ColumnType<string, string | undefined, string>;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: Generated<Date>;
}

/** A pointing committed to a finance holding (POINT_LOCKED_MARKET) until the holding closes. */
export interface PointFinanceLocksTable {
  id: Generated<string>;
  record_id: string;
  holding_id: string;
  user_id: string;
  locked_at: Generated<Date>;
  released_at: Date | null;
}

export interface PointingTables {
  devnet_poc_points: DevnetPocPointsTable;
  point_settings: PointSettingsTable;
  point_addresses: PointAddressesTable;
  point_records: PointRecordsTable;
  point_cancellations: PointCancellationsTable;
  point_finance_locks: PointFinanceLocksTable;
}
