import { capacityFromPoints, CHIA_MIN_CAPACITY_BYTES, parseAmount, pledgeInPool, poolDayPot, securingParts, settlePoolDay, UNSECURED_SHARE_BP } from '@platter/domain';
import fc from 'fast-check';
import pg from 'pg';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction, userBalances } from '../../ledger/ledger.service.ts';
import { recordBlock } from '../pool/blocks.ts';
import { ingestReport } from '../pool/report.ts';
import { applyCredits, applyPendingCredits, decideDay, settleDay, settleDue } from './settlement.service.ts';
import { creditsQuery } from './settlement.repository.ts';
import { k32FarmDay } from '../../../test/shares.ts';
import { spawnScript } from '../../../test/child.ts';

let db: Db;
let databaseUrl: string;

beforeAll(async () => {
  ({ db, url: databaseUrl } = await testDatabase());
});

const XCH = (text: string) => parseAmount(text, 12);
const DAY = '2026-11-20';
const noon = new Date(`${DAY}T12:00:00Z`);
const nextDay = new Date('2026-11-21T00:10:00Z');

async function balances(userId: string) {
  return (await userBalances(db, userId, 'CHIA')).get('CHIA') ?? { available: 0n, pending_earnings: 0n };
}

const farm = (userId: string, pool: string, plots: number, at = noon) => k32FarmDay(db, { userId, pool, plots, at });

