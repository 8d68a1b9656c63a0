import type { ColumnType, Generated } from 'kysely';

type Numeric = ColumnType<string, string | bigint, string | bigint>;
type NullableNumeric = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
type Day = ColumnType<string, string, string>;

/** Who invited whom: one row per invitee, written at registration and never changed (a trigger refuses). */
export interface InvitationsTable {
  invitee_id: string;
  inviter_id: string;
  created_at: Generated<Date>;
}

/** A pool's rebate share of its fee in basis points; a pool without a row uses INVITE_REBATE_DEFAULT_BP. */
export interface InviteRebatePoolsTable {
  pool: string;
  share_bp: number;
  updated_at: Generated<Date>;
}

/** One row per settled (pool, day) the rebate job has decided (done_at set in the same transaction as its rebates). */
export interface InviteRebateDaysTable {
  pool: string;
  day: Day;
  share_bp: number | null;
  fee_units: NullableNumeric;
  rebate_units: NullableNumeric;
  invitees: number | null;
  transaction_id: string | null;
  done_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** One rebate per (invitee, pool, day): the primary key pays each once. */
export interface InviteRebatesTable {
  invitee_id: string;
  pool: string;
  day: Day;
  inviter_id: string;
  coin: string;
  income_units: Numeric;
  fee_units: Numeric;
  share_bp: number;
  rebate_units: Numeric;
  transaction_id: string | null;
  created_at: Generated<Date>;
}

export interface InviteTables {
  invitations: InvitationsTable;
  invite_rebate_pools: InviteRebatePoolsTable;
  invite_rebate_days: InviteRebateDaysTable;
  invite_rebates: InviteRebatesTable;
}
