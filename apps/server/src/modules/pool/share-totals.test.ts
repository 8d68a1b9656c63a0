import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { ensureSharePartition, recordVerifiedShares, type VerifiedShare } from './shares.repository.ts';

/**
 * share_totals (issue 19): the daily settlement reads each miner's day of points from the sums
 * kept beside the shares, so they must equal what the shares add up to whoever writes them — in
 * batches over several days and miners, one share at a time from many connections at once, or in
 * a transaction that is rolled back.
 */

let db: Db;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

/** The shares' own sums and the kept totals of the given users, each as sorted rows. */
async function sumsAndTotals(userIds: readonly string[]) {
  const shares = await sql<{ key: string }>`
    SELECT pool || ' ' || day || ' ' || user_id || ' ' || miner_id || ' ' || sum(difficulty) AS key FROM shares
    WHERE user_id = ANY(${userIds}::bigint[]) GROUP BY pool, day, user_id, miner_id ORDER BY 1`.execute(db);
  const totals = await sql<{ key: string }>`
    SELECT pool || ' ' || day || ' ' || user_id || ' ' || miner_id || ' ' || sum(points) AS key FROM share_totals
    WHERE user_id = ANY(${userIds}::bigint[]) GROUP BY pool, day, user_id, miner_id ORDER BY 1`.execute(db);
  return { shares: shares.rows.map((r) => r.key), totals: totals.rows.map((r) => r.key) };
}

async function miner(userId: string, pool: string, name: string): Promise<string> {
  const row = await db.insertInto('miners').values({ user_id: userId, pool, name, capacity_bytes: 0n, last_seen_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

describe('share totals', () => {
  it('equal the shares written in batches across pools, days and miners, the same miner named several times in one batch', async () => {
    const [a, b] = [await buildUser(db), await buildUser(db)];
    const rigs = { a1: await miner(a.id, 'chia', 'a1'), a2: await miner(a.id, 'chia', 'a2'), b1: await miner(b.id, 'bhd', 'b1') };
    const days = [new Date('2026-03-01T23:59:59Z'), new Date('2026-03-02T00:00:00Z')];
    const batch: VerifiedShare[] = [];
    for (const [i, at] of days.entries()) {
      for (let n = 1; n <= 5; n++) {
        batch.push({ pool: 'chia', userId: a.id, minerId: rigs.a1, difficulty: BigInt(n * (i + 1)), at });
        batch.push({ pool: 'chia', userId: a.id, minerId: rigs.a2, difficulty: 7n, at });
        batch.push({ pool: 'bhd', userId: b.id, minerId: rigs.b1, difficulty: 1_000_000_000_000n + BigInt(n), at });
      }
    }
    await recordVerifiedShares(db, batch);
    await recordVerifiedShares(db, batch.slice(0, 4));

    const { shares, totals } = await sumsAndTotals([a.id, b.id]);
    expect(totals).toEqual(shares);
    expect(totals).toHaveLength(6);
    // The first day's rig a1: 1+2+3+4+5, and its first two shares again in the second statement.
    expect(totals).toContain(`chia 2026-03-01 ${a.id} ${rigs.a1} 18`);
  });

  it('lose no share when many connections write the same miner at once, and keep none of a rolled-back write', async () => {
    const user = await buildUser(db);
    const rig = await miner(user.id, 'chia', 'busy');
    const at = new Date('2026-03-03T12:00:00Z');
    await ensureSharePartition(db, '2026-03-03');
    // 8 writers × 25 single shares of the same (pool, day, user, miner), each its own transaction.
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let n = 0; n < 25; n++)
          await recordVerifiedShares(db, [{ pool: 'chia', userId: user.id, minerId: rig, difficulty: BigInt(w * 100 + n + 1), at }], { partitionsMade: true });
      }),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await recordVerifiedShares(trx, [{ pool: 'chia', userId: user.id, minerId: rig, difficulty: 999_999n, at }], { partitionsMade: true });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    const { shares, totals } = await sumsAndTotals([user.id]);
    expect(totals).toEqual(shares);
    // Σ over w of Σ_{n=1..25} (100w + n) = 25·100·(0+…+7) + 8·325
    expect(totals).toEqual([`chia 2026-03-03 ${user.id} ${rig} ${25 * 100 * 28 + 8 * 325}`]);
  });
});
