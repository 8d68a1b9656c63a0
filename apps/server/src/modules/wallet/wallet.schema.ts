import type { ColumnType, Generated } from 'kysely';

type Numeric = ColumnType<string, string | bigint, string | bigint>;
type NumericDefault = ColumnType<string, string | bigint | undefined, string | bigint>;

export interface DepositAddressesTable {
  user_id: string;
  coin: string;
  address: string;
  /** The message a deposit must carry to be the user's ('' when the address is the user's own). */
  memo: ColumnType<string, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface DepositsTable {
  id: Generated<string>;
  user_id: string;
  coin: string;
  address: string;
  txid: string;
  output_index: ColumnType<number, number | undefined, number>;
  coin_id: string;
  amount: Numeric;
  height: ColumnType<string, string | number | bigint, string | number | bigint>;
  status: ColumnType<'pending' | 'credited' | 'dropped', 'pending' | undefined, 'credited' | 'dropped' | 'pending'>;
  transaction_id: string | null;
  created_at: Generated<Date>;
  credited_at: Date | null;
}

export interface ChainCursorsTable {
  coin: string;
  scanned_height: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  /** The chain the height counts on (ChainAdapter.source); '' when the adapter does not say. */
  source: Generated<string>;
}

export interface WithdrawAddressesTable {
  id: Generated<string>;
  user_id: string;
  coin: string;
  address: string;
  remark: ColumnType<string, string | undefined, string>;
  memo: ColumnType<string, string | undefined, string>;
  auto_pay: ColumnType<boolean, boolean | undefined, boolean>;
  ratio: ColumnType<number, number | undefined, number>;
  min_pay: NumericDefault;
  activated: ColumnType<boolean, boolean | undefined, boolean>;
  deleted_at: Date | null;
  created_at: Generated<Date>;
}

export interface AutoPaySettingsTable {
  user_id: string;
  coin: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  last_run_at: Date | null;
  /** The last run's outcome (AutoPayResult's): paid, or why it was skipped. */
  last_outcome: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Generated<Date>;
}

export interface ExportsTable {
  id: Generated<string>;
  user_id: string;
  scope: ColumnType<'user' | 'admin', 'user' | 'admin' | undefined, 'user' | 'admin'>;
  kind: string;
  format: 'csv' | 'xlsx';
  filters: ColumnType<unknown, string, string>;
  status: ColumnType<'pending' | 'ready' | 'failed' | 'expired', 'pending' | undefined, 'pending' | 'ready' | 'failed' | 'expired'>;
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  progress: ColumnType<number, number | undefined, number>;
  rows: ColumnType<number, number | undefined, number>;
  content: Buffer | null;
  created_at: Generated<Date>;
}

export interface DevnetChainTable {
  coin: string;
  height: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  updated_at: Generated<Date>;
}

export interface DevnetTransactionsTable {
  id: Generated<string>;
  coin: string;
  txid: string;
  client_id: string | null;
  to_address: string;
  memo: ColumnType<string, string | undefined, string>;
  amount: Numeric;
  height: ColumnType<string, string | number | bigint, string | number | bigint>;
  created_at: Generated<Date>;
  fee: NumericDefault;
  failure: ColumnType<string | null, string | null | undefined, string | null>;
  dropped: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface UnownedTransfersTable {
  id: Generated<string>;
  coin: string;
  address: string;
  txid: string;
  output_index: ColumnType<number, number | undefined, number>;
  coin_id: string;
  amount: Numeric;
  height: ColumnType<string, string | number | bigint, string | number | bigint>;
  /** The message the transfer carried (a memo chain's), '' without one. */
  memo: ColumnType<string, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface WalletReconciliationsTable {
  id: Generated<string>;
  coin: string;
  wallet_balance: Numeric;
  ledger_balance: Numeric;
  pending_deposits: Numeric;
  unowned: Numeric;
  difference: Numeric;
  checked_at: Generated<Date>;
}

/** The wallet's tables, merged into the database type in db/schema.ts. */
export interface WalletTables {
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  chain_cursors: ChainCursorsTable;
  withdraw_addresses: WithdrawAddressesTable;
  auto_pay_settings: AutoPaySettingsTable;
  exports: ExportsTable;
  devnet_chain: DevnetChainTable;
  devnet_transactions: DevnetTransactionsTable;
  wallet_reconciliations: WalletReconciliationsTable;
  unowned_transfers: UnownedTransfersTable;
}
