import { WITHDRAW_STATUSES } from '@platter/domain';
import { poolOf, type Db } from '../db/database.ts';
import { countWithdrawalsByStatus, lastLedgerCheck, recordLedgerCheck } from './metrics.repository.ts';
import { dbPoolConnections, ledgerCheckProblems, ledgerCheckTimestamp, withdrawalsByStatus } from './metrics.ts';

/** The gauges read from the database and the pool, set just before each scrape. */
export async function refreshDatabaseGauges(db: Db): Promise<void> {
  const counts = await countWithdrawalsByStatus(db);
  for (const status of new Set<string>([...WITHDRAW_STATUSES, ...counts.keys()])) withdrawalsByStatus.set({ status }, counts.get(status) ?? 0);
  const check = await lastLedgerCheck(db);
  if (check) {
    ledgerCheckProblems.set(check.problems);
    ledgerCheckTimestamp.set(check.checkedAt.getTime() / 1000);
  } else {
    // Never run: timestamp 0, so an alert on the check's age fires rather than a silent green.
    ledgerCheckProblems.set(0);
    ledgerCheckTimestamp.set(0);
  }
  const pool = poolOf(db);
  if (pool) {
    dbPoolConnections.set({ state: 'total' }, pool.totalCount);
    dbPoolConnections.set({ state: 'idle' }, pool.idleCount);
    dbPoolConnections.set({ state: 'waiting' }, pool.waitingCount);
  }
}

/** A `ledger check` run's result, kept for /metrics (platter_ledger_check_*). */
export async function noteLedgerCheck(db: Db, problems: number): Promise<void> {
  await recordLedgerCheck(db, problems);
}
