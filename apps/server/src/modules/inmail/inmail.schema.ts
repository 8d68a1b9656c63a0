import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the in-site message tables (migration 2026_11_23_0014_messages). */

/** A text in each interface language, stored as jsonb. */
export type LocalizedJson = ColumnType<{ en: string; zh: string; ru: string }, string, string>;

export interface InmailMessagesTable {
  id: Generated<string>;
  user_id: string;
  type: 'account' | 'asset' | 'mining' | 'system' | 'other';
  title: LocalizedJson;
  content: LocalizedJson;
  /** 2 unread, 1 read. */
  status: ColumnType<1 | 2, 1 | 2 | undefined, 1 | 2>;
  notice_id: string | null;
  created_at: Generated<Date>;
  read_at: Date | null;
  /** The event that raised it and what about (modules/events; migration 2026_11_26_1107), else null. */
  event: ColumnType<string | null, string | null | undefined, string | null>;
  subject: ColumnType<string | null, string | null | undefined, string | null>;
  params: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

export interface InmailNoticesTable {
  id: Generated<string>;
  admin_id: string;
  target: 'all' | 'ids';
  type: 'account' | 'asset' | 'mining' | 'system' | 'other';
  title: LocalizedJson;
  content: LocalizedJson;
  status: ColumnType<'running' | 'done', 'running' | 'done' | undefined, 'running' | 'done'>;
  until_user_id: ColumnType<string, string | undefined, string>;
  cursor_user_id: ColumnType<string, string | undefined, string>;
  total: ColumnType<number, number | undefined, number>;
  sent: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

export interface InmailTables {
  inmail_messages: InmailMessagesTable;
  inmail_notices: InmailNoticesTable;
}
