import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** SQL of `ledger check` (ledger.check.ts holds what each finding means). */
export const ledgerCheckRepository = {
  /** Transactions whose postings of a coin do not sum to zero. */
  unbalanced: async (db: Db) =>
    (
      await sql<{ transaction_id: string; coin: string; total: string }>`
    SELECT transaction_id, coin, sum(amount)::text AS total FROM ledger_postings
    GROUP BY transaction_id, coin HAVING sum(amount) <> 0 ORDER BY transaction_id LIMIT 100`.execute(db)
    ).rows,
  /** Transactions with fewer than two postings. */
  lonely: async (db: Db) =>
    (
      await sql<{ id: string; n: string }>`
    SELECT t.id, count(p.id)::text AS n FROM ledger_transactions t LEFT JOIN ledger_postings p ON p.transaction_id = t.id
    GROUP BY t.id HAVING count(p.id) < 2 ORDER BY t.id LIMIT 100`.execute(db)
    ).rows,
  /** Coins whose postings do not sum to zero. */
  coins: async (db: Db) =>
    (
      await sql<{ coin: string; total: string }>`
    SELECT coin, sum(amount)::text AS total FROM ledger_postings GROUP BY coin HAVING sum(amount) <> 0`.execute(db)
    ).rows,
  /** Accounts whose balance is not the sum of their postings. */
  mismatched: async (db: Db) =>
    (
      await sql<{ id: string; owner: string; coin: string; bucket: string; balance: string; total: string }>`
    SELECT a.id, coalesce(a.user_id::text, a.system_code) AS owner, a.coin, a.bucket, a.balance::text AS balance,
           coalesce(sum(p.amount), 0)::text AS total
    FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
    GROUP BY a.id HAVING a.balance <> coalesce(sum(p.amount), 0) ORDER BY a.id LIMIT 100`.execute(db)
    ).rows,
  /** Accounts below zero that may not be. */
  negative: async (db: Db) =>
    (
      await sql<{ id: string; balance: string }>`
    SELECT id, balance::text AS balance FROM ledger_accounts WHERE NOT allow_negative AND balance < 0 LIMIT 100`.execute(db)
    ).rows,
  /** Holding buckets that are not the sum of their pending holds. */
  holds: async (db: Db) =>
    (
      await sql<{ user_id: string; coin: string; bucket: string; balance: string; held: string }>`
    SELECT a.user_id::text AS user_id, a.coin, a.bucket, a.balance::text AS balance, coalesce(h.held, 0)::text AS held
    FROM ledger_accounts a
    LEFT JOIN (SELECT user_id, coin, bucket, sum(amount) AS held FROM ledger_holds WHERE status = 'pending' GROUP BY 1, 2, 3) h
      ON h.user_id = a.user_id AND h.coin = a.coin AND h.bucket = a.bucket
    WHERE a.bucket = 'withdraw_hold' AND a.balance <> coalesce(h.held, 0) LIMIT 100`.execute(db)
    ).rows,
  /** Coins whose settlement clearing does not hold what the batches of decided days still owe. */
  clearing: async (db: Db) =>
    (
      await sql<{ coin: string; balance: string; owed: string }>`
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
    WHERE coalesce(h.balance, 0) <> coalesce(o.owed, 0)`.execute(db)
    ).rows,
};
