import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../../test/app.ts';
import { webhookReceiver } from '../../../test/channel-doubles.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, runWorkerRound } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { runNoticeJobs, sendNotification, sendNotificationIds } from '../inmail/inmail.service.ts';
import { channelSender } from './channels.ts';
import { deliverDue } from './delivery.ts';
import { channelBox } from './sealed.ts';

/**
 * System announcements on the channels: the back office's notices (to every user through the
 * `notices` job, or to a list of uids at once) reach the channels of the users who chose the
 * `system` group's event — in their language, written with the in-site copy, once per channel —
 * and nobody else's; the delivery signs them like any other event.
 */

const SECRET = 'whsec-system-notices-0123456789';
let db: Db;
let adminId: string;
const rx = await webhookReceiver({ secret: SECRET });
afterAll(() => rx.close());

const localized = { en: 'Maintenance tonight', zh: '今晚維護', ru: 'Обслуживание сегодня ночью' };
const content = { en: '<p>The pool <b>restarts</b> at 02:00 UTC.</p><p>Thanks &amp; sorry.</p>', zh: '<p>礦池將於 02:00 UTC 重啟。</p>', ru: '' };

/** A user with a webhook channel (verified or not) chosen for `events`. */
async function subscriber(opts: { language: string; verified: boolean; events: string[]; path: string }) {
  const user = await buildUser(db);
  await db.updateTable('users').set({ language: opts.language }).where('id', '=', user.id).execute();
  const channel = await db
    .insertInto('message_channels')
    .values({
      user_id: user.id,
      kind: 'webhook',
      target: rx.base,
      config: channelBox(TEST_SECRET).seal({ kind: 'webhook', url: `${rx.base}${opts.path}`, secret: SECRET }),
      verified_at: opts.verified ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const event of opts.events) await db.insertInto('message_event_channels').values({ channel_id: channel.id, user_id: user.id, event }).execute();
  return { ...user, channelId: channel.id };
}

const deliver = () => deliverDue(db, { send: channelSender({ allowPrivateWebhooks: true }), secret: TEST_SECRET });
const received = (path: string) => [...rx.accepted.values()].filter((r) => r.path === path).map((r) => r.json);
const outbox = (noticeId: string) =>
  db
    .selectFrom('message_outbox')
    .select(['user_id', 'channel_id', 'title', 'body'])
    .where('event', '=', 'system_notice')
    .where('subject', '=', `notice:${noticeId}`)
    .orderBy('id')
    .execute();

let zh: Awaited<ReturnType<typeof subscriber>>;
let ru: Awaited<ReturnType<typeof subscriber>>;
let en: Awaited<ReturnType<typeof subscriber>>;
let unverified: Awaited<ReturnType<typeof subscriber>>;
let miningOnly: Awaited<ReturnType<typeof subscriber>>;

beforeAll(async () => {
  ({ db } = await testDatabase());
  adminId = (await buildUser(db, { role: 'admin' })).id;
  zh = await subscriber({ language: 'zh', verified: true, events: ['system_notice'], path: '/zh' });
  ru = await subscriber({ language: 'ru', verified: true, events: ['system_notice', 'miner_offline'], path: '/ru' });
  en = await subscriber({ language: 'en', verified: true, events: ['system_notice'], path: '/en' });
  unverified = await subscriber({ language: 'en', verified: false, events: ['system_notice'], path: '/unverified' });
  miningOnly = await subscriber({ language: 'en', verified: true, events: ['miner_offline'], path: '/mining' });
});

describe('system announcements on the channels', () => {
  it('a notice to every user, sent by the notices job in batches, reaches each chosen verified channel once, in its user’s language', async () => {
    const { id, total } = await sendNotification(db, adminId, { type: 'system', title: localized, content });
    expect(total).toBe(6);
    expect(await outbox(id)).toEqual([]); // nothing before the job writes the in-site copies

    // One batch of two users first (the outbox rows commit with that batch's in-site copies), then the job finishes it.
    await runNoticeJobs(db, { batchSize: 2, maxBatches: 1 });
    const firstBatch = await db.selectFrom('inmail_messages').select('user_id').where('notice_id', '=', id).execute();
    expect((await outbox(id)).map((r) => r.user_id)).toEqual(firstBatch.map((r) => r.user_id).filter((u) => [zh.id, ru.id, en.id].includes(u)));
    await runWorkerRound(db, ['notices']);
    await runNoticeJobs(db); // a run after it is done writes nothing again

    const rows = await outbox(id);
    expect(rows.map((r) => r.channel_id).sort()).toEqual([zh.channelId, ru.channelId, en.channelId].sort());
    expect(rows.find((r) => r.user_id === zh.id)).toMatchObject({ title: '今晚維護', body: '礦池將於 02:00 UTC 重啟。' });
    expect(rows.find((r) => r.user_id === en.id)).toMatchObject({ title: 'Maintenance tonight', body: 'The pool restarts at 02:00 UTC. Thanks & sorry.' });
    // The operator left the Russian text empty: the English one stands in, under the Russian title.
    expect(rows.find((r) => r.user_id === ru.id)).toMatchObject({ title: 'Обслуживание сегодня ночью', body: 'The pool restarts at 02:00 UTC. Thanks & sorry.' });

    expect(await deliver()).toMatchObject({ sent: 3, dead: 0 });
    expect(received('/zh')).toEqual([expect.objectContaining({ event: 'system_notice', title: '今晚維護' })]);
    expect(received('/ru')).toHaveLength(1);
    expect(received('/en')).toEqual([expect.objectContaining({ title: 'Maintenance tonight' })]);
    expect(received('/unverified')).toEqual([]);
    expect(received('/mining')).toEqual([]);
    // Everyone still has the in-site copy, chosen or not.
    expect(await db.selectFrom('inmail_messages').select('user_id').where('notice_id', '=', id).execute()).toHaveLength(6);
  });

  it('a notice to a list of uids reaches the listed subscribers’ channels only', async () => {
    const uidOf = async (userId: string) => (await db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow()).uid;
    const { id } = await sendNotificationIds(db, adminId, {
      type: 'other',
      title: { en: 'Your plot check', zh: '您的繪圖檢查', ru: 'Проверка плотов' },
      content: { en: '<p>All fine.</p>', zh: '<p>一切正常。</p>', ru: '<p>Всё в порядке.</p>' },
      ids: [await uidOf(ru.id), await uidOf(miningOnly.id), await uidOf(unverified.id)],
    });
    expect((await outbox(id)).map((r) => [r.user_id, r.title, r.body])).toEqual([[ru.id, 'Проверка плотов', 'Всё в порядке.']]);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(received('/ru').map((r) => r.title)).toEqual(['Обслуживание сегодня ночью', 'Проверка плотов']);
    expect(received('/zh')).toHaveLength(1);
  });
});
