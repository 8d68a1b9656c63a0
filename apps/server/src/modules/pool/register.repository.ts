import type { PostStatus } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of node registration (register.ts holds the rules). */

/** The registration of a node in a pool, locked, if any. */
export async function lockRegisteredNode(trx: Db, pool: string, nodeId: string) {
  return trx
    .selectFrom('plots')
    .select(['id', 'user_id', 'post_status'])
    .where('pool', '=', pool)
    .where('plot_id', '=', nodeId)
    .where('post_status', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}

/** The nodes a user registered in a pool. */
export async function registeredNodeCount(trx: Db, userId: string, pool: string): Promise<number> {
  const { n } = await trx
    .selectFrom('plots')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .where('post_status', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Writes a registration: onto the user's unbound row of the node (known from the proxy tool's inventory), else a new row; its id. */
export async function writeRegistration(trx: Db, userId: string, body: { pool: string; node_id: string; size: string; signature: string }, now: Date): Promise<string> {
  const updated = await trx
    .updateTable('plots')
    .set({
      post_status: 'REGISTER',
      post_updated_at: now,
      updated_at: now,
      signing: 'signed',
      identity_signature: body.signature,
      ...(body.size !== '0' ? { size_bytes: body.size } : {}),
    })
    .where('user_id', '=', userId)
    .where('pool', '=', body.pool)
    .where('plot_id', '=', body.node_id)
    .where('bind_status', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (updated) return updated.id;
  const inserted = await trx
    .insertInto('plots')
    .values({
      user_id: userId,
      pool: body.pool,
      plot_id: body.node_id,
      size_bytes: body.size,
      signing: 'signed',
      post_status: 'REGISTER',
      post_updated_at: now,
      last_seen_at: null,
      identity_signature: body.signature,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The user's registered nodes of a pool among `nodeIds`, locked. */
export async function lockUserNodes(trx: Db, owner: { userId: string; pool: string }, nodeIds: string[]) {
  return trx
    .selectFrom('plots')
    .select(['id', 'plot_id', 'post_status'])
    .where('user_id', '=', owner.userId)
    .where('pool', '=', owner.pool)
    .where('plot_id', 'in', nodeIds)
    .where('post_status', 'is not', null)
    .forUpdate()
    .execute();
}

export async function setNodeStatus(trx: Db, id: string, status: PostStatus, now: Date): Promise<void> {
  await trx.updateTable('plots').set({ post_status: status, post_updated_at: now, updated_at: now, last_seen_at: now }).where('id', '=', id).execute();
}
