import { sql, type Kysely } from 'kysely';

/**
 * The ledger's kinds are one closed list (LEDGER_KINDS in packages/domain, issue 19). Auto Pay's
 * withdrawal hold was written as `autopay`: it is `autopay_hold` now. The journal is
 * append-only; renaming a label moves no money, so its guard is lifted for this statement only.
 */
const RENAMED: readonly (readonly [string, string])[] = [['autopay', 'autopay_hold']];

async function rename(db: Kysely<unknown>, pairs: readonly (readonly [string, string])[]): Promise<void> {
  await sql`ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_append_only`.execute(db);
  for (const [from, to] of pairs) await sql`UPDATE ledger_transactions SET kind = ${to} WHERE kind = ${from}`.execute(db);
  await sql`ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_append_only`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, RENAMED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rename(
    db,
    RENAMED.map(([from, to]) => [to, from] as const),
  );
}
