import type { ColumnType, Generated } from 'kysely';

type Numeric = ColumnType<string, string | bigint, string | bigint>;
type NumericDefault = ColumnType<string, string | bigint | undefined, string | bigint>;

export type WithdrawStatusColumn = 'AUDITING' | 'SENT_PENDING' | 'SEND_UNKNOWN' | 'SENT' | 'FAILED' | 'CANCELED' | 'REJECTED';

export interface WithdrawalsTable {
  id: Generated<string>;
  user_id: string;
  coin: string;
  address_id: string | null;
  address: string;
  memo: ColumnType<string, string | undefined, string>;
  amount: Numeric;
  fee: Numeric;
  received: Numeric;
  /** AR: the part of `fee` that is the address's activation (this withdrawal carries it). */
  activation_units: NumericDefault;
  status: WithdrawStatusColumn;
  source: ColumnType<'user' | 'autopay', 'user' | 'autopay' | undefined, never>;
  reason: ColumnType<string, string | undefined, string>;
  txid: ColumnType<string, string | undefined, string>;
  batch: string;
  hold_id: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  send_after: Date | null;
  sending_at: Date | null;
  sent_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Opaque, globally unique: the payment's memo on chain (issue 15). */
  payment_id: Generated<string>;
  /** The chain fee the hot wallet paid for the payment (booked to the fees account). */
  chain_fee: NumericDefault;
  confirmed_height: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** The hold has been posted to the chain (the wallet accepted the payment). */
  posted: ColumnType<boolean, boolean | undefined, boolean>;
  /** Failed send attempts that paid nothing (retried with backoff, then FAILED for the operator). */
  send_attempts: ColumnType<number, number | undefined, number>;
  last_send_error: ColumnType<string, string | undefined, string>;
  /** Not tried again before this time (backoff after a failed attempt). */
  next_send_at: Date | null;
  /** When the accepted payment stops being valid unless a block has it (Signum's deadline); null where payments do not expire. */
  payment_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The withdrawals' table, merged into the database type in db/schema.ts. */
export interface WithdrawTables {
  withdrawals: WithdrawalsTable;
}
