import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, a pointing put in mortgage (POINT_LOCKED): the user's request to put a POINT_VALID
 * record in mortgage, reviewed by the back office (`auditmorttopoint`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE point_mortgage_requests (
      id bigserial PRIMARY KEY,
      record_id bigint NOT NULL REFERENCES point_records(id),
      user_id bigint NOT NULL REFERENCES users(id),
      status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
      reason text NOT NULL DEFAULT '',
      reviewed_by bigint REFERENCES users(id),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One pending request per record: two racing requests cannot both land.
  await sql`CREATE UNIQUE INDEX point_mortgage_requests_pending ON point_mortgage_requests (record_id) WHERE status = 'PENDING'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS point_mortgage_requests`.execute(db);
}
