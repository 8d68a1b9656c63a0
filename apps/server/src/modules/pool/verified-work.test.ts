import { K32_BYTES, POINTS_PER_K32_PER_DAY, POOL_SEEDS, utcDay } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import type { Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { recordBlock } from './blocks.ts';
import { rotateKey } from './keys.ts';
import { reviewOutlier } from './outliers.ts';
import { ingestReport } from './report.ts';
import { recordVerifiedShares } from './shares.repository.ts';
import { settleDay } from '../settlement/settlement.service.ts';

/**
 * Issue 18's proof: a member who reports 1,000 shares of difficulty 10^9 through a key they made
 * on each pool that used to trust such reports takes nothing; the honest members' verified work
 * decides the split (or, with none, the pot is carried). Then the trusted-proxy keys the back
 * office issues, and the plausibility hold on top.
 */

let db: Db;
let app: ZodApp;
let admin: Browser;

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
  admin = await signedInAs(app, db, 'operator@example.com', 'admin');
});

const FORMERLY_TRUSTING = POOL_SEEDS.filter((p) => p.protocol !== 'chia-pool-v1');
/** K32 plots of the honest members' farms, and the points they verifiably earn in a day (above Chia's 2 T). */
const HONEST_PLOTS = [100n, 50n] as const;
const pointsOf = (plots: bigint) => plots * POINTS_PER_K32_PER_DAY;

interface ReportAnswer {
  code: number;
  data: { shares: number; unverified: number; rejected: number };
}
async function report(key: string, body: object): Promise<ReportAnswer> {
  const res = await app.inject({ method: 'POST', url: '/api/miner/report', headers: { 'x-api-key': key }, payload: body });
  return res.json<ReportAnswer>();
}

