import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of the security keys and the watch authorisations (issue 25). */
export function watcherRepository(db: Db) {
  const live = () => db.selectFrom('watch_authorizations as w').where('w.revoked_at', 'is', null);
  return {
    keyOf(userId: string) {
      return db.selectFrom('security_keys').select(['key_sealed', 'allow_remove_offline', 'created_at']).where('user_id', '=', userId).executeTakeFirst();
    },

    async googleBound(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('google_secret').where('id', '=', userId).executeTakeFirst();
      return Boolean(row?.google_secret);
    },

    async saveKey(userId: string, key: { sealed: string; hash: string; allowRemoveOffline: boolean }): Promise<void> {
      await db
        .insertInto('security_keys')
        .values({ user_id: userId, key_sealed: key.sealed, key_hash: key.hash, allow_remove_offline: key.allowRemoveOffline, created_at: new Date() })
        .onConflict((c) => c.column('user_id').doUpdateSet({ key_sealed: key.sealed, key_hash: key.hash, allow_remove_offline: key.allowRemoveOffline, created_at: new Date() }))
        .execute();
    },

    /** The active owner of a key (by its hash), with the grant the key carries. */
    ownerOfKey(keyHash: string) {
      return db
        .selectFrom('security_keys as k')
        .innerJoin('users as u', 'u.id', 'k.user_id')
        .select(['k.user_id', 'k.allow_remove_offline'])
        .where('k.key_hash', '=', keyHash)
        .where('u.status', '=', 'active')
        .executeTakeFirst();
    },

    /** Locks the watcher's row: one add of theirs at a time, so the list's maximum holds. */
    async lockUser(userId: string): Promise<void> {
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    },

    liveAuthorization(watcherId: string, ownerId: string) {
      return live().select(['w.id']).where('w.watcher_id', '=', watcherId).where('w.owner_id', '=', ownerId).executeTakeFirst();
    },

    async countWatched(watcherId: string): Promise<number> {
      const row = await live()
        .select(sql<string>`count(*)`.as('n'))
        .where('w.watcher_id', '=', watcherId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async countWatchers(ownerId: string): Promise<number> {
      const row = await live()
        .select(sql<string>`count(*)`.as('n'))
        .where('w.owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    insert(watcherId: string, ownerId: string, allowRemoveOffline: boolean) {
      return db
        .insertInto('watch_authorizations')
        .values({ watcher_id: watcherId, owner_id: ownerId, allow_remove_offline: allowRemoveOffline })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    async setGrant(id: string, allowRemoveOffline: boolean): Promise<void> {
      await db.updateTable('watch_authorizations').set({ allow_remove_offline: allowRemoveOffline }).where('id', '=', id).execute();
    },

    /** The live authorisation of `watcherId` by the user `ownerUid`, with the owner's id. */
    authorizationByUid(watcherId: string, ownerUid: string) {
      return live()
        .innerJoin('users as o', 'o.id', 'w.owner_id')
        .select(['w.id', 'w.owner_id', 'w.allow_remove_offline'])
        .where('w.watcher_id', '=', watcherId)
        .where('o.uid', '=', ownerUid)
        .where('o.status', '=', 'active')
        .executeTakeFirst();
    },

    /** The users `watcherId` watches, oldest authorisation first. */
    watched(watcherId: string) {
      return live()
        .innerJoin('users as o', 'o.id', 'w.owner_id')
        .select(['w.owner_id', 'o.uid', 'o.nickname', 'o.email', 'w.created_at', 'w.allow_remove_offline'])
        .where('w.watcher_id', '=', watcherId)
        .orderBy('w.created_at')
        .orderBy('w.id')
        .execute();
    },

    /** Who watches `ownerId` (My authorization), newest first: a page and the total. */
    async watchers(ownerId: string, page: { page: number; count: number }) {
      const base = live().innerJoin('users as u', 'u.id', 'w.watcher_id').where('w.owner_id', '=', ownerId);
      const { total } = await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .select(['w.id', 'u.uid', 'u.nickname', 'u.email', 'w.created_at', 'w.allow_remove_offline'])
        .orderBy('w.created_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(page.count)
        .offset((page.page - 1) * page.count)
        .execute();
      return { rows, total: Number(total) };
    },

    /** Ends live authorisations matching `where`; answers how many ended. */
    async revoke(by: 'owner' | 'watcher' | 'rotation', where: { id?: string; ownerId?: string; watcherId?: string }): Promise<number> {
      if (where.id === undefined && where.ownerId === undefined && where.watcherId === undefined) throw new Error('revoke: no authorisation named');
      let query = db.updateTable('watch_authorizations').set({ revoked_at: new Date(), revoked_by: by }).where('revoked_at', 'is', null);
      if (where.id !== undefined) query = query.where('id', '=', where.id);
      if (where.ownerId !== undefined) query = query.where('owner_id', '=', where.ownerId);
      if (where.watcherId !== undefined) query = query.where('watcher_id', '=', where.watcherId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
