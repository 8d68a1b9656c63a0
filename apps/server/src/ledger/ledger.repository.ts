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

    /**
     * One balanced transaction by ledger_post (db/functions/ledger_post.sql), in one round trip:
     * accounts on first use, locked in id order, balances, transaction, postings. Answers its id.
     */
    async post(input: {
      kind: string;
      reference: string | null;
      memo: string;
      createdBy: string | null;
      userIds: (string | null)[];
      systemCodes: (string | null)[];
      coins: string[];
      buckets: string[];
      amounts: string[];
      allowNegative: boolean[];
    }): Promise<string | undefined> {
      const result = await sql<{ id: string }>`
        SELECT ledger_post(${input.kind}, ${input.reference}, ${input.memo}, ${input.createdBy}::bigint,
          ${input.userIds}::bigint[], ${input.systemCodes}::text[], ${input.coins}::text[], ${input.buckets}::text[],
          ${input.amounts}::numeric[], ${input.allowNegative}::boolean[]) AS id`.execute(db);
      return result.rows[0]?.id;
    },

    /** The stored request hash and answer under an idempotency key, or undefined. */
    async idempotencyKey(scope: string, key: string) {
      return db.selectFrom('idempotency_keys').select(['request_hash', 'response']).where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
    },

    /** Claims a key (false: another transaction holds it; waits on its unique index meanwhile). */
    async claimIdempotencyKey(scope: string, key: string, hash: string): Promise<boolean> {
      const claimed = await sql<{ claimed: number }>`
        INSERT INTO idempotency_keys (scope, key, request_hash, response) VALUES (${scope}, ${key}, ${hash}, 'null'::jsonb)
        ON CONFLICT (scope, key) DO NOTHING RETURNING 1 AS claimed`.execute(db);
      return claimed.rows.length > 0;
    },

    async storeIdempotentResponse(scope: string, key: string, response: string) {
      await db.updateTable('idempotency_keys').set({ response }).where('scope', '=', scope).where('key', '=', key).execute();
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
