import { sql, type Kysely } from 'kysely';

/**
 * The back office: the audit log becomes append-only in the database (who, what, target,
 * before and after, when, from which address; the operator CLI is an actor too), and balance
 * adjustments get their own table so that large ones wait for a second admin's approval.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_audit ALTER COLUMN admin_id DROP NOT NULL`.execute(db);
  await db.schema
    .alterTable('admin_audit')
    // 'admin': a back-office user (admin_id set); 'cli': `npm run platter -- …` on the server.
    .addColumn('actor', 'text', (c) =>
      c
        .notNull()
        .defaultTo('admin')
        .check(sql`actor IN ('admin', 'cli')`),
    )
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await sql`ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_actor_admin CHECK ((actor = 'admin') = (admin_id IS NOT NULL))`.execute(db);
  await db.schema.createIndex('admin_audit_created_idx').on('admin_audit').column('created_at').execute();
  await db.schema.createIndex('admin_audit_admin_idx').on('admin_audit').columns(['admin_id', 'created_at']).execute();
  await db.schema.createIndex('admin_audit_action_idx').on('admin_audit').columns(['action', 'created_at']).execute();
  await db.schema.createIndex('admin_audit_request_idx').on('admin_audit').column('request_id').execute();

  // Nobody edits the record: UPDATE, DELETE and TRUNCATE are refused whoever asks.
  await sql`
    CREATE FUNCTION admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'admin_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER admin_audit_no_update BEFORE UPDATE OR DELETE ON admin_audit FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only()`.execute(db);
  await sql`CREATE TRIGGER admin_audit_no_truncate BEFORE TRUNCATE ON admin_audit FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_append_only()`.execute(db);

  await db.schema
    .createTable('balance_adjustments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.type'))
    .addColumn('amount', sql`numeric(40,0)`, (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('pending', 'posted', 'rejected')`))
    .addColumn('decided_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('reject_reason', 'text')
    .addColumn('transaction_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('balance_adjustments_request_key', ['requested_by', 'request_id'])
    .execute();
  // Nobody approves their own: enforced by the service and again here (an adjustment within
  // the threshold is posted at once and has no decider).
  await sql`ALTER TABLE balance_adjustments ADD CONSTRAINT balance_adjustments_second_admin CHECK (decided_by IS NULL OR decided_by <> requested_by)`.execute(db);
  await sql`CREATE INDEX balance_adjustments_pending_idx ON balance_adjustments (created_at) WHERE status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('balance_adjustments').ifExists().execute();
  await sql`DROP TRIGGER IF EXISTS admin_audit_no_update ON admin_audit`.execute(db);
  await sql`DROP TRIGGER IF EXISTS admin_audit_no_truncate ON admin_audit`.execute(db);
  await sql`DROP FUNCTION IF EXISTS admin_audit_append_only()`.execute(db);
  await db.schema.dropIndex('admin_audit_created_idx').ifExists().execute();
  await db.schema.dropIndex('admin_audit_admin_idx').ifExists().execute();
  await db.schema.dropIndex('admin_audit_action_idx').ifExists().execute();
  await db.schema.dropIndex('admin_audit_request_idx').ifExists().execute();
  await sql`ALTER TABLE admin_audit DROP CONSTRAINT IF EXISTS admin_audit_actor_admin`.execute(db);
  await db.schema.alterTable('admin_audit').dropColumn('actor').dropColumn('before').dropColumn('after').dropColumn('ip').dropColumn('request_id').execute();
}
