import { AppError, SECURITY_KEY_PREFIX, WATCH_LIST_MAX, type Authorization, type SecurityCodes, type SecurityKey, type WatchedUser } from '@platter/domain';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { notifySecurityChange } from '../events/events.service.ts';
import { keyedHash, secretBox } from '../security/secret-box.ts';
import type { SecurityService } from '../security/security.service.ts';
import { publicName, userPools } from '../pool/views.ts';
import { watcherRepository } from './watcher.repository.ts';

/**
 * The watcher (issue 25). An owner's security key plus a current code of the owner's
 * authenticator, given to a watcher, is the owner's consent: the watcher's add checks both (the
 * code once, replay refused, failures counted against the owner's account like any security
 * verification) and records the authorisation with its date and the grant the key carries.
 * Either side ends it (remove, RemoveAuth); a new key ends every one of the owner's.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function newSecurityKey(): string {
  return `${SECURITY_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
}

export interface WatcherDeps {
  db: Db;
  secret: string;
  security: Pick<SecurityService, 'verifySecurity' | 'checkAuthenticator' | 'mailSecurityNotice'>;
}

/** Whom a watcher may read: the owner's id and whether they granted removing offline miners. */
export interface Watched {
  ownerId: string;
  allowRemoveOffline: boolean;
}

export function watcherService(deps: WatcherDeps) {
  const { db } = deps;
  const box = secretBox(deps.secret, 'security-key');
  const keyHash = keyedHash(deps.secret, 'security-key');

  async function securityKey(userId: string): Promise<SecurityKey> {
    const repo = watcherRepository(db);
    const [row, googleBound, watchers] = await Promise.all([repo.keyOf(userId), repo.googleBound(userId), repo.countWatchers(userId)]);
    return {
      key: row ? box.open(row.key_sealed) : null,
      created_at: row ? seconds(row.created_at) : null,
      allow_remove_offline: row?.allow_remove_offline ?? false,
      google_bound: googleBound,
      watchers,
    };
  }

  async function watchList(watcherId: string): Promise<{ ownerId: string; view: WatchedUser }[]> {
    const rows = await watcherRepository(db).watched(watcherId);
    return Promise.all(
      rows.map(async (r) => ({
        ownerId: r.owner_id,
        view: { uid: r.uid, name: publicName(r), since: seconds(r.created_at), allow_remove_offline: r.allow_remove_offline, pools: await userPools(db, r.owner_id) },
      })),
    );
  }

  return {
    securityKey,

    /**
     * A new key (the security verification of action `watcher`): every authorisation by the old one
     * ends in the same transaction, with the security message; the security e-mail follows.
     */
    async rotateKey(userId: string, body: SecurityCodes & { allow_remove_offline: boolean }, ip: string): Promise<SecurityKey> {
      const { allow_remove_offline: allowRemoveOffline, ...codes } = body;
      const key = newSecurityKey();
      let replaced = false;
      await deps.security.verifySecurity(userId, 'watcher', codes, async (trx) => {
        const repo = watcherRepository(trx);
        replaced = (await repo.keyOf(userId)) !== undefined;
        await repo.saveKey(userId, { sealed: box.seal(key), hash: keyHash(key), allowRemoveOffline });
        await repo.revoke('rotation', { ownerId: userId });
        if (replaced) await notifySecurityChange(trx, userId, 'security_key_replaced', ip);
      });
      if (replaced) await deps.security.mailSecurityNotice(userId, 'security_key_replaced', ip);
      return securityKey(userId);
    },

    /** Adds the owner of `key` to the watcher's list, with the owner's authenticator code as consent. */
    async add(watcherId: string, body: { key: string; google_code: string }): Promise<WatchedUser> {
      const owner = await watcherRepository(db).ownerOfKey(keyHash(body.key));
      if (!owner) throw new AppError('WATCH_VERIFY_FAILED');
      if (owner.user_id === watcherId) throw new AppError('WATCHER_SELF');
      try {
        await deps.security.checkAuthenticator(owner.user_id, 'watcher', body.google_code, async (trx) => {
          const repo = watcherRepository(trx);
          await repo.lockUser(watcherId);
          const existing = await repo.liveAuthorization(watcherId, owner.user_id);
          // Added again with a fresh code: the authorisation stays (and its date), with the key's grant now.
          if (existing) return repo.setGrant(existing.id, owner.allow_remove_offline);
          if ((await repo.countWatched(watcherId)) >= WATCH_LIST_MAX) throw new AppError('WATCHER_LIMIT');
          await repo.insert(watcherId, owner.user_id, owner.allow_remove_offline);
        });
      } catch (error) {
        // A wrong, replayed or missing authenticator: the spec's one message for a failed add.
        if (error instanceof AppError && (error.errorName === 'GOOGLE_FAILED' || error.errorName === 'GOOGLE_NOT_BOUND')) throw new AppError('WATCH_VERIFY_FAILED');
        throw error;
      }
      const added = (await watchList(watcherId)).find((w) => w.ownerId === owner.user_id);
      if (!added) throw new AppError('WATCH_VERIFY_FAILED');
      return added.view;
    },

    /** The watch list, each with the pools the watched user mines in. */
    async list(watcherId: string): Promise<{ list: WatchedUser[]; total: number; max: number }> {
      const list = (await watchList(watcherId)).map((w) => w.view);
      return { list, total: list.length, max: WATCH_LIST_MAX };
    },

    async remove(watcherId: string, ownerUid: string): Promise<void> {
      const found = await watcherRepository(db).authorizationByUid(watcherId, ownerUid);
      if (!found || (await watcherRepository(db).revoke('watcher', { id: found.id, watcherId })) === 0) throw new AppError('ACCESS_FORBIDDEN');
    },

    /** My authorization: who watches the owner and since when. */
    async authList(ownerId: string, page: { page: number; count: number }): Promise<{ list: Authorization[]; total: number }> {
      const { rows, total } = await watcherRepository(db).watchers(ownerId, page);
      return { list: rows.map((r) => ({ id: r.id, uid: r.uid, name: publicName(r), since: seconds(r.created_at), allow_remove_offline: r.allow_remove_offline })), total };
    },

    /** The owner ends one authorisation of theirs; any other id (another owner's, an ended one) is refused alike. */
    async removeAuth(ownerId: string, id: string): Promise<void> {
      if ((await watcherRepository(db).revoke('owner', { id, ownerId })) === 0) throw new AppError('ACCESS_FORBIDDEN');
    },

    /** The watched user behind a uid, when they authorise the watcher now; 218 otherwise (unknown, never, revoked, rotated alike). */
    async watched(watcherId: string, ownerUid: string): Promise<Watched> {
      const found = await watcherRepository(db).authorizationByUid(watcherId, ownerUid);
      if (!found) throw new AppError('ACCESS_FORBIDDEN');
      return { ownerId: found.owner_id, allowRemoveOffline: found.allow_remove_offline };
    },
  };
}

export type WatcherService = ReturnType<typeof watcherService>;