describe('the daily settlement', () => {
  it('shares the day’s revenue less the fee by points; under 2 T earns nothing; parts plus remainder equal revenue', async () => {
    const big = await buildUser(db);
    const small = await buildUser(db);
    const tiny = await buildUser(db);
    await farm(big.id, 'chia', 60);
    await farm(small.id, 'chia', 30);
    await farm(tiny.id, 'chia', 10); // ≈ 1 TiB: below Chia's 2 T
    await recordBlock(db, { pool: 'chia', height: 1001, foundAt: noon, finderUserId: big.id, finderMinerId: null, reward: XCH('2') });
    await recordBlock(db, { pool: 'chia', height: 1001, foundAt: noon, finderUserId: big.id, finderMinerId: null, reward: XCH('2') }); // replayed: once

    const { settlement, ran } = await settleDay(db, 'chia', DAY, nextDay);
    expect(ran).toBe(true);
    // 2 XCH, 3 % fee (0.06), 1.94 shared 60:30; the odd mojo goes to the larger fraction.
    expect(settlement).toMatchObject({ status: 'SETTLEMENT', revenue: '2', fee: '0.06', credited: '1.94', remainder: '0', members: 3 });
    expect((await balances(big.id)).available).toBe(XCH('1.293333333333'));
    expect((await balances(tiny.id)).available).toBe(0n);
    expect((await balances(small.id)).available).toBe(XCH('0.646666666667'));
    const records = await db.selectFrom('settlement_credits').select(['user_id', 'amount_units', 'status']).where('day', '=', DAY).orderBy('user_id').execute();
    expect(records.find((r) => r.user_id === tiny.id)).toMatchObject({ amount_units: '0', status: 'UNSETTLEMENT' });
    expect(await checkLedger(db)).toEqual([]);

    // Run again: nothing more.
    expect((await settleDay(db, 'chia', DAY, nextDay)).ran).toBe(false);
    expect((await balances(big.id)).available).toBe(XCH('1.293333333333'));
    // A block of that day seen only now counts in the next open day, not lost in a closed one.
    await recordBlock(db, { pool: 'chia', height: 1002, foundAt: new Date(`${DAY}T23:59:50Z`), finderUserId: big.id, finderMinerId: null, reward: XCH('2') });
    expect((await db.selectFrom('blocks').select('day').where('pool', '=', 'chia').where('height', '=', '1002').executeTakeFirstOrThrow()).day).toBe('2026-11-21');
  });

  it('gives a chia-pool-v1 block’s finder 0.25 XCH before sharing', async () => {
    const finder = await buildUser(db);
    const other = await buildUser(db);
    await farm(finder.id, 'chiapp', 50);
    await farm(other.id, 'chiapp', 50);
    await recordBlock(db, { pool: 'chiapp', height: 7, foundAt: noon, finderUserId: finder.id, finderMinerId: null, reward: XCH('2') });
    const { settlement } = await settleDay(db, 'chiapp', DAY, nextDay);
    // 1.75 shared: fee 0.0525, 1.6975 halves = 0.84875 each; the finder adds 0.25.
    expect(settlement).toMatchObject({ revenue: '2', fee: '0.0525', credited: '1.9475', remainder: '0' });
    expect((await balances(finder.id)).available).toBe(XCH('1.09875'));
    expect((await balances(other.id)).available).toBe(XCH('0.84875'));
  });

  it('settles each (pool, day) once when many workers race', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => buildUser(db)));
    for (const [i, user] of users.entries()) await farm(user.id, 'chiavip', 30 + i);
    await recordBlock(db, { pool: 'chiavip', height: 99, foundAt: noon, finderUserId: null, finderMinerId: null, reward: XCH('1') });
    const runs = await Promise.all(Array.from({ length: 8 }, () => settleDay(db, 'chiavip', DAY, nextDay)));
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    const postings = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`settlement:chiavip:${DAY}`}`.execute(db);
    expect(postings.rows[0]?.n).toBe('1');
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuses a day that has not ended, and settles missed days with blocks', async () => {
    await expect(settleDay(db, 'chia', '2026-11-21', nextDay)).rejects.toThrow();
    const user = await buildUser(db);
    const earlier = new Date('2026-11-18T08:00:00Z');
    await farm(user.id, 'bhd', 40, earlier);
    await recordBlock(db, { pool: 'bhd', height: 5, foundAt: earlier, finderUserId: user.id, finderMinerId: null, reward: parseAmount('10', 8) });
    const done = await settleDue(db, nextDay);
    const bhd = done.find((s) => s.pool === 'bhd' && s.day === '2026-11-18');
    // BHD: the unsecured part earns 55 % of its share; the rest stays with the pool.
    expect(bhd).toMatchObject({ status: 'SETTLEMENT', revenue: '10', fee: '0.3', credited: '5.335', withheld: '4.365' });
    expect(done.some((s) => s.pool === 'chia' && s.day === '2026-11-20')).toBe(false); // settled before
    expect(await checkLedger(db)).toEqual([]);
  });

  it('survives a crash in the middle: the rerun credits each user once', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => buildUser(db)));
    const day = '2026-11-15';
    const at = new Date(`${day}T06:00:00Z`);
    for (const user of users) await farm(user.id, 'lhd', 40, at);
    await recordBlock(db, { pool: 'lhd', height: 12, foundAt: at, finderUserId: null, finderMinerId: null, reward: parseAmount('3', 8) });
    // A child process starts the settlement and is killed while it holds the day's lock.
    const child = spawnScript(`
      const { createDb } = await import(${JSON.stringify(new URL('../../db/database.ts', import.meta.url).pathname)});
      const { db } = createDb(${JSON.stringify(databaseUrl)}, 1);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('settlements').values({ pool: 'lhd', day: '${day}', status: 'SETTLEMENT_PENDING' }).execute();
        await trx.selectFrom('settlements').selectAll().where('pool', '=', 'lhd').forUpdate().execute();
        console.log('LOCKED');
        await new Promise(() => {});
      });`);
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('LOCKED') && resolve());
      child.on('exit', (code) => reject(new Error(`the child exited early (${code})`)));
    });
    const waiting = settleDay(db, 'lhd', day, nextDay);
    // The rerun waits on the dead run's lock; the kill rolls that run back.
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGKILL');
    const { ran, settlement } = await waiting;
    expect(ran).toBe(true);
    expect(settlement.status).toBe('SETTLEMENT');
    const credits = await db.selectFrom('settlement_credits').select('user_id').where('pool', '=', 'lhd').where('day', '=', day).execute();
    expect(credits).toHaveLength(3);
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('the set-based split', () => {
  it('credits every member exactly as the domain’s settlePoolDay, over random days', async () => {
    // Repeated point counts make ties in the odd units' order (the lower user id first).
    const owners = ['5001', '5002', '5003', '1007'];
    const member = fc.record({
      points: fc.oneof(fc.constantFrom(1n, 3n, 250n, 999n), fc.bigInt({ min: 0n, max: 400n }), fc.bigInt({ min: 0n, max: 10n ** 12n })),
      finder: fc.option(fc.bigInt({ min: 1n, max: 10n ** 12n }), { freq: 4 }),
      // Its own pledge of the coin, its points in the coin's other pools, the deals lent to it.
      own: fc.option(fc.oneof(fc.constantFrom(1n, 7n), fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 18n })), { freq: 2 }),
      other: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 10n ** 12n })),
      lends: fc.array(
        fc.record({
          owner: fc.constantFrom(...owners),
          amount: fc.oneof(fc.constantFrom(1n, 2n), fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 18n })),
          // Each deal's own recorded shares (the coin's settings when it was offered): 94/3, 90/5 or any.
          shares: fc.oneof(
            fc.constantFrom({ ownerBp: 9_400, minerBp: 300 }, { ownerBp: 9_000, minerBp: 500 }, { ownerBp: 0, minerBp: 0 }),
            fc.integer({ min: 0, max: 10_000 }).chain((ownerBp) => fc.integer({ min: 0, max: 10_000 - ownerBp }).map((minerBp) => ({ ownerBp, minerBp }))),
          ),
        }),
        { maxLength: 3 },
      ),
    });
    const day = fc.record({
      members: fc.array(member, { maxLength: 40 }),
      // Finders without points of the day (a block found, its farm gone since).
      strangers: fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { maxLength: 3 }),
      pot: fc.oneof(fc.bigInt({ min: 0n, max: 1000n }), fc.bigInt({ min: 0n, max: 10n ** 16n })),
      chia: fc.boolean(),
      unsecured: fc.constantFrom(undefined, ...Object.values(UNSECURED_SHARE_BP)),
      feeBp: fc.integer({ min: 0, max: 10_000 }),
      carriedIn: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 10n ** 15n })),
      pledge: fc.option(
        fc.record({
          perTb: fc.oneof(fc.constantFrom(0n, 1n, 300_000_000n), fc.bigInt({ min: 0n, max: 1000n }), fc.bigInt({ min: 0n, max: 10n ** 10n })),
          burnCoefficientBp: fc.constantFrom(0, 5_000, 10_000, 20_000, 123_456),
        }),
      ),
      cooperation: fc.option(
        fc.record({
          ratioBp: fc.integer({ min: 0, max: 10_000 }),
          cooperators: fc.array(fc.record({ userId: fc.constantFrom('1000', '1014', '5002', '6001', '6002'), amount: fc.bigInt({ min: 0n, max: 10n ** 14n }) }), { maxLength: 4 }),
        }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(day, async ({ members, strangers, pot, chia, unsecured, feeBp, carriedIn, pledge, cooperation }) => {
        const minCapacity = chia ? CHIA_MIN_CAPACITY_BYTES : 0n;
        const withIds = members.map((m, i) => ({ ...m, userId: String(1000 + i * 7) }));
        const finderRewards = [
          ...withIds.filter((m) => m.finder !== null).map((m) => ({ userId: m.userId, amount: m.finder as bigint })),
          ...strangers.map((amount, i) => ({ userId: String(900 - i), amount })),
        ];
        const source = sql`SELECT * FROM unnest(${withIds.map((m) => m.userId)}::bigint[], ${withIds.map((m) => m.points.toString())}::numeric[]) AS c(user_id, points)`;
        const pledged = withIds.filter((m) => m.own !== null);
        const lends = withIds.flatMap((m) => m.lends.map((l) => ({ miner: m.userId, ...l })));
        const rule = {
          pot,
          minCapacity,
          unsecuredShareBp: unsecured,
          finderRewards,
          ...(pledge
            ? {
                pledge: {
                  ...pledge,
                  own: sql`SELECT * FROM unnest(${pledged.map((m) => m.userId)}::bigint[], ${pledged.map((m) => String(m.own))}::numeric[], ${pledged.map((m) => m.other.toString())}::numeric[]) AS o(user_id, units, other_points)`,
                  lent: sql`SELECT * FROM unnest(${lends.map((l) => l.miner)}::bigint[], ${lends.map((l) => l.owner)}::bigint[], ${lends.map((l) => l.amount.toString())}::numeric[],
                    ${lends.map((l) => l.shares.ownerBp)}::int[], ${lends.map((l) => l.shares.minerBp)}::int[]) AS l(miner_id, owner_id, units, owner_bp, miner_bp)`,
                },
              }
            : {}),
          ...(cooperation
            ? {
                cooperation: {
                  ratioBp: cooperation.ratioBp,
                  cooperators: sql`SELECT * FROM unnest(${cooperation.cooperators.map((c) => c.userId)}::bigint[], ${cooperation.cooperators.map((c) => c.amount.toString())}::numeric[]) AS c(user_id, units)`,
                },
              }
            : {}),
        };
        const rows = await sql<{
          user_id: string;
          points: string;
          capacity_bytes: string;
          amount_units: string;
          deal_income_units: string;
          cooperation_income_units: string;
          status: string;
          shared: boolean;
        }>`SELECT * FROM (${creditsQuery(source, rule)}) c ORDER BY user_id`.execute(db);

        const finderTotal = finderRewards.reduce((sum, f) => sum + f.amount, 0n);
        // The domain's members: their securing parts from the same pledges (securingParts, pledgeInPool).
        const eligible = withIds
          .filter((m) => capacityFromPoints(m.points, 86_400) >= minCapacity)
          .map((m) => {
            if (!pledge || unsecured === undefined) return { userId: m.userId, points: m.points };
            const lent = m.lends.reduce((sum, l) => sum + l.amount, 0n);
            const parts = securingParts(capacityFromPoints(m.points, 86_400), pledgeInPool(m.own ?? 0n, m.points, m.other), lent, pledge.perTb, pledge.burnCoefficientBp);
            return {
              userId: m.userId,
              points: m.points,
              securedBp: parts.ownBp,
              dealBp: parts.dealBp,
              lenders: m.lends.map((l) => ({ userId: l.owner, amount: l.amount, ...l.shares })),
            };
          });
        const domainRules = {
          unsecuredShareBp: unsecured,
          ...(cooperation ? { cooperation: { ratioBp: cooperation.ratioBp, cooperators: cooperation.cooperators } } : {}),
        };
        const expected = settlePoolDay({ revenue: pot + finderTotal, feeBp: 0, finderRewards, members: eligible, ...domainRules });
        const amountOf = new Map(expected.credits.map((c) => [c.userId, c.amount]));
        const dealOf = new Map(expected.dealIncome.map((c) => [c.userId, c.amount]));
        const coopOf = new Map(expected.cooperationIncome.map((c) => [c.userId, c.amount]));
        // Every member, finder, owner paid and cooperator holding an amount has a row.
        const held = new Map<string, bigint>();
        for (const c of cooperation?.cooperators ?? []) held.set(c.userId, (held.get(c.userId) ?? 0n) + c.amount);
        const users = [
          ...new Set([...withIds.map((m) => m.userId), ...finderRewards.map((f) => f.userId), ...dealOf.keys(), ...[...held].filter(([, a]) => a > 0n).map(([u]) => u)]),
        ].sort((a, b) => Number(a) - Number(b));
        expect(rows.rows.map((r) => r.user_id)).toEqual(users);
        for (const r of rows.rows) {
          const m = withIds.find((x) => x.userId === r.user_id);
          const amount = amountOf.get(r.user_id) ?? 0n;
          expect({
            user: r.user_id,
            amount: BigInt(r.amount_units),
            deal: BigInt(r.deal_income_units),
            coop: BigInt(r.cooperation_income_units),
            status: r.status,
            capacity: BigInt(r.capacity_bytes),
          }).toEqual({
            user: r.user_id,
            amount,
            deal: dealOf.get(r.user_id) ?? 0n,
            coop: coopOf.get(r.user_id) ?? 0n,
            // The record says what was paid (a finder below 2 T is paid, so settled).
            status: amount > 0n ? 'SETTLEMENT' : 'UNSETTLEMENT',
            capacity: m ? capacityFromPoints(m.points, 86_400) : 0n,
          });
        }
        // The day's totals as decideDay derives them: the pot whole to the members when anyone shared.
        const credited = rows.rows.reduce((sum, r) => sum + BigInt(r.amount_units), 0n);
        const given = rows.rows.some((r) => r.shared) ? pot : 0n;
        expect({ withheld: given - (credited - finderTotal), remainder: pot - given }).toEqual({ withheld: expected.withheld, remainder: expected.remainder });
        // Days without shares (none, or every Chia farm below 2 T): decideDay's fee and carry
        // from the statement's `shared` equal the domain's, with pots carried in from earlier days.
        const sharers = rows.rows.some((r) => r.shared);
        const decided = poolDayPot({ revenue: pot + finderTotal, feeBp, finderRewards, carriedIn, sharers });
        const domain = settlePoolDay({ revenue: pot + finderTotal, feeBp, finderRewards, members: eligible, carriedIn, ...domainRules });
        expect({ fee: decided.fee, carried: decided.carried }).toEqual({ fee: domain.fee, carried: sharers ? 0n : domain.remainder });
        if (!sharers) expect(decided.fee).toBe(0n);
      }),
      { numRuns: 120 },
    );
  });
});

describe('crediting a settled day’s members', () => {
  // Days after those the tests above settled: a block's day is never one already closed.
  const later = new Date('2026-11-28T00:10:00Z');
  /** A decided day of `n` members on a pool of its own day, in batches of `batch`, its credits still in clearing. */
  async function decidedDay(pool: string, day: string, n: number, batch?: number, height = 1) {
    const users = (await Promise.all(Array.from({ length: n }, () => buildUser(db)))).sort((a, b) => Number(a.id) - Number(b.id));
    const at = new Date(`${day}T09:00:00Z`);
    for (const [i, user] of users.entries()) await farm(user.id, pool, 30 + i, at);
    await recordBlock(db, { pool, height, foundAt: at, finderUserId: null, finderMinerId: null, reward: XCH('1') });
    const { settlement } = await decideDay(db, pool, day, later, { batch });
    return { users, settlement };
  }
  const credited = async (users: { id: string }[]) => Promise.all(users.map(async (u) => (await balances(u.id)).available));
  const records = (pool: string, day: string) =>
    db.selectFrom('settlement_credits').select(['user_id', 'amount_units']).where('pool', '=', pool).where('day', '=', day).orderBy('user_id').execute();

  it('keeps the members’ share in clearing until the chunks move it; the ledger check holds at every step', async () => {
    const { users, settlement } = await decidedDay('chia', '2026-11-24', 5, 2);
    expect(settlement).toMatchObject({ status: 'SETTLEMENT', members: 5 });
    expect(await credited(users)).toEqual([0n, 0n, 0n, 0n, 0n]);
    // A member's income record comes with the money, not before.
    expect(await records('chia', '2026-11-24')).toEqual([]);
    expect(await checkLedger(db)).toEqual([]);
    // Batches of two: one chunk, as a worker stopped after it would leave it…
    expect(await applyCredits(db, 'chia', '2026-11-24', { chunks: 1 })).toBe(2);
    expect((await credited(users)).map((amount) => amount > 0n)).toEqual([true, true, false, false, false]);
    expect((await records('chia', '2026-11-24')).map((r) => r.user_id)).toEqual(users.slice(0, 2).map((u) => u.id));
    expect(await checkLedger(db)).toEqual([]);
    // …then the rest.
    expect(await applyCredits(db, 'chia', '2026-11-24')).toBe(3);
    const all = await credited(users);
    expect(all.every((amount) => amount > 0n)).toBe(true);
    expect(all.reduce((a, b) => a + b, 0n)).toBe(XCH(settlement.credited));
    expect(await checkLedger(db)).toEqual([]);
    const chunks = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_transactions WHERE reference = 'settlement:chia:2026-11-24:credits'`.execute(db);
    expect(chunks.rows[0]?.n).toBe('3');
    // A batch moved out of clearing by hand (without its records) is what the check reports.
    const { coin } = await db.selectFrom('pools').select('coin').where('type', '=', 'chia').executeTakeFirstOrThrow();
    expect(await db.selectFrom('settlement_batches').select('seq').where('pool', '=', 'chia').where('day', '=', '2026-11-24').execute()).toEqual([]);
    await db
      .insertInto('settlement_batches')
      .values({
        pool: 'chia',
        day: '2026-11-24',
        seq: 9,
        user_ids: [users[0]?.id ?? ''],
        points: ['1'],
        capacity_bytes: ['0'],
        amount_units: ['5'],
        statuses: ['SETTLEMENT'],
        total_units: '5',
      })
      .execute();
    expect((await checkLedger(db)).map((p) => p.kind)).toEqual(['clearing-mismatch']);
    await db.deleteFrom('settlement_batches').where('pool', '=', 'chia').where('day', '=', '2026-11-24').execute();
    expect(coin).toBe('CHIA');
  });

  it('resumes after the last chunk that committed, and moves each credit once when workers race', async () => {
    const { users } = await decidedDay('chiavip', '2026-11-25', 6, 2);
    // One chunk commits, then the process stops: the check sees the rest still owed from clearing.
    expect(await applyCredits(db, 'chiavip', '2026-11-25', { chunks: 1 })).toBe(2);
    expect(await checkLedger(db)).toEqual([]);
    const moved = await Promise.all([applyPendingCredits(db), applyCredits(db, 'chiavip', '2026-11-25'), applyCredits(db, 'chiavip', '2026-11-25')]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(4);
    const recorded = await records('chiavip', '2026-11-25');
    expect(recorded).toHaveLength(6);
    for (const user of users) {
      expect((await balances(user.id)).available).toBe(BigInt(recorded.find((r) => r.user_id === user.id)?.amount_units ?? -1));
    }
    const row = await db
      .selectFrom('settlements')
      .select(['credits_applied_at', 'credits_applied_until'])
      .where('pool', '=', 'chiavip')
      .where('day', '=', '2026-11-25')
      .executeTakeFirstOrThrow();
    expect(row.credits_applied_at).not.toBeNull();
    expect(row.credits_applied_until).toBe(users.at(-1)?.id);
    expect(await checkLedger(db)).toEqual([]);
  });

  /** One batch credited by its database function, inside `trx` (set-based: records, balances, postings). */
  const creditBatch = (trx: Db, pool: string, day: string, seq: number) =>
    sql<{ credited: number }>`SELECT credited FROM settlement_credit_batch(${pool}, ${day}::date, ${seq}, 'CHIA')`.execute(trx);

  it('credits a batch once: called twice, raced, or killed before its commit and run again', async () => {
    const day = '2026-11-26';
    const { users } = await decidedDay('chiavip', day, 3, 2, 101);
    // Killed after the batch's statements, before the commit: nothing of it stays.
    const doomed = new pg.Client({ connectionString: databaseUrl });
    doomed.on('error', () => undefined);
    await doomed.connect();
    await doomed.query('BEGIN');
    const before = (await doomed.query(`SELECT credited FROM settlement_credit_batch('chiavip', $1::date, 0, 'CHIA')`, [day])).rows;
    await doomed.query('SELECT pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
    expect(before).toEqual([{ credited: 2 }]);
    expect(await credited(users)).toEqual([0n, 0n, 0n]);
    expect(await records('chiavip', day)).toEqual([]);
    expect(await checkLedger(db)).toEqual([]);
    // Twice in one transaction, then again: the second call finds the batch gone.
    const calls = await db.transaction().execute(async (trx) => [(await creditBatch(trx, 'chiavip', day, 0)).rows, (await creditBatch(trx, 'chiavip', day, 0)).rows]);
    expect(calls).toEqual([[{ credited: 2 }], []]);
    expect((await creditBatch(db, 'chiavip', day, 0)).rows).toEqual([]);
    // Two workers on the same batch at once: one credits it.
    const raced = await Promise.all([1, 1].map((seq) => db.transaction().execute((trx) => creditBatch(trx, 'chiavip', day, seq))));
    expect(raced.flatMap((r) => r.rows)).toEqual([{ credited: 1 }]);
    expect(await applyCredits(db, 'chiavip', day)).toBe(0);
    const recorded = await records('chiavip', day);
    expect(recorded.map((r) => r.user_id)).toEqual(users.map((u) => u.id));
    expect(await credited(users)).toEqual(recorded.map((r) => BigInt(r.amount_units)));
    const postings = await sql<{ n: string }>`
      SELECT count(*) AS n FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id WHERE t.reference = ${`settlement:chiavip:${day}:credits`}`.execute(db);
    expect(postings.rows[0]?.n).toBe('5'); // two batches: clearing + 2, clearing + 1
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuses a whole batch when one member’s credit would break an invariant, and credits it once mended', async () => {
    const day = '2026-11-27';
    const { users } = await decidedDay('chiavip', day, 3, 3, 102);
    const batch = () => db.selectFrom('settlement_batches').selectAll().where('pool', '=', 'chiavip').where('day', '=', day).executeTakeFirstOrThrow();
    const original = await batch();
    const tamper = (change: ReturnType<typeof sql>) => sql`UPDATE settlement_batches SET ${change} WHERE pool = 'chiavip' AND day = ${day}::date`.execute(db);
    const refusals: { change: ReturnType<typeof sql>; code: string }[] = [
      // a negative credit (it would take from the member), the total kept equal to the amounts
      { change: sql`amount_units[2] = -amount_units[2], total_units = total_units - 2 * amount_units[2]`, code: '23514' },
      // a member who is no user (referential integrity)
      { change: sql`user_ids[2] = 999999999`, code: '23503' },
      // more than clearing holds (clearing would go negative)
      { change: sql`amount_units[3] = amount_units[3] + 1000000000000000, total_units = total_units + 1000000000000000`, code: '23514' },
      // a total that is not what the members are paid (unbalanced against clearing's owed)
      { change: sql`total_units = total_units + 1`, code: '23514' },
    ];
    for (const { change, code } of refusals) {
      await tamper(change);
      await expect(applyCredits(db, 'chiavip', day)).rejects.toMatchObject({ code });
      // Nothing of the batch moved: no record, no balance, the batch still owed.
      expect(await credited(users)).toEqual([0n, 0n, 0n]);
      expect(await records('chiavip', day)).toEqual([]);
      await db
        .updateTable('settlement_batches')
        .set({ user_ids: original.user_ids, amount_units: original.amount_units, total_units: original.total_units })
        .where('pool', '=', 'chiavip')
        .where('day', '=', day)
        .execute();
      expect(await checkLedger(db)).toEqual([]);
    }
    expect(await applyCredits(db, 'chiavip', day)).toBe(3);
    expect(await credited(users)).toEqual(original.amount_units.map((a) => BigInt(a)));
    expect(await checkLedger(db)).toEqual([]);
  });

  it('opens a member’s account holding the credit, and runs the batch again when another transaction opens it meanwhile', async () => {
    const day = '2026-11-25';
    const { users, settlement } = await decidedDay('chia', day, 3, undefined, 201);
    const late = users[1] as { id: string };
    // A deposit opens one member's account and stays uncommitted while the batch runs: the batch
    // waits on it, meets the account it could not open, and runs again once it is there.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let opened = () => {};
    const open = new Promise<void>((resolve) => (opened = resolve));
    const deposit = db.transaction().execute(async (trx) => {
      await postTransaction(trx, {
        kind: 'deposit',
        postings: [
          { account: { kind: 'system', code: 'chain', coin: 'CHIA' }, amount: -7n },
          { account: { kind: 'user', userId: late.id, coin: 'CHIA', bucket: 'available' }, amount: 7n },
        ],
      });
      opened();
      await gate;
    });
    await open;
    const crediting = applyCredits(db, 'chia', day);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await deposit;
    expect(await crediting).toBe(3);
    const recorded = await records('chia', day);
    expect(recorded.map((r) => r.user_id)).toEqual(users.map((u) => u.id));
    // Each member paid once: the opened accounts hold their credit, the deposit's keeps both.
    expect(await credited(users)).toEqual(recorded.map((r) => BigInt(r.amount_units) + (r.user_id === late.id ? 7n : 0n)));
    expect(recorded.reduce((sum, r) => sum + BigInt(r.amount_units), 0n)).toBe(XCH(settlement.credited));
    expect(await checkLedger(db)).toEqual([]);
  });

  it('reads the unsecured share from the coin’s registry row, not its name', async () => {
    const user = await buildUser(db);
    const day = '2026-11-23';
    await farm(user.id, 'lhd', 40, new Date(`${day}T09:00:00Z`));
    await recordBlock(db, { pool: 'lhd', height: 401, foundAt: new Date(`${day}T09:00:00Z`), finderUserId: null, finderMinerId: null, reward: parseAmount('10', 8) });
    // LHD's registry row pays 15 % unsecured; the operator's 40 % is what the settlement pays.
    expect((await db.selectFrom('coins').select('unsecured_share_bp').where('type', '=', 'LHD').executeTakeFirstOrThrow()).unsecured_share_bp).toBe(UNSECURED_SHARE_BP.LHD);
    await db.updateTable('coins').set({ unsecured_share_bp: 4_000 }).where('type', '=', 'LHD').execute();
    try {
      const { settlement } = await settleDay(db, 'lhd', day, later);
      const fee = parseAmount(settlement.fee, 8);
      expect(parseAmount(settlement.credited, 8)).toBe(((parseAmount('10', 8) - fee) * 4_000n) / 10_000n);
    } finally {
      await db
        .updateTable('coins')
        .set({ unsecured_share_bp: UNSECURED_SHARE_BP.LHD ?? null })
        .where('type', '=', 'LHD')
        .execute();
    }
    expect(await checkLedger(db)).toEqual([]);
  });

  it('puts the income of a member with Auto Pay into pending earnings', async () => {
    const user = await buildUser(db);
    await db.insertInto('auto_pay_settings').values({ user_id: user.id, coin: 'CHIA', enabled: true }).execute();
    await farm(user.id, 'chiapp', 40, new Date('2026-11-26T09:00:00Z'));
    await recordBlock(db, { pool: 'chiapp', height: 300, foundAt: new Date('2026-11-26T09:00:00Z'), finderUserId: null, finderMinerId: null, reward: XCH('2') });
    await settleDay(db, 'chiapp', '2026-11-26', later);
    expect(await balances(user.id)).toMatchObject({ available: 0n, pending_earnings: XCH('1.94') });
  });

  it('refuses a credit for an unknown user or settlement, and deleting a user or day that has credits; others can go', async () => {
    const { users } = await decidedDay('bhd', '2026-11-27', 1);
    const insert = (userId: string, day: string) =>
      db.insertInto('settlement_credits').values({ pool: 'bhd', day, user_id: userId, points: '1', amount_units: '1', status: 'SETTLEMENT' }).execute();
    await expect(insert('999999999', '2026-11-27')).rejects.toMatchObject({ code: '23503' });
    const other = await buildUser(db);
    await expect(insert(other.id, '2026-01-01')).rejects.toMatchObject({ code: '23503' });
    const member = (users[0] as { id: string }).id;
    // Owed in a batch, then recorded: the user stays either way.
    await expect(db.deleteFrom('users').where('id', '=', member).execute()).rejects.toMatchObject({ code: '23503' });
    await applyCredits(db, 'bhd', '2026-11-27');
    await expect(db.deleteFrom('users').where('id', '=', member).execute()).rejects.toMatchObject({ code: '23503' });
    await expect(db.deleteFrom('settlements').where('pool', '=', 'bhd').where('day', '=', '2026-11-27').execute()).rejects.toMatchObject({ code: '23503' });
    // Rows nothing refers to can go (each check reads only its own table's columns).
    await expect(db.deleteFrom('users').where('id', '=', other.id).execute()).resolves.toEqual([expect.objectContaining({ numDeletedRows: 1n })]);
    await db.insertInto('settlements').values({ pool: 'bhd', day: '2026-01-02', status: 'NOT_PENDING' }).execute();
    await expect(db.deleteFrom('settlements').where('pool', '=', 'bhd').where('day', '=', '2026-01-02').execute()).resolves.toEqual([
      expect.objectContaining({ numDeletedRows: 1n }),
    ]);
  });
});

