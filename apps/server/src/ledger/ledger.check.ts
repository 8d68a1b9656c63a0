import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { financeMismatches } from '../modules/finance/finance.service.ts';
import { pointingMismatches } from '../modules/pointing/pointing.service.ts';

export interface LedgerProblem {
  kind:
    | 'unbalanced-transaction'
    | 'lonely-transaction'
    | 'coin-not-zero'
    | 'balance-mismatch'
    | 'negative-balance'
    | 'hold-mismatch'
    | 'clearing-mismatch'
    | 'finance-mismatch'
    | 'pointing-mismatch';
  detail: string;
}

/**
 * Verifies the ledger from its postings (`npm run platter -- ledger check`): every transaction
 * balances per coin and has two or more postings, every coin sums to zero, every projected
 * balance equals the sum of its postings, no user balance is negative, each holding bucket
 * equals the sum of its pending holds, and each coin's settlement clearing holds exactly the
 * settled credits not yet in their members' balances.
 */
export async function checkLedger(db: Db): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await sql<{ transaction_id: string; coin: string; total: string }>`
    SELECT transaction_id, coin, sum(amount)::text AS total FROM ledger_postings
    GROUP BY transaction_id, coin HAVING sum(amount) <> 0 ORDER BY transaction_id LIMIT 100`.execute(db);
  for (const r of unbalanced.rows) {
    problems.push({ kind: 'unbalanced-transaction', detail: `transaction ${r.transaction_id}: ${r.coin} postings sum to ${r.total}` });
  }
  const lonely = await sql<{ id: string; n: string }>`
    SELECT t.id, count(p.id)::text AS n FROM ledger_transactions t LEFT JOIN ledger_postings p ON p.transaction_id = t.id
    GROUP BY t.id HAVING count(p.id) < 2 ORDER BY t.id LIMIT 100`.execute(db);
  for (const r of lonely.rows) problems.push({ kind: 'lonely-transaction', detail: `transaction ${r.id} has ${r.n} posting(s)` });
  const coins = await sql<{ coin: string; total: string }>`
    SELECT coin, sum(amount)::text AS total FROM ledger_postings GROUP BY coin HAVING sum(amount) <> 0`.execute(db);
  for (const r of coins.rows) problems.push({ kind: 'coin-not-zero', detail: `${r.coin} postings sum to ${r.total}` });
  const mismatched = await sql<{ id: string; owner: string; coin: string; bucket: string; balance: string; total: string }>`
    SELECT a.id, coalesce(a.user_id::text, a.system_code) AS owner, a.coin, a.bucket, a.balance::text AS balance,
           coalesce(sum(p.amount), 0)::text AS total
    FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
    GROUP BY a.id HAVING a.balance <> coalesce(sum(p.amount), 0) ORDER BY a.id LIMIT 100`.execute(db);
  for (const r of mismatched.rows) {
    problems.push({
      kind: 'balance-mismatch',
      detail: `account ${r.id} (${r.owner} ${r.coin} ${r.bucket}): balance ${r.balance}, postings sum to ${r.total}`,
    });
  }
  const negative = await sql<{ id: string; balance: string }>`
    SELECT id, balance::text AS balance FROM ledger_accounts WHERE NOT allow_negative AND balance < 0 LIMIT 100`.execute(db);
  for (const r of negative.rows) problems.push({ kind: 'negative-balance', detail: `account ${r.id} is at ${r.balance}` });
  const holds = await sql<{ user_id: string; coin: string; bucket: string; balance: string; held: string }>`
    SELECT a.user_id::text AS user_id, a.coin, a.bucket, a.balance::text AS balance, coalesce(h.held, 0)::text AS held
    FROM ledger_accounts a
    LEFT JOIN (SELECT user_id, coin, bucket, sum(amount) AS held FROM ledger_holds WHERE status = 'pending' GROUP BY 1, 2, 3) h
      ON h.user_id = a.user_id AND h.coin = a.coin AND h.bucket = a.bucket
    WHERE a.bucket = 'withdraw_hold' AND a.balance <> coalesce(h.held, 0) LIMIT 100`.execute(db);
  for (const r of holds.rows) {
    problems.push({ kind: 'hold-mismatch', detail: `user ${r.user_id} ${r.coin} ${r.bucket}: balance ${r.balance}, pending holds ${r.held}` });
  }
  const clearing = await sql<{ coin: string; balance: string; owed: string }>`
    WITH owed AS (
      SELECT p.coin, sum(b.total_units) AS owed
      FROM settlement_batches b
      JOIN pools p ON p.type = b.pool
      GROUP BY p.coin
    ), held AS (
      SELECT coin, balance FROM ledger_accounts WHERE system_code = 'settlement_clearing'
    )
    SELECT coalesce(h.coin, o.coin) AS coin, coalesce(h.balance, 0)::text AS balance, coalesce(o.owed, 0)::text AS owed
    FROM held h FULL JOIN owed o ON o.coin = h.coin
    WHERE coalesce(h.balance, 0) <> coalesce(o.owed, 0)`.execute(db);
  for (const r of clearing.rows) {
    problems.push({ kind: 'clearing-mismatch', detail: `${r.coin} settlement clearing holds ${r.balance}, the batches of decided days not yet credited sum to ${r.owed}` });
  }
  // Issue 23: the finance budget account and each user's finance bucket match their records.
  for (const m of await financeMismatches(db)) problems.push({ kind: 'finance-mismatch', detail: m.detail });
  // Issue 22: each user's pointing margin bucket matches the margins its pointing records hold.
  for (const m of await pointingMismatches(db)) problems.push({ kind: 'pointing-mismatch', detail: m.detail });
  return problems;
}
