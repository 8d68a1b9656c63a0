import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { LedgerTables } from '../ledger/ledger.schema.ts';
import type { InmailTables } from '../modules/inmail/inmail.schema.ts';
import type { AdminTables } from '../modules/admin/admin.schema.ts';
import type { ContentTables } from '../modules/content/content.schema.ts';
import type { PoolTables } from '../modules/pool/pool.schema.ts';
import type { ChiaTables } from '../protocols/chia/chia.schema.ts';
import type { PowTables } from '../protocols/pow/pow.schema.ts';
import type { PocTables } from '../protocols/poc/poc.schema.ts';
import type { WalletTables } from '../modules/wallet/wallet.schema.ts';
import type { WithdrawTables } from '../modules/withdraw/withdraw.schema.ts';
import type { MetricsTables } from '../metrics/metrics.schema.ts';
import type { FinanceTables } from '../modules/finance/finance.schema.ts';
import type { WatcherTables } from '../modules/watcher/watcher.schema.ts';
import type { InviteTables } from '../modules/invite/invite.schema.ts';
import type { PointingTables } from '../modules/pointing/pointing.schema.ts';
import type { CooperationTables } from '../modules/cooperation/cooperation.schema.ts';
import type { MortgageTables } from '../modules/mortgage/mortgage.schema.ts';
import type { MessageTables } from '../modules/message/message.schema.ts';

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
  /** Auto Pay pays no share below it (spec doc 1 §9 'Minimum payout is configurable per coin'). */
  min_payout_units: ColumnType<string, string | bigint | undefined, string | bigint>;
  capacity_unit: string;
  full_name: string;
  arith: string;
  unit: string;
  icon: string;
  merge_pool: string | null;
  scale: number;
  display_scale: number;
  capacity_scale: number;
  capacity_base: number;
  testnet: boolean;
  mainnet_type: string | null;
  memo_supported: boolean;
  address_pattern: string;
  /** The share of a member's credit paid without a mortgage (basis points; BHD family), or null: paid whole. */
  unsecured_share_bp: ColumnType<number | null, number | null | undefined, number | null>;
  /** The pledge the chain asks per TB (10^12 bytes) of capacity, base units (BHD family: 3 coins), or null: no pledge rule. */
  pledge_per_tb_units: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
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
  /** country_code of the bound phone's country. */
  nationality: ColumnType<string | null, string | null | undefined, string | null>;
  /** Dial prefix of the bound phone, with the leading 00 (0086). */
  phone_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** National number of the bound phone (digits). */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** Authenticator secret, encrypted (security/secret-box.ts). */
  google_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last accepted TOTP time step: a code of this step or earlier is refused (replay). */
  google_last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  google_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  google_pending_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  google_pending_attempts: Generated<number>;
  /** Last password or second-factor change: withdrawals lock for 24 hours after it. */
  security_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  activated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Sensitive actions refused until then (too many failed security verifications). */
  security_locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Failed security verifications per user and purpose, in the current window. */
export interface SecurityFailuresTable {
  user_id: string;
  purpose: string;
  failures: Generated<number>;
  window_started_at: Generated<Date>;
}

/** Telegram login payloads already used (each signs in once). */
export interface SocialLoginUsesTable {
  payload_hash: string;
  expires_at: Timestamp;
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

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Graphic codes: the answer's hash per captcha session, single use. */
export interface CaptchasTable {
  session_hash: string;
  answer_hash: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

/** E-mailed one-time links (activation, password reset); the token's sha256 only. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'activate' | 'reset';
  /** Activation: the password of the registration that sent the link, set when it is used. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** One-time 6-digit codes sent by e-mail, SMS or Telegram for a security action. */
export interface VerificationCodesTable {
  id: Generated<string>;
  user_id: string;
  channel: 'email' | 'sms' | 'telegram';
  /** Where it was sent: e-mail, +E.164 phone or Telegram id (a code is valid for that target only). */
  target: string;
  action: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** Every outgoing account message, for the per-target send throttle. */
export interface MessageLogTable {
  id: Generated<string>;
  channel: string;
  target_hash: string;
  purpose: string;
  created_at: Generated<Date>;
  /** The account that asked for the message (SMS budgets per account). */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** SMS: the dial prefix of the number (+86), for the per-prefix budget. */
  prefix: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  user_id: string | null;
  /** sha256 of the normalised identifier typed (e-mail, account, phone, messenger id). */
  identifier_hash: string;
  method: string;
  ip: string;
  country: Generated<string>;
  user_agent: Generated<string>;
  result: 'success' | 'wrong_password' | 'second_factor_failed' | 'not_activated' | 'banned' | 'locked';
  created_at: Generated<Date>;
}

/** A sign-in waiting for its second factor (code 1030). */
export interface LoginChallengesTable {
  challenge_hash: string;
  user_id: string;
  method: string;
  identifier_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface SocialBindingsTable {
  id: Generated<string>;
  user_id: string;
  provider: 'telegram' | 'wechat';
  /** The provider's user id (Telegram id, WeChat openid). */
  subject: string;
  display_name: Generated<string>;
  created_at: Generated<Date>;
}

/** Development and test only: every e-mail, SMS and messenger text the platform sent. */
export interface DevMailboxTable {
  id: Generated<string>;
  channel: string;
  recipient: string;
  subject: Generated<string>;
  text: Generated<string>;
  html: Generated<string>;
  created_at: Generated<Date>;
}

export interface Database
  extends LedgerTables,
    WalletTables,
    WithdrawTables,
    PoolTables,
    AdminTables,
    ContentTables,
    ChiaTables,
    InmailTables,
    PowTables,
    MetricsTables,
    PocTables,
    FinanceTables,
    WatcherTables,
    InviteTables,
    PointingTables,
    CooperationTables,
    MortgageTables,
    MessageTables {
  coins: CoinsTable;
  pools: PoolsTable;
  server_lines: ServerLinesTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  account_tokens: AccountTokensTable;
  verification_codes: VerificationCodesTable;
  message_log: MessageLogTable;
  security_failures: SecurityFailuresTable;
  social_login_uses: SocialLoginUsesTable;
  login_attempts: LoginAttemptsTable;
  login_challenges: LoginChallengesTable;
  social_bindings: SocialBindingsTable;
  dev_mailbox: DevMailboxTable;
}

export type CoinRow = Selectable<CoinsTable>;
export type PoolRow = Selectable<PoolsTable>;
export type NewUser = Insertable<UsersTable>;
