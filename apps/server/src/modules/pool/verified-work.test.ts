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
import { recordVerifiedShares } from './shares.ts';
import { settleDay } from './settlement.ts';

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
