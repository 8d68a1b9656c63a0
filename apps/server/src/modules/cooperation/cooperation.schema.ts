import type { ColumnType, Generated } from 'kysely';
import type { DealStatus } from '@platter/domain';

/** Base units arrive as decimal strings (numeric). */
type Units = ColumnType<string, string | bigint, string | bigint>;
type UnitsDefault = ColumnType<string, string | bigint | undefined, string | bigint>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A coin's cooperation settings (issue 22); a coin without a row has the spec's defaults. */
export interface CooperationSettingsTable {
  coin: string;
  min_whole: Units;
  owner_bp: number;
  miner_bp: number;
  deal_margin_bp: number;
  deal_term_days: number;
  updated_at: Timestamp;
}

/** A user's cooperation on a CO pool: the balance converted to cooperation (0 when closed). */
export interface CooperationsTable {
  id: Generated<string>;
  user_id: string;
  pool: string;
  coin: string;
  amount_units: UnitsDefault;
  status: 'OPEN' | 'CLOSED';
  opened_at: Timestamp;
  closed_at: Date | null;
  updated_at: Timestamp;
}

export interface CooperationLogsTable {
  id: Generated<string>;
  cooperation_id: string;
  user_id: string;
  kind: 'open' | 'deposit' | 'return';
  amount_units: Units;
  balance_units: Units;
  created_at: Generated<Date>;
}

/** A coin owner's pledge lent to a miner through the DEAL_* states. */
export interface DealsTable {
  id: Generated<string>;
  owner_id: string;
  miner_id: string | null;
  pool: string;
  coin: string;
  amount_units: Units;
  margin_units: Units;
  margin_held: ColumnType<boolean, boolean | undefined, boolean>;
  owner_bp: number;
  miner_bp: number;
  term_days: number;
  status: DealStatus;
  penalty_units: UnitsDefault;
  success_at: Date | null;
  interest_start_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** Every state a deal entered and when (the settlement reads which deals stood securing a whole day). */
export interface DealLogsTable {
  id: Generated<string>;
  deal_id: string;
  status: DealStatus;
  at: Date;
}

export interface CooperationTables {
  cooperation_settings: CooperationSettingsTable;
  cooperations: CooperationsTable;
  cooperation_logs: CooperationLogsTable;
  deals: DealsTable;
  deal_logs: DealLogsTable;
}
