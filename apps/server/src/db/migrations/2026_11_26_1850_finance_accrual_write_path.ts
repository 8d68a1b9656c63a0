import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, the accrual's write path: an accrual row is written once per (holding, day), so each
 * index and check on `finance_accruals` is paid 100,000 times a day for 100,000 holdings.
 * - The foreign key to `finance_holdings` goes: a row is only ever written by the accrual from a
 *   holding it has just read (in the same statement), and holdings are never deleted, so the key
 *   held by construction; the ledger check (`finance.repository.ts`, `mismatches`) verifies that
 *   every accrual row names an existing holding of the same product and owner.
 * - The (user_id, day) index goes: a user's income list reaches the rows through their holdings
 *   (`finance_holdings_user`) and the primary key (holding_id, day).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE finance_accruals DROP CONSTRAINT finance_accruals_holding_id_fkey`.execute(db);
  await sql`DROP INDEX finance_accruals_user`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX finance_accruals_user ON finance_accruals (user_id, day)`.execute(db);
  await sql`ALTER TABLE finance_accruals ADD CONSTRAINT finance_accruals_holding_id_fkey FOREIGN KEY (holding_id) REFERENCES finance_holdings(id)`.execute(db);
}
