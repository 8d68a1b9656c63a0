import { sql, type Kysely } from 'kysely';

/**
 * Capacity binding reviews and list exports (issues 7 and 5; spec doc 2 §7 'Admin'
 * auditbindplotter, auditunbindplotter, auditcancelbindplotter, ApplyForDownload …).
 *
 * plots: the back office's decision on a binding or an unbinding (pending, approved, rejected,
 * canceled), its reason, who decided and when. A binding waits in BIND_SENT until approved;
 * rows made before this migration (and the simulator's) carry no review and are not held.
 *
 * exports: one job table for every list (the user's and the back office's): `scope` says whose
 * list, `kind` which one; a finished file expires (`expires_at`) and its content is dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('plots')
    .addColumn('review', 'text', (c) => c.check(sql`review IN ('pending', 'approved', 'rejected', 'canceled')`))
    .addColumn('review_reason', 'text')
    .addColumn('reviewed_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX plots_review_idx ON plots (bind_status, id) WHERE bind_status = 'UNBIND_AUDITING' OR review = 'pending'`.execute(db);

  await db.schema
    .alterTable('exports')
    .addColumn('scope', 'text', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`scope IN ('user', 'admin')`),
    )
    .execute();
  await db.schema.alterTable('exports').addColumn('expires_at', 'timestamptz').execute();
  await sql`ALTER TABLE exports DROP CONSTRAINT exports_status_check`.execute(db);
  await sql`ALTER TABLE exports ADD CONSTRAINT exports_status_check CHECK (status IN ('pending', 'ready', 'failed', 'expired'))`.execute(db);
  await db.schema.createIndex('exports_limit_idx').on('exports').columns(['user_id', 'scope', 'kind', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('exports_limit_idx').execute();
  await sql`DELETE FROM exports WHERE status = 'expired'`.execute(db);
  await sql`ALTER TABLE exports DROP CONSTRAINT exports_status_check`.execute(db);
  await sql`ALTER TABLE exports ADD CONSTRAINT exports_status_check CHECK (status IN ('pending', 'ready', 'failed'))`.execute(db);
  await db.schema.alterTable('exports').dropColumn('expires_at').dropColumn('scope').execute();
  await sql`DROP INDEX plots_review_idx`.execute(db);
  await db.schema.alterTable('plots').dropColumn('review').dropColumn('review_reason').dropColumn('reviewed_by').dropColumn('reviewed_at').execute();
}