describe('the first reports of a new day', () => {
  it('make its shares partition once when they race, and every share is kept', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => buildUser(db)));
    const at = new Date('2026-11-29T00:00:05Z');
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const user = users[i % 3] as { id: string };
        const when = Math.floor(at.getTime() / 1000);
        // A trusted proxy's reports (operator-issued key, mode on): the ones that write shares.
        return ingestReport(
          db,
          { userId: user.id, pool: 'mass', protocol: 'trusted-proxy', trustedProxy: true, operatorIssued: true },
          {
            miners: [{ name: `rig-${i}`, version: '1', capacity: '1', hashrate: '0' }],
            shares: [
              { miner: `rig-${i}`, difficulty: 10 + i, at: when },
              { miner: `rig-${i}`, difficulty: 1, at: when },
            ],
          },
          at,
        );
      }),
    );
    const kept = await sql<{ user_id: string; points: string; n: string }>`
      SELECT user_id::text AS user_id, sum(difficulty)::text AS points, count(*)::text AS n FROM shares WHERE day = '2026-11-29' GROUP BY user_id`.execute(db);
    // Reports 0, 3, 6 and 9 are the first user's: difficulties 10, 13, 16 and 19, and a share of 1 each.
    expect(kept.rows.find((r) => r.user_id === (users[0] as { id: string }).id)).toMatchObject({ points: '62', n: '8' });
    expect(kept.rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(24);
  });
});

