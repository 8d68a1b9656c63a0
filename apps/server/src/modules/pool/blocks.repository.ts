import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of found blocks (blocks.ts holds the rules). */

/** A no-key row lock on the pool: the lock of its days (the shares' and blocks' foreign-key checks never wait on it). */
export async function lockPoolRow(trx: Db, pool: string): Promise<void> {
  await trx.selectFrom('pools').select('type').where('type', '=', pool).forNoKeyUpdate().executeTakeFirst();
}

/** The pool's last decided (settled or unsettled) day, if any. */
export async function lastDecidedDay(trx: Db, pool: string): Promise<string | null> {
  const closed = await trx
    .selectFrom('settlements')
    .select(sql<string | null>`max(day)::text`.as('day'))
    .where('pool', '=', pool)
    .where('status', 'in', ['SETTLEMENT', 'UNSETTLEMENT'])
    .executeTakeFirst();
  return closed?.day ?? null;
}

/** Inserts a block once per pool and height; its id, or undefined when it was there already. */
export async function insertBlock(
  trx: Db,
  block: {
    pool: string;
    coin: string;
    height: string;
    found_at: Date;
    day: string;
    finder_user_id: string | null;
    finder_miner_id: string | null;
    reward_units: bigint;
    finder_reward_units: bigint;
    capacity_bytes: bigint;
  },
): Promise<string | undefined> {
  const inserted = await trx
    .insertInto('blocks')
    .values(block)
    .onConflict((oc) => oc.columns(['pool', 'height']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function blockId(trx: Db, pool: string, height: string): Promise<string> {
  return (await trx.selectFrom('blocks').select('id').where('pool', '=', pool).where('height', '=', height).executeTakeFirstOrThrow()).id;
}

export async function setBlockTransaction(trx: Db, id: string, transactionId: string): Promise<void> {
  await trx.updateTable('blocks').set({ transaction_id: transactionId }).where('id', '=', id).execute();
}
