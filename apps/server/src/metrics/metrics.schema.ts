import type { ColumnType, Generated } from 'kysely';

export interface LedgerCheckRunsTable {
  id: Generated<string>;
  checked_at: ColumnType<Date, Date | undefined, never>;
  problems: number;
}

export interface MetricsTables {
  ledger_check_runs: LedgerCheckRunsTable;
}
