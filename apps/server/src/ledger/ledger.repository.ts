import type { SystemAccount } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** SQL of the ledger. Always called inside the caller's database transaction. */
export function ledgerRepository(db: Db) {
  return {
    async balances(userId: string, coin?: string) {
      let query = db.selectFrom('ledger_accounts').select(['coin', 'bucket', 'balance']).where('user_id', '=', userId);
      if (coin) query = query.where('coin', '=', coin);
      return query.execute();
    },

    async systemBalance(code: SystemAccount, coin: string): Promise<bigint> {
      const row = await db.selectFrom('ledger_accounts').select('balance').where('system_code', '=', code).where('coin', '=', coin).executeTakeFirst();
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
