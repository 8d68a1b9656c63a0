import { accountKey, NEGATIVE_ALLOWED, type AccountRef, type SystemAccount } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** SQL of the ledger. Always called inside the caller's database transaction. */
export function ledgerRepository(db: Db) {
  return {
    /**
     * Ids of the accounts, created on first use, and locked (FOR UPDATE, in id order, so two
     * transactions touching the same accounts never deadlock). One query when they all exist.
     */
    async lockAccounts(accounts: readonly AccountRef[]): Promise<Map<string, string>> {
      const unique = [...new Map(accounts.map((a) => [accountKey(a), a])).values()];
      const conditions = unique.map((a) =>
        a.kind === 'user'
          ? sql`(user_id = ${a.userId}::bigint AND coin = ${a.coin} AND bucket = ${a.bucket})`
          : sql`(system_code = ${a.code} AND coin = ${a.coin} AND bucket = 'system')`,
      );
      const select = async () => {
        const rows = await sql<{ id: string; user_id: string | null; system_code: string | null; coin: string; bucket: string }>`
          SELECT id, user_id, system_code, coin, bucket FROM ledger_accounts
          WHERE ${sql.join(conditions, sql` OR `)}
          ORDER BY id FOR UPDATE`.execute(db);
        return new Map(rows.rows.map((r) => [r.user_id !== null ? `user:${r.user_id}:${r.coin}:${r.bucket}` : `system:${r.system_code}:${r.coin}`, r.id]));
      };
      let ids = await select();
      const missing = unique.filter((a) => !ids.has(accountKey(a)));
      if (missing.length === 0) return ids;
      const users = missing.filter((a) => a.kind === 'user');
      const systems = missing.filter((a) => a.kind === 'system');
      if (users.length) {
        await db
          .insertInto('ledger_accounts')
          .values(users.map((a) => ({ coin: a.coin, user_id: a.userId, system_code: null, bucket: a.bucket, allow_negative: false })))
          .onConflict((oc) => oc.columns(['user_id', 'coin', 'bucket']).where('user_id', 'is not', null).doNothing())
          .execute();
      }
      if (systems.length) {
        await db
          .insertInto('ledger_accounts')
          .values(
            systems.map((a) => ({
              coin: a.coin,
              user_id: null,
              system_code: a.code,
              bucket: 'system',
              allow_negative: NEGATIVE_ALLOWED.has(a.code as SystemAccount),
            })),
          )
          .onConflict((oc) => oc.columns(['system_code', 'coin', 'bucket']).where('system_code', 'is not', null).doNothing())
          .execute();
      }
      ids = await select();
      return ids;
    },

    /** Writes the transaction and its postings in one statement; returns the transaction id. */
    async insertTransactionWithPostings(
      tx: { kind: string; reference: string | null; memo: string; created_by: string | null },
      postings: readonly { account_id: string; coin: string; amount: bigint }[],
    ): Promise<string> {
      const values = postings.map((p) => sql`(${p.account_id}::bigint, ${p.coin}::text, ${p.amount.toString()}::numeric)`);
      const result = await sql<{ id: string }>`
        WITH t AS (
          INSERT INTO ledger_transactions (kind, reference, memo, created_by)
          VALUES (${tx.kind}, ${tx.reference}, ${tx.memo}, ${tx.created_by})
          RETURNING id
        ), p AS (
          INSERT INTO ledger_postings (transaction_id, account_id, coin, amount)
          SELECT t.id, v.account_id, v.coin, v.amount FROM t, (VALUES ${sql.join(values)}) AS v(account_id, coin, amount)
        )
        SELECT id FROM t`.execute(db);
      const id = result.rows[0]?.id;
      if (!id) throw new Error('ledger transaction not written');
      return id;
    },

    /**
     * Applies the deltas to the projected balances (already locked by lockAccounts); a user
     * balance that would go below zero violates `ledger_accounts_non_negative` and aborts the
     * whole transaction.
     */
    async applyDeltas(deltas: Map<string, bigint>): Promise<void> {
      const ids = [...deltas.keys()];
      const values = ids.map((id) => sql`(${id}::bigint, ${(deltas.get(id) ?? 0n).toString()}::numeric)`);
      await sql`
        UPDATE ledger_accounts AS a SET balance = a.balance + d.delta, updated_at = now()
        FROM (VALUES ${sql.join(values)}) AS d(id, delta)
        WHERE a.id = d.id`.execute(db);
    },

    async balances(userId: string, coin?: string) {
      let query = db.selectFrom('ledger_accounts').select(['coin', 'bucket', 'balance']).where('user_id', '=', userId);
      if (coin) query = query.where('coin', '=', coin);
      return query.execute();
    },

    async systemBalance(code: SystemAccount, coin: string): Promise<bigint> {
      const row = await db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('system_code', '=', code)
        .where('coin', '=', coin)
        .executeTakeFirst();
      return row ? BigInt(row.balance) : 0n;
    },

    async lockHold(holdId: string) {
      return db.selectFrom('ledger_holds').selectAll().where('id', '=', holdId).forUpdate().executeTakeFirst();
    },

    async insertHold(hold: { user_id: string; coin: string; bucket: string; amount: bigint; reference: string | null; hold_transaction_id: string }) {
      return db.insertInto('ledger_holds').values(hold).returning('id').executeTakeFirstOrThrow();
    },

    async resolveHold(holdId: string, status: 'posted' | 'voided', transactionId: string) {
      await db
        .updateTable('ledger_holds')
        .set({ status, resolve_transaction_id: transactionId, resolved_at: sql`now()` })
        .where('id', '=', holdId)
        .execute();
    },
  };
}
