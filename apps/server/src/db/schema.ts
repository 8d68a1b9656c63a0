import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Kysely's view of the database. NUMERIC(40,0) money columns arrive as strings: parse with BigInt. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<string, string | bigint, string | bigint>;

export interface CoinsTable {
  type: string;
  confirmation: number;
  closed: boolean;
  market: string | null;
  /** Base units. */
  min_transfer_units: Numeric;
  min_withdraw_units: Numeric;
  withdraw_fee_units: Numeric;
  capacity_unit: string;
  full_name: string;
  arith: string;
  unit: string;
  icon: string;
  merge_pool: string | null;
  scale: number;
  capacity_scale: number;
  capacity_base: number;
  testnet: boolean;
  mainnet_type: string | null;
  memo_supported: boolean;
  address_pattern: string;
  sort: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PoolsTable {
  type: string;
  coin: string;
  pool_type: string;
  name: string;
  auto_withdraw: boolean;
  share_type: string;
  protocol: string;
  enabled: Generated<boolean>;
  sort: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ServerLinesTable {
  code: string;
  host: string;
  ping_url: string;
  sort: number;
}

export interface UsersTable {
  id: Generated<string>;
  /** Public user id shown to people (never the serial). */
  uid: string;
  email: string;
  account: string | null;
  password_hash: string;
  role: ColumnType<'user' | 'support' | 'admin', 'user' | 'support' | 'admin' | undefined>;
  status: ColumnType<'pending' | 'active' | 'banned', 'pending' | 'active' | 'banned' | undefined>;
  language: Generated<string>;
  nickname: Generated<string>;
  created_at: Generated<Date>;
  last_login_at: Date | null;
}

export interface SessionsTable {
  /** sha256 of the cookie's token: a database leak does not leak live sessions. */
  id_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_seen_at: Generated<Date>;
  ip: string;
  user_agent: string;
  revoked_at: Date | null;
}

export interface Database {
  coins: CoinsTable;
  pools: PoolsTable;
  server_lines: ServerLinesTable;
  users: UsersTable;
  sessions: SessionsTable;
}

export type CoinRow = Selectable<CoinsTable>;
export type PoolRow = Selectable<PoolsTable>;
export type NewUser = Insertable<UsersTable>;
