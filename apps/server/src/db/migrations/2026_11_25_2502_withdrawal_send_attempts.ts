import { sql, type Kysely } from 'kysely';

/**
 * A withdrawal whose send failed without paying (the wallet unreachable, a refusal a later try
 * may get past) is tried again a bounded number of times with backoff, then left FAILED for the
 * operator, while the others are sent (issue 19): its attempts, last error and next try.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals
    ADD COLUMN send_attempts integer NOT NULL DEFAULT 0,
    ADD COLUMN last_send_error text NOT NULL DEFAULT '',
    ADD COLUMN next_send_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals DROP COLUMN send_attempts, DROP COLUMN last_send_error, DROP COLUMN next_send_at`.execute(db);
}
