import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { webhookReceiver } from '../../../test/channel-doubles.ts';
import { testDatabase } from '../../../test/db.ts';
import { runWorkerRound } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { DEMO_EMAIL, prepareSimulation, startSimulator, type SimFarm, type SimulatorOptions } from '../../sim/simulator.ts';
import { channelSender } from './channels.ts';
import { deliverDue } from './delivery.ts';
import { channelBox } from './sealed.ts';

/**
 * The offline-miner alert from the simulator (issue 24's proof): the devnet simulator's farmer
 * reports its miners through the real report endpoint, then stops reporting; the `mining-alerts`
 * job raises `miner_offline` once the chosen minutes have passed (not before), once per silence,
 * and the delivery signs it to the farmer's webhook in their language.
 *
 * The clock: the reports stamp `last_seen_at` with the application's clock and the job measures
 * silence on it, so the test moves only `Date` (vitest's fake Date; timers and I/O stay real)
 * instead of waiting minutes.
 */

const SECRET = 'whsec-offline-simulator-0123456789';
const MINUTES = 5;
let db: Db;
let app: ZodApp;
let options: SimulatorOptions;
let farm: SimFarm;
const rx = await webhookReceiver({ secret: SECRET });

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  // MASS: reports through the trusted proxy; one tick an hour, so only the rounds the test starts report.
  options = { db, baseUrl, seed: 11, pools: ['mass'], tickSeconds: 3600, blockSeconds: 1e9, backfillDays: 0, logger: pino({ level: 'silent' }) };
  const { farms } = await prepareSimulation(options);
  const demo = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  const found = farms.find((f) => f.userId === demo.id && f.pool === 'mass');
  if (!found) throw new Error('the simulator made no MASS farm for the demo farmer');
  farm = found;
  // The farmer reads Russian and chose a verified webhook for "miner offline" after 5 minutes.
  await db.updateTable('users').set({ language: 'ru' }).where('id', '=', farm.userId).execute();
  const channel = await db
    .insertInto('message_channels')
    .values({
      user_id: farm.userId,
      kind: 'webhook',
      target: rx.base,
      config: channelBox(TEST_SECRET).seal({ kind: 'webhook', url: `${rx.base}/farm`, secret: SECRET }),
      verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('message_event_channels').values({ channel_id: channel.id, user_id: farm.userId, event: 'miner_offline' }).execute();
  await db.insertInto('message_event_settings').values({ user_id: farm.userId, event: 'miner_offline', threshold: MINUTES }).execute();
});

afterAll(async () => {
  vi.useRealTimers();
  await app.close();
  await rx.close();
});

/** One round of the simulator's reports (its first round, at the clock's time), then it stops. */
async function simulatorReports(): Promise<void> {
  const sim = startSimulator(options, [farm]);
  await sim.firstRound;
  await sim.stop();
}

const offlineRows = () => db.selectFrom('message_outbox').select(['title', 'body', 'subject']).where('event', '=', 'miner_offline').orderBy('id').execute();
const lastSeen = async () =>
  (await db.selectFrom('miners').select(['name', 'last_seen_at']).where('user_id', '=', farm.userId).where('pool', '=', 'mass').execute()).map((m) => m.last_seen_at.getTime());

describe('the offline alert from the simulator’s miners going quiet', () => {
  it('is raised by the mining-alerts job only after the chosen minutes of silence, once, and delivered to the webhook', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });

    // Reporting: every miner of the farm is seen now, and stays "online" a while later.
    await simulatorReports();
    expect(await lastSeen()).toEqual(farm.miners.map(() => start));
    vi.setSystemTime(start + 3 * 60_000);
    await simulatorReports();
    expect(await lastSeen()).toEqual(farm.miners.map(() => start + 3 * 60_000));
    await runWorkerRound(db, ['mining-alerts']);
    expect(await offlineRows()).toEqual([]);

    // The simulator stops reporting. Four minutes of silence: still under the farmer's five.
    const quietSince = start + 3 * 60_000;
    vi.setSystemTime(quietSince + (MINUTES - 1) * 60_000);
    await runWorkerRound(db, ['mining-alerts']);
    expect(await offlineRows()).toEqual([]);

    // Past five minutes: one alert per quiet miner; the job running again raises nothing more.
    vi.setSystemTime(quietSince + MINUTES * 60_000 + 1000);
    await runWorkerRound(db, ['mining-alerts']);
    await runWorkerRound(db, ['mining-alerts']);
    const rows = await offlineRows();
    expect(rows).toHaveLength(farm.miners.length);
    for (const miner of farm.miners) {
      expect(rows).toContainEqual({
        title: 'Майнер не в сети',
        body: expect.stringContaining(`Ваш майнер ${miner.name} в пуле`) as unknown,
        subject: expect.stringMatching(new RegExp(`:${new Date(quietSince).toISOString()}$`)) as unknown,
      });
    }

    // The delivery (the message-delivery job's run) signs each to the farmer's webhook.
    vi.useRealTimers();
    expect(await deliverDue(db, { send: channelSender({ allowPrivateWebhooks: true }), secret: TEST_SECRET })).toMatchObject({ sent: farm.miners.length, dead: 0 });
    const received = [...rx.accepted.values()].filter((r) => r.path === '/farm').map((r) => r.json);
    expect(received.map((r) => r.event)).toEqual(farm.miners.map(() => 'miner_offline'));
    for (const miner of farm.miners) expect(received.filter((r) => String(r.text).includes(`майнер ${miner.name} `))).toHaveLength(1);
  });
});
