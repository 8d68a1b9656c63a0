import { parseAmount } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { verifiedWork } from '../../../test/shares.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { settleDay } from '../settlement/settlement.service.ts';
import { USER_LISTS } from '../exports/lists.ts';
import { recordBlock } from './blocks.ts';
import { ensureSharePartition } from './report.ts';

/** The Revenue screen's call (issue 20): the blocks that paid the user, with the user's share of each. */

interface Row {
  id: string;
  pool: string;
  unit: string;
  height: string;
  time: number;
  day: string;
  reward: string;
  share: string;
  found: boolean;
}

let db: Db;
let app: ZodApp;
let alice: Browser;
let bob: Browser;
let aliceId = '';
let bobId = '';
const POOL = 'chiapp';
const units = (amount: string) => parseAmount(amount, 12);

async function work(userId: string, day: string, points: number) {
  await ensureSharePartition(db, day);
  await verifiedWork(db, { userId, pool: POOL, difficulty: points, at: new Date(`${day}T06:00:00Z`) });
}

async function block(height: number, day: string, hour: number, finder: string | null) {
  await recordBlock(db, { pool: POOL, height, foundAt: new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`), finderUserId: finder, finderMinerId: null, reward: units('2') });
}

const credit = async (userId: string, day: string) =>
  BigInt(
    (
      await db
        .selectFrom('settlement_credits')
        .select('amount_units')
        .where('user_id', '=', userId)
        .where('pool', '=', POOL)
        .where('day', '=', day as never)
        .executeTakeFirst()
    )?.amount_units ?? '0',
  );

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
  alice = await signedInAs(app, db, 'alice-revenue@example.com', 'user');
  bob = await signedInAs(app, db, 'bob-revenue@example.com', 'user');
  const ids = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', ['alice-revenue@example.com', 'bob-revenue@example.com']).execute();
  aliceId = ids.find((u) => u.email.startsWith('alice'))?.id ?? '';
  bobId = ids.find((u) => u.email.startsWith('bob'))?.id ?? '';
  // Day 1: both farm (3:1), two blocks, one found by each. Day 2: a block found by Alice, no
  // work, so its pot is carried on (UNSETTLEMENT) and Alice gets only her finder's 0.25 XCH.
  // Day 3: Alice alone, a block of no finder; the day shares its pot and day 2's.
  await work(aliceId, '2026-10-01', 3000);
  await work(bobId, '2026-10-01', 1000);
  await block(100, '2026-10-01', 8, aliceId);
  await block(101, '2026-10-01', 9, bobId);
  await settleDay(db, POOL, '2026-10-01');
  await block(102, '2026-10-02', 8, aliceId);
  await settleDay(db, POOL, '2026-10-02');
  await work(aliceId, '2026-10-03', 3000);
  await block(103, '2026-10-03', 8, null);
  await settleDay(db, POOL, '2026-10-03');
});

describe('GET /api/pool/blockincome', () => {
  it('lists the blocks that paid the user, newest first, with height, time, coin, reward and share', async () => {
    const answer = await alice.get<{ list: Row[]; total: number }>('/api/pool/blockincome');
    expect(answer.code).toBe(200);
    expect(answer.data.total).toBe(4);
    expect(answer.data.list.map((r) => [r.height, r.day, r.found])).toEqual([
      ['103', '2026-10-03', false],
      ['102', '2026-10-03', true],
      ['101', '2026-10-01', false],
      ['100', '2026-10-01', true],
    ]);
    const first = answer.data.list[0];
    expect(first).toMatchObject({ pool: POOL, unit: 'XCH', reward: '2', time: Date.parse('2026-10-03T08:00:00Z') / 1000 });
    // Bob was paid by day 1's two blocks only.
    const bobs = await bob.get<{ list: Row[]; total: number }>('/api/pool/blockincome?pool=chiapp');
    expect(bobs.data.list.map((r) => [r.height, r.found])).toEqual([
      ['101', true],
      ['100', false],
    ]);
  });

  it("splits each day's credit over the blocks it paid out: a finder's reward on top, the sums equal to the day's income", async () => {
    const alices = (await alice.get<{ list: Row[] }>('/api/pool/blockincome?count=50')).data.list;
    const bobs = (await bob.get<{ list: Row[] }>('/api/pool/blockincome?count=50')).data.list;
    const share = (rows: Row[], height: string) => units(rows.find((r) => r.height === height)?.share ?? '0');
    const finder = units('0.25');
    // Day 1: both blocks share the same pot (1.75 each after the finder's part): Alice's own
    // block pays her its half of her shared credit plus its finder's reward.
    const aliceDay1 = await credit(aliceId, '2026-10-01');
    const bobDay1 = await credit(bobId, '2026-10-01');
    expect(share(alices, '100')).toBe((aliceDay1 - finder) / 2n + finder);
    expect(share(alices, '100') + share(alices, '101')).toBe(aliceDay1);
    expect(share(bobs, '100') + share(bobs, '101')).toBe(bobDay1);
    expect(share(bobs, '101') - share(bobs, '100')).toBe(finder);
    // Alice's day-1 income is three times Bob's shared part (3:1 points).
    expect(aliceDay1 - finder).toBe(3n * (bobDay1 - finder));
    // Day 2 paid Alice her finder's reward; its pot was shared on day 3 with day 3's own block.
    const day2and3 = (await credit(aliceId, '2026-10-02')) + (await credit(aliceId, '2026-10-03'));
    expect(await credit(aliceId, '2026-10-02')).toBe(finder);
    expect(share(alices, '102') + share(alices, '103')).toBe(day2and3);
    expect(share(alices, '103')).toBeGreaterThan(share(alices, '102') - finder);
  });

  it('pages the list and filters by pool', async () => {
    const page1 = await alice.get<{ list: Row[]; total: number }>('/api/pool/blockincome?page=1&count=3');
    const page2 = await alice.get<{ list: Row[]; total: number }>('/api/pool/blockincome?page=2&count=3');
    expect(page1.data.list.map((r) => r.height)).toEqual(['103', '102', '101']);
    expect(page2.data).toMatchObject({ total: 4, list: [{ height: '100' }] });
    expect((await alice.get<{ list: Row[]; total: number }>('/api/pool/blockincome?page=9&count=3')).data).toEqual({ list: [], total: 4 });
    expect((await alice.get<{ list: Row[]; total: number }>('/api/pool/blockincome?pool=chia')).data).toEqual({ list: [], total: 0 });
  });

  it('refuses bad paging with the spec codes, and a visitor with 202', async () => {
    expect((await alice.get('/api/pool/blockincome?count=500')).code).toBe(209);
    expect((await alice.get('/api/pool/blockincome?page=0')).code).toBe(208);
    expect((await browser(app).get('/api/pool/blockincome')).code).toBe(202);
  });

  it('exports the list with exact amounts', async () => {
    const rows: Record<string, unknown>[] = [];
    for await (const chunk of USER_LISTS.blockincome.read({ db, chains: undefined as never }, aliceId, {} as never)) rows.push(...chunk.rows);
    expect(rows).toHaveLength(4);
    const api = (await alice.get<{ list: Row[] }>('/api/pool/blockincome?count=50')).data.list;
    expect(rows.map((r) => r.share)).toEqual(api.map((r) => r.share));
    // Base units exactly, as the ledger holds them (the screen cuts to the coin's display precision).
    const sum = rows.filter((r) => r.day === '2026-10-01').reduce((total, r) => total + units(String(r.share)), 0n);
    expect(sum).toBe(await credit(aliceId, '2026-10-01'));
  });
});
