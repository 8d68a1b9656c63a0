import { AppError, capacityFromPoints, utcDay, type ChiappInfo, type ChiappLauncher } from '@platter/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { farmersOfUser, findFarmer, pointsSince, unissuedPoints, type FarmerRecord } from '../../protocols/chia/chia.repository.ts';
import type { ChiaPoolService } from '../../protocols/chia/chia.service.ts';
import type { ChiaPrimitives } from '../../protocols/chia/primitives.ts';
import { bindLauncher, consumeBindKey, consumeLoginGrant, findBindKey, issueBindKey, unbindLauncher } from './chiapp.repository.ts';

/**
 * The platform side of the Chia pool (spec doc 2 §7 'Chia-style pool app'; doc 1 §3 'Chia PP
 * points', 'Chia launcher data'): a user binds a plot NFT launcher to their account — through
 * the farmer's GET /login link, or by signing the binding data (valid 24 hours) with the plot
 * NFT's owner key or the farmer's authentication key — and sees its points, difficulty,
 * estimated size and whether it is joined; dologout unbinds it.
 */

export const BIND_DATA_SECONDS = 24 * 3600;

export function bindMessage(pool: string, launcherId: string, key: string, expiresAt: number): string {
  return `Platter Chia PP binding\npool: ${pool}\nlauncher: 0x${launcherId}\nkey: ${key}\nexpires: ${new Date(expiresAt * 1000).toISOString()}`;
}