async function minerOf(userId: string, pool: string, name: string): Promise<string> {
  const row = await db.insertInto('miners').values({ user_id: userId, pool, name, last_seen_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function balance(userId: string, coin: string): Promise<bigint> {
  const b = (await userBalances(db, userId, coin)).get(coin);
  return (b?.available ?? 0n) + (b?.pending_earnings ?? 0n);
}

/** A member's income record of a pool-day (several pools share a coin, so not the balance). */
async function income(userId: string, pool: string, day: string): Promise<bigint> {
  const row = await db.selectFrom('settlement_credits').select('amount_units').where('pool', '=', pool).where('day', '=', day).where('user_id', '=', userId).executeTakeFirst();
  return BigInt(row?.amount_units ?? '0');
}

async function uidOf(userId: string): Promise<string> {
  return (await db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow()).uid;
}

async function trustedProxyMode(pool: string, on: boolean) {
  const answer = await admin.post('/api/admin/updatepoolconfig', { pool, trusted_proxy: on });
  expect(answer.code, pool).toBe(200);
}

async function issueKey(pool: string, userId: string, label = 'proxy-1'): Promise<{ id: string; key: string }> {
  const answer = await admin.post<{ id: string; key: string }>('/api/admin/issueproxykey', { pool, uid: await uidOf(userId), label });
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return answer.data;
}

/** A trusted proxy's report of a farm's day in one share (its capacity as the heartbeat says). */
function farmReport(name: string, plots: bigint, points: bigint, at: number, hashCoin: boolean) {
  return {
    miners: [{ name, version: '1.0', capacity: hashCoin ? '0' : String(K32_BYTES * plots), hashrate: hashCoin ? '1000000' : '0' }],
    shares: [{ miner: name, difficulty: Number(points), at }],
  };
}

describe('plausibility: points bounded by what the capacity could produce (issue 18)', () => {
  // First in the file: its past days are settled before the other tests settle today.
  it('holds a miner above its bound out of the day; released, its points count in the next settlement; refused, never', async () => {
    const day = '2026-11-10';
    const noon = new Date(`${day}T12:00:00Z`);
    const honestUser = await buildUser(db);
    const inflated = await buildUser(db);
    const refusedUser = await buildUser(db);
    await trustedProxyMode('ar', true);
    // Each served by an operator-issued key; reports as its proxy sent them at noon (100 K32 by
    // heartbeat): the honest one its expected day, the others three times it.
    const owner = (userId: string) => ({ userId, pool: 'ar', protocol: 'trusted-proxy' as const, trustedProxy: true, operatorIssued: true });
    const at = Math.floor(noon.getTime() / 1000);
    await ingestReport(db, owner(honestUser.id), farmReport('rig', 100n, pointsOf(100n), at, false), noon);
    await ingestReport(db, owner(inflated.id), farmReport('rig', 100n, pointsOf(300n), at, false), noon);
    await ingestReport(db, owner(refusedUser.id), farmReport('rig', 100n, pointsOf(300n), at, false), noon);
    await recordBlock(db, { pool: 'ar', height: 7_000, foundAt: noon, finderUserId: null, finderMinerId: null, reward: 1_000_000_000_000n });
    await settleDay(db, 'ar', day, new Date('2026-11-11T00:10:00Z'));
    // The honest miner alone shares the day; the two outliers wait for review.
    expect(await income(honestUser.id, 'ar', day)).toBeGreaterThan(0n);
    expect(await income(inflated.id, 'ar', day)).toBe(0n);
    const held = await admin.get<{ list: { id: string; uid: string; points: string; bound: string; status: string }[] }>('/api/admin/outliers?pool=ar&status=held');
    expect(held.data.list).toHaveLength(2);
    const uids = { inflated: await uidOf(inflated.id), refused: await uidOf(refusedUser.id) };
    const toRelease = held.data.list.find((o) => o.uid === uids.inflated);
    const toRefuse = held.data.list.find((o) => o.uid === uids.refused);
    // 1.5 × the expected day of 100 K32 (the pool's default tolerance, 5,000 bp).
    expect(toRelease).toMatchObject({ status: 'held', points: String(pointsOf(300n)), bound: String((pointsOf(100n) * 3n) / 2n) });

    expect((await admin.post('/api/admin/reviewoutlier', { id: toRefuse?.id, decision: 'refuse' })).data).toEqual({ status: 'refused' });
    expect((await admin.post('/api/admin/reviewoutlier', { id: toRefuse?.id, decision: 'release' })).code).toBe(216);
    // Released the next morning (the day long decided): the points count in that day's settlement.
    expect(await reviewOutlier(db, 'cli', { id: toRelease?.id ?? '', decision: 'release' }, new Date('2026-11-11T08:00:00Z'))).toBe('released');
    await recordBlock(db, { pool: 'ar', height: 7_100, foundAt: new Date('2026-11-11T09:00:00Z'), finderUserId: null, finderMinerId: null, reward: 1_000_000_000_000n });
    await settleDay(db, 'ar', '2026-11-11', new Date('2026-11-12T00:10:00Z'));
    expect(await income(inflated.id, 'ar', '2026-11-11')).toBeGreaterThan(0n);
    expect(await income(refusedUser.id, 'ar', '2026-11-11')).toBe(0n);
    expect(await income(refusedUser.id, 'ar', day)).toBe(0n);
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('self-reported shares earn nothing (issue 18)', () => {
  it('a member reporting 1,000 shares of difficulty 10^9 on every formerly trusting pool takes nothing; the verified work splits the day', async () => {
    const now = new Date();
    const day = utcDay(now);
    const tomorrow = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 + 600_000);
    const attacker = await buildUser(db);
    const honest = [await buildUser(db), await buildUser(db)];
    const at = Math.floor(now.getTime() / 1000);

    for (const pool of FORMERLY_TRUSTING) {
      const { key } = await rotateKey(db, attacker.id, pool.type);
      const answer = await report(key, {
        miners: [{ name: 'big-rig', version: '1.0', capacity: '1000000000000000', hashrate: '0' }],
        shares: Array.from({ length: 1_000 }, () => ({ miner: 'big-rig', difficulty: 1_000_000_000, at })),
      });
      // Kept as a heartbeat; none of the shares counted.
      expect(answer, pool.type).toMatchObject({ code: 200, data: { shares: 0, unverified: 1_000, rejected: 0 } });
      if (pool.protocol === 'trusted-proxy') {
        // The operator's proxies report the honest farms, through keys the back office issued.
        await trustedProxyMode(pool.type, true);
        for (const [i, member] of honest.entries()) {
          const plots = HONEST_PLOTS[i] ?? 1n;
          const { key: proxyKey } = await issueKey(pool.type, member.id);
          const hashCoin = pool.type.startsWith('aleo');
          expect((await report(proxyKey, farmReport(`honest-${i}`, plots, pointsOf(plots), at, hashCoin))).data).toMatchObject({ shares: 1, unverified: 0 });
        }
      } else if (pool.protocol !== 'onchain-reward') {
        // The honest members' verified work, as the pool's verified path writes it (none on the
        // on-chain-reward pools: their income is what the chain paid, no shares).
        for (const [i, member] of honest.entries()) {
          const minerId = await minerOf(member.id, pool.type, `honest-${i}`);
          await recordVerifiedShares(db, [{ pool: pool.type, userId: member.id, minerId, difficulty: pointsOf(HONEST_PLOTS[i] ?? 1n), at: now }]);
        }
      }
      await recordBlock(db, { pool: pool.type, height: 5_000, foundAt: now, finderUserId: null, finderMinerId: null, reward: 1_000_000_000n });
    }

    for (const pool of FORMERLY_TRUSTING) {
      const { settlement } = await settleDay(db, pool.type, day, tomorrow);
      expect(await income(attacker.id, pool.type, day), `${pool.type}: the attacker's income`).toBe(0n);
      expect(await balance(attacker.id, pool.coin), `${pool.type}: the attacker's balance`).toBe(0n);
      const [first, second] = [await income(honest[0]?.id ?? '', pool.type, day), await income(honest[1]?.id ?? '', pool.type, day)];
      const row = await db.selectFrom('settlements').select(['credited_units', 'remainder_units']).where('pool', '=', pool.type).where('day', '=', day).executeTakeFirstOrThrow();
      if (pool.protocol === 'onchain-reward') {
        // No verified work at all: the day's pot waits for a day that has some.
        expect(settlement.status, pool.type).toBe('UNSETTLEMENT');
        expect(first + second, pool.type).toBe(0n);
        expect(BigInt(row.remainder_units), pool.type).toBeGreaterThan(0n);
      } else {
        expect(settlement.status, pool.type).toBe('SETTLEMENT');
        // The members' whole share, 2:1 by verified points (the odd unit to the larger fraction).
        expect(first + second, pool.type).toBe(BigInt(row.credited_units));
        expect(first - 2n * second, `${pool.type}: ${first} vs ${second}`).toBeGreaterThanOrEqual(-2n);
        expect(first - 2n * second, `${pool.type}: ${first} vs ${second}`).toBeLessThanOrEqual(2n);
      }
    }
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('trusted-proxy keys from the back office (issue 18)', () => {
  it('issues keys only on trusted-proxy pools, lists them without the key, counts their shares only with the mode on, and revokes them; all audited', async () => {
    const member = await buildUser(db);
    const uid = await uidOf(member.id);
    const refused = await admin.post<unknown>('/api/admin/issueproxykey', { pool: 'ironfish', uid });
    expect(refused).toMatchObject({ code: 216, data: { field: 'pool' } });
    expect((await admin.post('/api/admin/updatepoolconfig', { pool: 'chiapp', trusted_proxy: true })).code).toBe(216);

    await trustedProxyMode('mass', false);
    const issued = await issueKey('mass', member.id, 'mass-proxy.example');
    expect(issued.key).toMatch(/^plk_/);
    const at = Math.floor(Date.now() / 1000);
    // Mode off: the operator's key reports like any other — kept, not counted.
    expect((await report(issued.key, farmReport('rig', 10n, 10n, at, false))).data).toMatchObject({ shares: 0, unverified: 1 });
    await trustedProxyMode('mass', true);
    expect((await report(issued.key, farmReport('rig', 10n, 10n, at, false))).data).toMatchObject({ shares: 1, unverified: 0 });
    // The user's own key on the same pool still counts nothing, and making one leaves the operator's alone.
    const own = await rotateKey(db, member.id, 'mass');
    expect((await report(own.key, farmReport('rig', 10n, 10n, at, false))).data).toMatchObject({ shares: 0, unverified: 1 });
    expect((await report(issued.key, farmReport('rig', 10n, 10n, at, false))).code).toBe(200);

    const listed = await admin.get<{
      list: { id: string; uid: string; label: string; hint: string; key?: string; issued_by: string | null; revoked_at: number | null }[];
      total: number;
    }>('/api/admin/proxykeys?pool=mass');
    const mine = listed.data.list.find((k) => k.id === issued.id);
    expect(mine).toMatchObject({ uid, label: 'mass-proxy.example', issued_by: 'operator@example.com', revoked_at: null });
    expect(mine?.key).toBeUndefined();
    expect(issued.key.startsWith(mine?.hint ?? 'x')).toBe(true);

    expect((await admin.post('/api/admin/revokeproxykey', { id: issued.id })).code).toBe(200);
    expect((await report(issued.key, farmReport('rig', 10n, 10n, at, false))).code).toBe(218);
    expect((await admin.post('/api/admin/revokeproxykey', { id: issued.id })).code).toBe(216);
    const audit = await db.selectFrom('admin_audit').select('action').where('action', 'in', ['issueproxykey', 'revokeproxykey']).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(expect.arrayContaining(['issueproxykey', 'revokeproxykey']));
  });
});
