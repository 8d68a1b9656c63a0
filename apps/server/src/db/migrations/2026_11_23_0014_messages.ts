import { sql, type Kysely } from 'kysely';

/**
 * In-site messages (issue 7; spec doc 2 §3 'Message', §7 message calls and the admin
 * notifications). A message belongs to one user and carries its title and content in each
 * interface language (rendered in the reader's). An admin notification is a notice: sent to
 * a list of users at once, or to every user by the worker in batches, its cursor and counts
 * kept on the notice row so that a restart resumes where it stopped; the unique
 * (notice_id, user_id) makes a resumed batch unable to deliver twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inmail_notices')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('admin_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('target', 'text', (c) => c.notNull().check(sql`target IN ('all', 'ids')`))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('running')
        .check(sql`status IN ('running', 'done')`),
    )
    // 'all': the users registered when it was sent (id <= until_user_id), walked in id order.
    .addColumn('until_user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor_user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX inmail_notices_running_idx ON inmail_notices (id) WHERE status = 'running'`.execute(db);

  await db.schema
    .createTable('inmail_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('account', 'asset', 'mining', 'system', 'other')`))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(2)
        .check(sql`status IN (1, 2)`),
    )
    .addColumn('notice_id', 'bigint', (c) => c.references('inmail_notices.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX inmail_messages_user_idx ON inmail_messages (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX inmail_messages_unread_idx ON inmail_messages (user_id, id DESC) WHERE status = 2`.execute(db);
  await sql`CREATE UNIQUE INDEX inmail_messages_notice_key ON inmail_messages (notice_id, user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inmail_messages').ifExists().execute();
  await db.schema.dropTable('inmail_notices').ifExists().execute();
}
