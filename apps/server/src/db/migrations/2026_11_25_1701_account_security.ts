import { sql, type Kysely } from 'kysely';

/**
 * Account security (issue 17):
 * - `security_failures`: failed security verifications per user and purpose (every factor
 *   counts); after a few the verification is voided and `users.security_locked_until` locks the
 *   account's sensitive actions for a while.
 * - `message_log.user_id` / `message_log.prefix`: SMS budgets per account, per dial prefix and
 *   overall (SMS pumping).
 * - `social_login_uses`: each Telegram login payload signs in once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_failures')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('security_failures_pkey', ['user_id', 'purpose'])
    .execute();
  await db.schema.alterTable('users').addColumn('security_locked_until', 'timestamptz').execute();

  await db.schema.alterTable('message_log').addColumn('user_id', 'bigint').addColumn('prefix', 'text').execute();
  await sql`CREATE INDEX message_log_user_idx ON message_log (user_id, created_at) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX message_log_channel_idx ON message_log (channel, created_at)`.execute(db);
  await sql`CREATE INDEX message_log_prefix_idx ON message_log (prefix, created_at) WHERE prefix IS NOT NULL`.execute(db);

  await db.schema
    .createTable('social_login_uses')
    .addColumn('payload_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_login_uses').ifExists().execute();
  await sql`DROP INDEX IF EXISTS message_log_prefix_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS message_log_channel_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS message_log_user_idx`.execute(db);
  await db.schema.alterTable('message_log').dropColumn('prefix').dropColumn('user_id').execute();
  await db.schema.alterTable('users').dropColumn('security_locked_until').execute();
  await db.schema.dropTable('security_failures').ifExists().execute();
}
