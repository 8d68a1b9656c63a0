import { K32_BYTES, POINTS_PER_K32_PER_DAY, parseAmount } from '@platter/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../../test/app.ts';
import { webhookReceiver } from '../../../test/channel-doubles.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { verifiedWork } from '../../../test/shares.ts';
import type { Db } from '../../db/database.ts';
import { recordBlock } from '../pool/blocks.ts';
import { settleDay } from '../settlement/settlement.service.ts';
import { channelSender } from './channels.ts';
import { deliverDue } from './delivery.ts';
import { raiseMiningEvents } from './mining-alerts.ts';
import { channelBox } from './sealed.ts';

/**
 * The mining events from the pool's own data: a miner whose verified work stops, a block found
 * by the user, a settled day's income and a capacity drop against the day before — raised for
 * the users who chose them, once each, in the user's language, and delivered through the channel.
 */

const SECRET = 'whsec-mining-alerts-0123456789';
let db: Db;
let userId: string;
let channelId: string;
const rx = await webhookReceiver({ secret: SECRET });
afterAll(() => rx.close());

const XCH = (text: string) => parseAmount(text, 12);
const points = (plots: number) => POINTS_PER_K32_PER_DAY * BigInt(plots);

beforeAll(async () => {
  ({ db } = await testDatabase());
  userId = (await buildUser(db, { email: 'farmer@example.com' })).id;
  await db.updateTable('users').set({ language: 'zh' }).where('id', '=', userId).execute();
  channelId = (
    await db
      .insertInto('message_channels')
      .values({
        user_id: userId,
        kind: 'webhook',
        target: rx.base,
        config: channelBox(TEST_SECRET).seal({ kind: 'webhook', url: `${rx.base}/hook`, secret: SECRET }),
        verified_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

const choose = async (event: string, threshold?: number) => {
  await db.insertInto('message_event_channels').values({ channel_id: channelId, user_id: userId, event }).execute();
  if (threshold !== undefined) await db.insertInto('message_event_settings').values({ user_id: userId, event, threshold }).execute();
};
const outbox = (event: string) => db.selectFrom('message_outbox').select(['subject', 'title', 'body']).where('event', '=', event).orderBy('id').execute();

describe('mining events', () => {
  it('nothing is raised for a user who chose none', async () => {
    await verifiedWork(db, { userId, pool: 'chia', difficulty: 1, at: new Date(Date.now() - 3 * 3600_000), miner: 'rig-quiet' });
    expect(await raiseMiningEvents(db)).toEqual({ offline: 0, drops: 0, blocks: 0, settled: 0 });
  });

  it('a miner silent for the chosen minutes is reported once per silence, and again after it comes back and goes quiet', async () => {
    await choose('miner_offline', 20);
    const minerAt = (minutesAgo: number) => verifiedWork(db, { userId, pool: 'chia', difficulty: 1, at: new Date(Date.now() - minutesAgo * 60_000), miner: 'rig-1' });
    await minerAt(10);
    await sql`UPDATE miners SET last_seen_at = now() - interval '3 days' WHERE name = 'rig-quiet'`.execute(db);
    expect((await raiseMiningEvents(db)).offline).toBe(1); // rig-quiet: silent 3 days (within the week); rig-1: 10 minutes, under 20
    await minerAt(25);
    expect((await raiseMiningEvents(db)).offline).toBe(1);
    expect((await raiseMiningEvents(db)).offline).toBe(0);
    await minerAt(0);
    expect((await raiseMiningEvents(db)).offline).toBe(0);
    await minerAt(30);
    expect((await raiseMiningEvents(db)).offline).toBe(1);
    const rows = await outbox('miner_offline');
    expect(rows.length).toBe(3);
    expect(rows[1]).toMatchObject({ title: '礦機離線', body: expect.stringContaining('礦機 rig-1 已 20 分鐘沒有提交') as unknown });
  });

  it('a block found and a settled day are reported once; a capacity drop beyond the chosen percent too', async () => {
    await choose('block_found');
    await choose('income_settled');
    await choose('capacity_drop', 30);
    const today = new Date();
    const day = (back: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - back)).toISOString().slice(0, 10);
    const noonOf = (d: string) => new Date(`${d}T12:00:00Z`);
    // Two days of work: 100 plots, then 50 (a 50 % drop); the block of the second day is the user's.
    // Days 3 and 2 back: the earlier tests' work of the last hours is yesterday's just after midnight.
    await verifiedWork(db, { userId, pool: 'chia', difficulty: points(100), at: noonOf(day(3)), miner: 'rig-big', capacity: K32_BYTES * 100n });
    await recordBlock(db, { pool: 'chia', height: 5001, foundAt: noonOf(day(3)), finderUserId: null, finderMinerId: null, reward: XCH('2') });
    await settleDay(db, 'chia', day(3), noonOf(day(2)));
    await verifiedWork(db, { userId, pool: 'chia', difficulty: points(50), at: noonOf(day(2)), miner: 'rig-big2', capacity: K32_BYTES * 50n });
    await recordBlock(db, { pool: 'chia', height: 5002, foundAt: new Date(Date.now() - 3600_000), finderUserId: userId, finderMinerId: null, reward: XCH('2') });
    await recordBlock(db, { pool: 'chia', height: 5003, foundAt: noonOf(day(2)), finderUserId: null, finderMinerId: null, reward: XCH('2') });
    await settleDay(db, 'chia', day(2), new Date());

    const first = await raiseMiningEvents(db);
    expect(first).toMatchObject({ blocks: 1, settled: 2, drops: 1 });
    expect(await raiseMiningEvents(db)).toMatchObject({ blocks: 0, settled: 0, drops: 0 });
    expect((await outbox('block_found'))[0]?.body).toContain('5002');
    const drop = await outbox('capacity_drop');
    expect(drop).toEqual([{ subject: `chia:${day(2)}`, title: '容量下降', body: expect.stringMatching(/容量下降了 50%/) as unknown }]);
    expect((await outbox('income_settled')).map((r) => r.subject)).toEqual([`chia:${day(3)}`, `chia:${day(2)}`]);
  });

  it('the raised events reach the user’s webhook', async () => {
    const sent = await deliverDue(db, { send: channelSender({ allowPrivateWebhooks: true }), secret: TEST_SECRET });
    // The two day-old rigs of the settlement test are silent too: five offline reports in all.
    expect(sent.sent).toBe(9);
    const events = [...rx.accepted.values()].map((r) => String(r.json.event));
    expect(events.filter((e) => e === 'miner_offline').length).toBe(5);
    expect(events.filter((e) => e !== 'miner_offline').sort()).toEqual(['block_found', 'capacity_drop', 'income_settled', 'income_settled']);
    expect([...rx.accepted.values()].find((r) => r.json.event === 'block_found')?.json.title).toBe('挖到區塊');
  });
});
