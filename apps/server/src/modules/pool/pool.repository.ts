import type { Db } from '../../db/database.ts';

/** Look-ups of a pool and a user that several pool files need (their SQL in one place). */

/** A pool's coin, protocol and whether it is enabled. */
export async function poolRow(db: Db, pool: string) {
  return db.selectFrom('pools').select(['type', 'coin', 'enabled', 'protocol']).where('type', '=', pool).executeTakeFirst();
}

/** The coin's scale of a pool. */
export async function poolScale(db: Db, pool: string): Promise<number | undefined> {
  const row = await db.selectFrom('pools as p').innerJoin('coins as c', 'c.type', 'p.coin').select(['c.scale']).where('p.type', '=', pool).executeTakeFirst();
  return row?.scale;
}

export async function uidOf(db: Db, userId: string): Promise<string> {
  return (await db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow()).uid;
}
