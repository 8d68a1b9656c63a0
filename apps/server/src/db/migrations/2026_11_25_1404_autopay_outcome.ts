import { sql, type Kysely } from 'kysely';

/**
 * Why the last Auto Pay run of a user's coin paid or did not (issue 17): a run during the
 * 24-hour lock after a security change is skipped, and says so, as a skipped ratio or minimum does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auto_pay_settings ADD COLUMN last_outcome text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auto_pay_settings DROP COLUMN last_outcome`.execute(db);
}
