import type { ColumnType, Generated } from 'kysely';

type Numeric = ColumnType<string, string | bigint, string | bigint>;

export interface LedgerAccountsTable {
  id: Generated<string>;
  coin: string;
  user_id: string | null;
  system_code: string | null;
  bucket: string;
  balance: ColumnType<string, string | bigint | undefined, string | bigint>;
  allow_negative: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Generated<Date>;
}

export interface LedgerTransactionsTable {
  id: Generated<string>;
  kind: string;
  reference: string | null;
  memo: Generated<string>;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface LedgerPostingsTable {
  id: Generated<string>;
  transaction_id: string;
  account_id: string;
  coin: string;
  amount: Numeric;
}

export interface LedgerHoldsTable {
  id: Generated<string>;
  user_id: string;
  coin: string;
  bucket: string;
  amount: Numeric;
  status: ColumnType<'pending' | 'posted' | 'voided', 'pending' | undefined, 'posted' | 'voided'>;
  reference: string | null;
  hold_transaction_id: string;
  resolve_transaction_id: string | null;
  created_at: Generated<Date>;
  resolved_at: Date | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  response: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

/** The ledger's tables, merged into the database type in db/schema.ts. */
export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_holds: LedgerHoldsTable;
  idempotency_keys: IdempotencyKeysTable;
}
