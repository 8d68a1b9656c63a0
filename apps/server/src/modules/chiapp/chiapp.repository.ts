import type { Db } from '../../db/database.ts';

/** SQL of the launcher binding: binding keys, login grants, the binding itself. */

export async function issueBindKey(db: Db, input: { key: string; userId: string; launcherId: string; expiresAt: Date }): Promise<void> {
  await db.insertInto('chia_bind_requests').values({ key: input.key, user_id: input.userId, launcher_id: input.launcherId, kind: 'sign', expires_at: input.expiresAt }).execute();
}

/** A binding key of this user and launcher that is still valid and unused. */
export async function findBindKey(db: Db, input: { key: string; userId: string; launcherId: string; now: Date }): Promise<{ expiresAt: Date } | undefined> {
  const row = await db
    .selectFrom('chia_bind_requests')
    .select('expires_at')
    .where('key', '=', input.key)
    .where('user_id', '=', input.userId)
    .where('launcher_id', '=', input.launcherId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .executeTakeFirst();
  return row ? { expiresAt: row.expires_at } : undefined;
}

/** Uses a binding key of this user and launcher once, while it is valid. */
export async function consumeBindKey(db: Db, input: { key: string; userId: string; launcherId: string; now: Date }): Promise<{ expiresAt: Date } | undefined> {
  const row = await db
    .updateTable('chia_bind_requests')
    .set({ used_at: input.now })
    .where('key', '=', input.key)
    .where('user_id', '=', input.userId)
    .where('launcher_id', '=', input.launcherId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returning('expires_at')
    .executeTakeFirst();
  return row ? { expiresAt: row.expires_at } : undefined;
}

export async function consumeLoginGrant(db: Db, tokenHash: string, launcherId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('chia_login_grants')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('launcher_id', '=', launcherId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/** Binds the launcher to the user, with a miner of the user that its shares are recorded under. */
export async function bindLauncher(db: Db, input: { launcherId: string; pool: string; userId: string; now: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const name = `plotnft-${input.launcherId.slice(0, 8)}`;
    const miner = await trx
      .insertInto('miners')
      .values({ user_id: input.userId, pool: input.pool, name, version: 'chia-pool-v1', last_seen_at: input.now })
      .onConflict((oc) => oc.columns(['user_id', 'pool', 'name']).doUpdateSet({ version: 'chia-pool-v1' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('chia_farmers').set({ user_id: input.userId, miner_id: miner.id, bound_at: input.now }).where('launcher_id', '=', input.launcherId).execute();
  });
}

export async function unbindLauncher(db: Db, launcherId: string, userId: string): Promise<boolean> {
  const row = await db
    .updateTable('chia_farmers')
    .set({ user_id: null, miner_id: null, bound_at: null })
    .where('launcher_id', '=', launcherId)
    .where('user_id', '=', userId)
    .returning('launcher_id')
    .executeTakeFirst();
  return row !== undefined;
}
