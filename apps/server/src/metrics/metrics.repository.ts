import type { Db } from '../db/database.ts';

/** The database's side of the metrics: read at scrape time, written by `ledger check`. */

export async function countWithdrawalsByStatus(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('withdrawals')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Leaves a `ledger check` result for /metrics in every process. */
export async function recordLedgerCheck(db: Db, problems: number): Promise<void> {
  await db.insertInto('ledger_check_runs').values({ problems }).execute();
}

export async function lastLedgerCheck(db: Db): Promise<{ checkedAt: Date; problems: number } | undefined> {
  const row = await db.selectFrom('ledger_check_runs').select(['checked_at', 'problems']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? { checkedAt: row.checked_at, problems: row.problems } : undefined;
}
