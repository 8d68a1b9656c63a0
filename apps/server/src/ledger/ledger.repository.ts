import { accountKey, NEGATIVE_ALLOWED, type AccountRef, type SystemAccount } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** SQL of the ledger. Always called inside the caller's database transaction. */
export function ledgerRepository(db: Db) {
  return {
    /** Ids of the accounts, created on first use. */
    async accountIds(accounts: readonly AccountRef[]): Promise<Map<string, string>> {
      const unique = new Map(accounts.map((a) => [accountKey(a), a]));
      const users = [...unique.values()].filter((a) => a.kind === 'user');
      const systems = [...unique.values()].filter((a) => a.kind === 'system');
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
      const ids = new Map<string, string>();
      if (users.length) {
        const rows = await db
          .selectFrom('ledger_accounts')
          .select(['id', 'user_id', 'coin', 'bucket'])
          .where((eb) => eb.or(users.map((a) => eb.and([eb('user_id', '=', a.userId), eb('coin', '=', a.coin), eb('bucket', '=', a.bucket)]))))
          .execute();
        for (const r of rows) ids.set(`user:${r.user_id}:${r.coin}:${r.bucket}`, r.id);
      }
      if (systems.length) {
        const rows = await db
          .selectFrom('ledger_accounts')
          .select(['id', 'system_code', 'coin'])
          .where('bucket', '=', 'system')
          .where((eb) => eb.or(systems.map((a) => eb.and([eb('system_code', '=', a.code), eb('coin', '=', a.coin)]))))
          .execute();
        for (const r of rows) ids.set(`system:${r.system_code}:${r.coin}`, r.id);
      }
      return ids;
    },

    async insertTransaction(tx: { kind: string; reference: string | null; memo: string; created_by: string | null }) {
      const row = await db.insertInto('ledger_transactions').values(tx).returning(['id', 'created_at']).executeTakeFirstOrThrow();
      return row;
    },

    async insertPostings(rows: { transaction_id: string; account_id: string; coin: string; amount: bigint }[]) {
      await db.insertInto('ledger_postings').values(rows).execute();
    },

    /**
     * Applies the deltas to the projected balances. Rows are locked in id order first, so two
     * transactions touching the same accounts never deadlock; a user balance that would go
     * below zero violates `ledger_accounts_non_negative` and aborts the whole transaction.
     */
    async applyDeltas(deltas: Map<string, bigint>): Promise<void> {
      const ids = [...deltas.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      await sql`SELECT id FROM ledger_accounts WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`.execute(db);
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