export function chiappService(deps: { db: Db; crypto: ChiaPrimitives; pools: Map<string, { service: ChiaPoolService; url: string; testnet: boolean }>; now?: () => number }) {
  const { db, crypto } = deps;
  const now = deps.now ?? (() => Date.now());

  function poolOf(pool: string) {
    const entry = deps.pools.get(pool);
    if (!entry) throw new AppError('POOL_NOT_FOUND');
    return entry;
  }

  async function views(userId: string, farmers: FarmerRecord[], poolName: string): Promise<ChiappLauncher[]> {
    const ids = farmers.map((f) => f.launcherId);
    const midnight = new Date(`${utcDay(new Date(now()))}T00:00:00Z`);
    const [today, day, unissued] = await Promise.all([pointsSince(db, ids, midnight), pointsSince(db, ids, new Date(now() - 86_400_000)), unissuedPoints(db, ids)]);
    return farmers.map((f) => ({
      launcher_id: `0x${f.launcherId}`,
      joined: f.isPoolMember,
      is_in_pool: f.isPoolMember,
      leave_time: f.leftAt ? Math.floor(f.leftAt.getTime() / 1000) : null,
      pool_name: f.isPoolMember ? poolName : (f.singletonTipState.pool_url ?? ''),
      wallet_node: `0x${f.payoutInstructions}`,
      points: (today.get(f.launcherId) ?? 0n).toString(),
      total_points: f.totalPoints.toString(),
      estimated_size: capacityFromPoints(day.get(f.launcherId) ?? 0n, 86_400).toString(),
      difficulty: f.difficulty.toString(),
      bound: f.userId === null ? 'none' : f.userId === userId ? 'mine' : 'other',
      unissued: (unissued.get(f.launcherId) ?? 0n).toString(),
      last_partial_at: f.lastPartialAt ? Math.floor(f.lastPartialAt.getTime() / 1000) : null,
    }));
  }

  /** Refreshes joined / not joined from the chain before showing a launcher. */
  async function fresh(entry: { service: ChiaPoolService }, farmer: FarmerRecord): Promise<FarmerRecord> {
    await entry.service.refreshMembership(farmer.launcherId);
    return (await findFarmer(db, farmer.launcherId)) ?? farmer;
  }

  return {
    async info(userId: string, query: { pool: string; launcher_id?: string | undefined }): Promise<ChiappInfo> {
      const entry = poolOf(query.pool);
      const name = entry.service.settings.name;
      const mine = await Promise.all((await farmersOfUser(db, userId, query.pool)).map((f) => fresh(entry, f)));
      let lookup: ChiappLauncher | null = null;
      let bindData: ChiappInfo['bind_data'] = null;
      if (query.launcher_id) {
        const farmer = await findFarmer(db, query.launcher_id);
        if (farmer && farmer.pool === query.pool) lookup = (await views(userId, [await fresh(entry, farmer)], name))[0] ?? null;
        const expiresAt = Math.floor(now() / 1000) + BIND_DATA_SECONDS;
        const key = randomBytes(12).toString('hex');
        await issueBindKey(db, { key, userId, launcherId: query.launcher_id, expiresAt: new Date(expiresAt * 1000) });
        bindData = { key, message: bindMessage(query.pool, query.launcher_id, key, expiresAt), expires_at: expiresAt };
      }
      return { pool: query.pool, pool_url: entry.url, testnet: entry.testnet, launchers: await views(userId, mine, name), lookup, bind_data: bindData };
    },

    /**
     * Binds a launcher to the user: a login grant, or the binding data signed by the farmer's key.
     * A launcher bound to someone else changes owner only with the plot NFT's owner key (as payout
     * instructions change only through an owner-signed PUT /farmer in the reference): a login
     * link (usable ~25–30 minutes, and replayable by whoever holds it) or a message signed with
     * the authentication key binds a launcher bound to nobody, never takes one from its owner.
     */
    async bind(
      userId: string,
      query: { pool: string; launcher_id: string; key?: string | undefined; signature?: string | undefined; login?: string | undefined },
    ): Promise<ChiappLauncher> {
      const entry = poolOf(query.pool);
      const farmer = await findFarmer(db, query.launcher_id);
      if (!farmer || farmer.pool !== query.pool) throw new AppError('BIND_NOT_FOUND');
      const takenFromOther = farmer.userId !== null && farmer.userId !== userId;
      if (query.login !== undefined) {
        if (takenFromOther) throw new AppError('BIND_EXISTS');
        const grant = createHash('sha256').update(query.login).digest('hex');
        if (!(await consumeLoginGrant(db, grant, farmer.launcherId, new Date(now())))) throw new AppError('BIND_DATA_EXPIRED');
      } else {
        const key = query.key ?? '';
        const issued = await findBindKey(db, { key, userId, launcherId: farmer.launcherId, now: new Date(now()) });
        if (!issued) throw new AppError('BIND_DATA_EXPIRED');
        const message = Buffer.from(bindMessage(query.pool, farmer.launcherId, key, Math.floor(issued.expiresAt.getTime() / 1000)), 'utf8').toString('hex');
        const signature = query.signature ?? '';
        const byOwner = await crypto.verify(farmer.ownerPublicKey, message, signature);
        if (!byOwner && !(await crypto.verify(farmer.authenticationPublicKey, message, signature))) throw new AppError('BIND_SIGNATURE_INVALID');
        if (!byOwner && takenFromOther) throw new AppError('BIND_EXISTS');
        // Used once: a second bind with the same data (or a race) finds it gone.
        if (!(await consumeBindKey(db, { key, userId, launcherId: farmer.launcherId, now: new Date(now()) }))) throw new AppError('BIND_DATA_EXPIRED');
      }
      await bindLauncher(db, { launcherId: farmer.launcherId, pool: farmer.pool, userId, now: new Date(now()) });
      const bound = await findFarmer(db, farmer.launcherId);
      if (!bound) throw new AppError('BIND_NOT_FOUND');
      const [view] = await views(userId, [bound], entry.service.settings.name);
      if (!view) throw new AppError('BIND_NOT_FOUND');
      return view;
    },

    /** Unbinds a launcher of the user (its later points are credited to nobody until bound again). */
    async logout(userId: string, body: { pool: string; launcher_id: string }): Promise<void> {
      poolOf(body.pool);
      if (!(await unbindLauncher(db, body.launcher_id, userId))) throw new AppError('BIND_NOT_FOUND');
    },
  };
}
export type ChiappService = ReturnType<typeof chiappService>;
