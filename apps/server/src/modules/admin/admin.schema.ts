import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string | null | undefined, never>;

/** The audit log: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AdminAuditTable {
  id: Generated<string>;
  /** The back-office user; null when the actor is the operator CLI. */
  admin_id: ColumnType<string | null, string | null | undefined, never>;
  actor: ColumnType<'admin' | 'cli', 'admin' | 'cli' | undefined, never>;
  action: string;
  target: string;
  detail: ColumnType<unknown, string, never>;
  before: Json;
  after: Json;
  ip: ColumnType<string | null, string | null | undefined, never>;
  /** The HTTP request that did it (one request may write several entries). */
  request_id: ColumnType<string | null, string | null | undefined, never>;
  /** The X-Request-Id the client sent, if any: untrusted, for correlation only. */
  client_request_id: ColumnType<string | null, string | null | undefined, never>;
  created_at: Generated<Date>;
}

/** UpdateBalance: posted at once within the threshold, otherwise pending a second admin. */
export interface BalanceAdjustmentsTable {
  id: Generated<string>;
  user_id: string;
  coin: string;
  /** Signed, base units. */
  amount: ColumnType<string, string | bigint, string | bigint>;
  reason: string;
  request_id: string;
  requested_by: string;
  status: 'pending' | 'posted' | 'rejected';
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reject_reason: string | null;
  transaction_id: string | null;
  created_at: Generated<Date>;
}

/** The back office's tables, merged into the database type in db/schema.ts. */
export interface AdminTables {
  admin_audit: AdminAuditTable;
  balance_adjustments: BalanceAdjustmentsTable;
}
