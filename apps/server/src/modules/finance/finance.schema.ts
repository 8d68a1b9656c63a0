import type { ColumnType, Generated } from 'kysely';

type Numeric = ColumnType<string, string | bigint, string | bigint>;
type NumericDefault = ColumnType<string, string | bigint | undefined, string | bigint>;
type Day = ColumnType<string, string, string>;
type NullableDay = ColumnType<string | null, string | null | undefined, string | null>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface FinanceProductsTable {
  id: Generated<string>;
  name: string;
  type: string;
  coin: string;
  coefficient: NumericDefault;
  term_days: ColumnType<number, number | undefined, number>;
  start_at: NullableTime;
  end_at: NullableTime;
  rate_ppm: Numeric;
  tier_from_days: ColumnType<number[], number[] | undefined, number[]>;
  tier_rate_ppm: ColumnType<string[], string[] | undefined, string[]>;
  min_units: Numeric;
  quota_units: NumericDefault;
  ordered_units: NumericDefault;
  participants: ColumnType<number, number | undefined, number>;
  lock_days: ColumnType<number, number | undefined, number>;
  weight: ColumnType<number, number | undefined, number>;
  staking_blocks: ColumnType<number, number | undefined, number>;
  rating: ColumnType<string, string | undefined, string>;
  indefinite: ColumnType<boolean, boolean | undefined, boolean>;
  verify_purchase: ColumnType<boolean, boolean | undefined, boolean>;
  /** A saving's miner (2026_11_26_1850): takes the miner's share of each day's yield. */
  miner_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  on_shelf: ColumnType<boolean, boolean | undefined, boolean>;
  state: string;
  lock_height: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  unlock_height: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  locked_day: NullableDay;
  unlocked_day: NullableDay;
  budget_units: NumericDefault;
  budget_funded_units: NumericDefault;
  interest_paid_units: NumericDefault;
  budget_exhausted_at: NullableTime;
  last_day: NullableDay;
  last_day_interest_units: NumericDefault;
  last_day_principal_units: NumericDefault;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FinanceHoldingsTable {
  id: Generated<string>;
  product_id: string;
  user_id: string;
  coin: string;
  principal_units: Numeric;
  status: string;
  subscribed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  subscribed_day: Day;
  until_day: NullableDay;
  redeem_requested_at: NullableTime;
  redemption_due_at: NullableTime;
  closed_at: NullableTime;
  transaction_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FinanceAccrualsTable {
  holding_id: string;
  day: Day;
  product_id: string;
  user_id: string;
  amount_units: Numeric;
}

export interface FinanceAccrualRunsTable {
  product_id: string;
  day: Day;
  status: 'running' | 'done' | 'budget_short';
  cursor_holding_id: NumericDefault;
  reserved_units: NumericDefault;
  paid_units: NumericDefault;
  principal_units: NumericDefault;
  holdings: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
  done_at: NullableTime;
}

export interface FinanceSettingsTable {
  id: number;
  settlement_hour_utc: number;
  redemption_days: number;
  saving_owner_bp: number;
  saving_miner_bp: number;
  updated_at: Generated<Date>;
}

/** The finance products' tables, merged into the database type in db/schema.ts. */
export interface FinanceTables {
  finance_products: FinanceProductsTable;
  finance_holdings: FinanceHoldingsTable;
  finance_accruals: FinanceAccrualsTable;
  finance_accrual_runs: FinanceAccrualRunsTable;
  finance_settings: FinanceSettingsTable;
}