describe('revenue that pays no one, and blocks racing the day’s decision (issue 14)', () => {
  const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const row = (pool: string, day: string) => db.selectFrom('settlements').selectAll().where('pool', '=', pool).where('day', '=', day).executeTakeFirstOrThrow();

  it('takes no fee on a day whose block pays no one, and carries its pot to the next day with shares', async () => {
    const tiny = await buildUser(db);
    const member = await buildUser(db);
    // Day 1: a 1 XCH block; the only farm is below Chia's 2 T. Day 2: no shares at all. Day 3: a member.
    await farm(tiny.id, 'chia', 10, at('2026-12-01'));
    await recordBlock(db, { pool: 'chia', height: 50_001, foundAt: at('2026-12-01'), finderUserId: null, finderMinerId: null, reward: XCH('1') });
    const first = await settleDay(db, 'chia', '2026-12-01', at('2026-12-05'));
    expect(first.settlement).toMatchObject({ status: 'UNSETTLEMENT', revenue: '1', fee: '0', credited: '0', carried_in: '0', remainder: '1' });
    await recordBlock(db, { pool: 'chia', height: 50_002, foundAt: at('2026-12-02'), finderUserId: null, finderMinerId: null, reward: XCH('0.5') });
    const second = await settleDay(db, 'chia', '2026-12-02', at('2026-12-05'));
    expect(second.settlement).toMatchObject({ status: 'UNSETTLEMENT', revenue: '0.5', fee: '0', credited: '0', remainder: '0.5' });
    expect(await checkLedger(db)).toEqual([]);
    await farm(member.id, 'chia', 40, at('2026-12-03'));
    const third = await settleDay(db, 'chia', '2026-12-03', at('2026-12-05'));
    // 1.5 XCH carried in, 3 % fee once, the rest to the member.
    expect(third.settlement).toMatchObject({ status: 'SETTLEMENT', revenue: '0', carried_in: '1.5', fee: '0.045', credited: '1.455', remainder: '0' });
    expect((await balances(member.id)).available).toBe(XCH('1.455'));
    expect((await balances(tiny.id)).available).toBe(0n);
    // Carried once: a later day with shares finds nothing more to carry.
    await farm(member.id, 'chia', 40, at('2026-12-04'));
    expect((await settleDay(db, 'chia', '2026-12-04', at('2026-12-05'))).settlement).toMatchObject({ carried_in: '0', credited: '0', fee: '0' });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('records a Chia finder below 2 T as settled: the 0.25 XCH is paid to them', async () => {
    const finder = await buildUser(db);
    const other = await buildUser(db);
    await farm(finder.id, 'chiapp', 10, at('2026-12-01')); // below 2 T
    await farm(other.id, 'chiapp', 50, at('2026-12-01'));
    await recordBlock(db, { pool: 'chiapp', height: 60_001, foundAt: at('2026-12-01'), finderUserId: finder.id, finderMinerId: null, reward: XCH('2') });
    await settleDay(db, 'chiapp', '2026-12-01', at('2026-12-05'));
    const records = await db.selectFrom('settlement_credits').select(['user_id', 'amount_units', 'status']).where('pool', '=', 'chiapp').where('day', '=', '2026-12-01').execute();
    expect(records.find((r) => r.user_id === finder.id)).toMatchObject({ amount_units: XCH('0.25').toString(), status: 'SETTLEMENT' });
    expect((await balances(finder.id)).available).toBe(XCH('0.25'));
    // Every member's record says what was paid: settled exactly when an amount was credited.
    for (const r of records) expect(r.status).toBe(BigInt(r.amount_units) > 0n ? 'SETTLEMENT' : 'UNSETTLEMENT');
  });

  it('shares every block once when blocks are recorded while their day is being decided', async () => {
    const member = await buildUser(db);
    const pool = 'chiavip';
    let day = '2026-12-01';
    const rounds = 20;
    for (let i = 0; i < rounds; i++) {
      await farm(member.id, pool, 40, at(day));
      await recordBlock(db, { pool, height: 70_000 + i * 10, foundAt: at(day), finderUserId: null, finderMinerId: null, reward: XCH('1') });
      // The day's last block is seen while the day is being decided.
      await Promise.all([
        decideDay(db, pool, day, at('2026-12-30')),
        recordBlock(db, { pool, height: 70_001 + i * 10, foundAt: at(day, '23:59:58'), finderUserId: null, finderMinerId: null, reward: XCH('0.25') }),
      ]);
      day = dayAfter(day);
    }
    await farm(member.id, pool, 40, at(day));
    await settleDay(db, pool, day, at('2026-12-30'));
    await applyPendingCredits(db);
    const blocks = await db.selectFrom('blocks').select(['day', 'reward_units']).where('pool', '=', pool).where('height', '>=', '70000').execute();
    const total = blocks.reduce((sum, b) => sum + BigInt(b.reward_units), 0n);
    expect(total).toBe(XCH('1.25') * BigInt(rounds));
    // Each decided day counted exactly the blocks filed under it, and every block is in a decided day.
    let shared = 0n;
    for (const d of new Set(blocks.map((b) => b.day))) {
      const s = await row(pool, d);
      expect({ day: d, status: s.status }).toEqual({ day: d, status: 'SETTLEMENT' });
      const filed = blocks.filter((b) => b.day === d).reduce((sum, b) => sum + BigInt(b.reward_units), 0n);
      expect({ day: d, revenue: BigInt(s.revenue_units) }).toEqual({ day: d, revenue: filed });
      shared += BigInt(s.credited_units) + BigInt(s.fee_units);
    }
    expect(shared).toBe(total);
    expect(await checkLedger(db)).toEqual([]);
  });
});

// Last in the file: deciding a late day for every pool files later blocks of earlier days under the days after it.
describe('the pool config’s payment time (issue 22)', () => {
  it('honours the pool config’s payment time: yesterday is settled from that time of day (UTC)', async () => {
    const user = await buildUser(db);
    const day = '2027-06-24';
    const at = new Date(`${day}T09:00:00Z`);
    await farm(user.id, 'hdd', 40, at);
    await recordBlock(db, { pool: 'hdd', height: 31, foundAt: at, finderUserId: null, finderMinerId: null, reward: parseAmount('2', 8) });
    await db.updateTable('pool_configs').set({ payment_time: '06:30' }).where('pool', '=', 'hdd').execute();
    expect((await settleDue(db, new Date('2027-06-25T06:29:00Z'))).some((s) => s.pool === 'hdd')).toBe(false);
    expect((await settleDue(db, new Date('2027-06-25T06:30:00Z'))).find((s) => s.pool === 'hdd')).toMatchObject({ day, status: 'SETTLEMENT', revenue: '2' });
    await db.updateTable('pool_configs').set({ payment_time: '00:00' }).where('pool', '=', 'hdd').execute();
  });
});
