import { sql, type Kysely } from 'kysely';

/**
 * The audit log's request id is the server's own from now on; the X-Request-Id a client sent is
 * kept beside it, untrusted, in its own column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_audit ADD COLUMN client_request_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_audit DROP COLUMN IF EXISTS client_request_id`.execute(db);
}
