import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, loginByEmail, loginStaff } from '../../../test/accounts.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { dingtalkDouble, telegramDouble, webhookReceiver } from '../../../test/channel-doubles.ts';
import { TEST_SECRET } from '../../../test/app.ts';
import { mailedApp } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { notify } from '../events/events.service.ts';
import { channelSender } from './channels.ts';
import { deliverDue } from './delivery.ts';

/**
 * Message channels end to end on the real application and PostgreSQL, with loopback doubles
 * of the services: binding, the code sent through the channel, events × channels, the outbox
 * written with the event, delivery with retries, rate limits and the dead-letter list.
 */

interface Channel {
  id: string;
  kind: string;
  target: string;
  verified: boolean;
}
interface EventSetting {
  event: string;
  group: string;
  channel_ids: string[];
  threshold: number | null;
}

const WEBHOOK_SECRET = 'whsec-0123456789abcdef';
const BOT = '123456:AAH-telegram-token-telegram-token-xx';
const DING_SECRET = 'SECb6a0f5b7a1e1c8d9f0a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6';

let db: Db;
let alice: Browser;
let admin: Browser;
let aliceId: string;
let aliceUid: string;
const rx = await webhookReceiver({ secret: WEBHOOK_SECRET });
const chats = ['4242'];
const tg = await telegramDouble({ tokens: [BOT], chats });
const ding = await dingtalkDouble({ robots: { robottoken01: DING_SECRET } });
afterAll(async () => {
  await rx.close();
  await tg.close();
  await ding.close();
});

const bases = { telegram: tg.base, dingtalk: ding.base };
const send = channelSender({ bases, allowPrivateWebhooks: true });
const deliver = (maxAttempts = 8) => deliverDue(db, { send, secret: TEST_SECRET, maxAttempts });

/** Moves every pending delivery's next try to now (time passing, for the retries). */
const timePasses = () => sql`UPDATE message_outbox SET next_attempt_at = now(), last_attempt_at = now() - interval '2 minutes' WHERE status = 'pending'`.execute(db);

const codeOf = (text: string) => /(\d{6})/.exec(text)?.[1] ?? '';

async function bindAndVerify(b: Browser, body: Record<string, unknown>, lastText: () => string): Promise<Channel> {
  const bound = await b.post<Channel>('/api/message/BindChannel', body);
  expect(bound.code).toBe(200);
  expect(bound.data.verified).toBe(false);
  expect((await b.post('/api/message/RequestVerifyChannel', { id: bound.data.id })).data).toEqual({ sent: true, verified: false });
  expect((await b.post('/api/message/RequestVerifyChannel', { id: bound.data.id, code: codeOf(lastText()) })).data).toEqual({ sent: false, verified: true });
  return { ...bound.data, verified: true };
}

beforeAll(async () => {
  const opened = await mailedApp({ messageChannelBases: `telegram=${tg.base},dingtalk=${ding.base}`, messageWebhookPrivate: true });
  db = opened.db;
  alice = browser(opened.app);
  aliceId = await activeUser(db, alice, opened.mail, 'alice@example.com');
  aliceUid = (await db.selectFrom('users').select('uid').where('id', '=', aliceId).executeTakeFirstOrThrow()).uid;
  expect((await loginByEmail(alice, 'alice@example.com')).code).toBe(200);
  admin = browser(opened.app);
  const adminId = await activeUser(db, admin, opened.mail, 'admin@example.com');
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', adminId).execute();
  await loginStaff(db, admin, 'admin@example.com');
});

let hook: Channel;
let telegram: Channel;

describe('binding and verification', () => {
  it('lists every event in its group, mining thresholds at their defaults, and no channels yet', async () => {
    const list = await alice.get<EventSetting[]>('/api/message/EventList');
    expect(list.data.find((e) => e.event === 'deposit_credited')).toEqual({ event: 'deposit_credited', group: 'asset', channel_ids: [], threshold: null });
    expect(list.data.find((e) => e.event === 'miner_offline')).toMatchObject({ group: 'mining', threshold: 30 });
    expect(new Set(list.data.map((e) => e.group))).toEqual(new Set(['asset', 'account', 'mining', 'system']));
    expect((await alice.get('/api/message/ChannelList')).data).toEqual([]);
  });

  it('refuses a robot webhook of another host, a short webhook secret and an unknown kind (216)', async () => {
    expect((await alice.post('/api/message/BindChannel', { kind: 'dingtalk', webhook: 'https://evil.example/robot/send?access_token=abcdefgh12', secret: DING_SECRET })).code).toBe(
      216,
    );
    expect((await alice.post('/api/message/BindChannel', { kind: 'webhook', url: `${rx.base}/hook`, secret: 'short' })).code).toBe(216);
    expect((await alice.post('/api/message/BindChannel', { kind: 'pager', url: 'x' })).code).toBe(216);
  });

  it('a webhook is verified by the code it receives, signed; a wrong code is 1011; a second code within a minute is refused', async () => {
    const bound = await alice.post<Channel>('/api/message/BindChannel', { kind: 'webhook', name: 'Ops', url: `${rx.base}/hook?token=abc`, secret: WEBHOOK_SECRET });
    expect(bound.data).toMatchObject({ kind: 'webhook', target: `${rx.base}/hook`, verified: false });
    // Unverified: no events for it (239 "bind a message channel first").
    expect((await alice.post('/api/message/SetEventChannel', { event: 'security_changed', channel_id: bound.data.id })).code).toBe(239);
    expect((await alice.post('/api/message/RequestVerifyChannel', { id: bound.data.id })).code).toBe(200);
    const sent = [...rx.accepted.values()].at(-1);
    expect(sent?.json.event).toBe('channel_verification');
    const code = codeOf(String(sent?.json.text));
    expect((await alice.post('/api/message/RequestVerifyChannel', { id: bound.data.id })).code).toBe(1022);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await alice.post('/api/message/RequestVerifyChannel', { id: bound.data.id, code: wrong })).code).toBe(1011);
    expect((await alice.post('/api/message/RequestVerifyChannel', { id: bound.data.id, code })).data).toEqual({ sent: false, verified: true });
    hook = { ...bound.data, verified: true };
    // The secret is stored sealed, never in the clear.
    const stored = await db.selectFrom('message_channels').select('config').where('id', '=', hook.id).executeTakeFirstOrThrow();
    expect(stored.config).not.toContain(WEBHOOK_SECRET);
  });

  it('a DingTalk robot with the wrong signing secret cannot be verified: the robot’s answer is shown (220)', async () => {
    const bound = await alice.post<Channel>('/api/message/BindChannel', {
      kind: 'dingtalk',
      webhook: 'https://oapi.dingtalk.com/robot/send?access_token=robottoken01',
      secret: 'SECwrongwrong',
    });
    const answer = await alice.post('/api/message/RequestVerifyChannel', { id: bound.data.id });
    expect(answer.code).toBe(220);
    expect(answer.data).toMatchObject({ reason: expect.stringMatching(/^DingTalk 310000: sign not match/) as unknown });
    expect((await alice.post('/api/message/CancelChannel', { id: bound.data.id })).code).toBe(200);
  });

  it('Telegram through the user’s bot is verified by the code in the chat', async () => {
    telegram = await bindAndVerify(alice, { kind: 'telegram', chat_id: '4242', bot_token: BOT }, () => String(tg.received.at(-1)?.json.text));
    expect(telegram.target).toBe('4242');
  });
});

describe('events × channels and the outbox', () => {
  it('SetEventChannel chooses, EventList shows it, UnsetEventChannel removes it; thresholds in range only', async () => {
    for (const channel of [hook, telegram]) expect((await alice.post('/api/message/SetEventChannel', { event: 'security_changed', channel_id: channel.id })).code).toBe(200);
    expect((await alice.post('/api/message/SetEventChannel', { event: 'miner_offline', channel_id: hook.id, threshold: 2 })).code).toBe(216);
    expect((await alice.post('/api/message/SetEventChannel', { event: 'miner_offline', channel_id: hook.id, threshold: 45 })).code).toBe(200);
    expect((await alice.post('/api/message/UnsetEventChannel', { event: 'miner_offline', channel_id: hook.id })).code).toBe(200);
    const list = await alice.get<EventSetting[]>('/api/message/EventList');
    expect(list.data.find((e) => e.event === 'security_changed')?.channel_ids).toEqual([hook.id, telegram.id]);
    expect(list.data.find((e) => e.event === 'miner_offline')).toMatchObject({ channel_ids: [], threshold: 45 });
  });

  it('an event writes one outbox row per chosen channel in the same transaction, in the user’s language; a rollback writes none', async () => {
    await db.updateTable('users').set({ language: 'ru' }).where('id', '=', aliceId).execute();
    await db
      .transaction()
      .execute(async (trx) => {
        await notify(trx, aliceId, { key: 'security_changed', subject: 'rolled-back', params: { change: 'password_changed', ip: '203.0.113.9' } });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    expect(await db.selectFrom('message_outbox').select('id').where('subject', '=', 'rolled-back').execute()).toEqual([]);
    await db.transaction().execute((trx) => notify(trx, aliceId, { key: 'security_changed', subject: 's1', params: { change: 'password_changed', ip: '203.0.113.9' } }));
    const rows = await db.selectFrom('message_outbox').select(['channel_id', 'title', 'body', 'status']).where('subject', '=', 's1').orderBy('channel_id').execute();
    expect(rows).toEqual([
      { channel_id: hook.id, title: 'Настройки безопасности изменены', body: expect.stringContaining('Ваш пароль изменён') as unknown, status: 'pending' },
      { channel_id: telegram.id, title: 'Настройки безопасности изменены', body: expect.stringContaining('203.0.113.9') as unknown, status: 'pending' },
    ]);
  });

  it('delivery sends each row through its channel; a failing webhook is retried later while Telegram is sent at once', async () => {
    rx.failWith(503);
    const first = await deliver();
    expect(first).toMatchObject({ sent: 1, retried: 1, dead: 0 });
    expect(String(tg.received.at(-1)?.json.text)).toContain('Настройки безопасности изменены');
    const failed = await db
      .selectFrom('message_outbox')
      .select(['status', 'attempts', 'last_error', 'next_attempt_at'])
      .where('channel_id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'webhook HTTP 503: {"error":"failing on purpose"}' });
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is tried.
    expect(await deliver()).toMatchObject({ sent: 0, retried: 0 });
    rx.failWith(undefined);
    await timePasses();
    expect(await deliver()).toMatchObject({ sent: 1 });
    const key = (await db.selectFrom('message_outbox').select('idempotency_key').where('channel_id', '=', hook.id).executeTakeFirstOrThrow()).idempotency_key;
    expect(rx.accepted.get(key)?.json).toMatchObject({ event: 'security_changed', title: 'Настройки безопасности изменены' });
  });

  it('after the last try a delivery is a dead letter; the back office lists it and retries it with the same idempotency key (audited)', async () => {
    rx.failWith(500);
    await db.transaction().execute((trx) => notify(trx, aliceId, { key: 'security_changed', subject: 's2', params: { change: 'google_bound', ip: '203.0.113.9' } }));
    await deliver(2);
    await timePasses();
    expect(await deliver(2)).toMatchObject({ dead: 1 });
    const list = await admin.get<{ list: { id: string; uid: string; status: string; attempts: number; kind: string }[]; total: number }>(
      '/api/admin/MessageDeliveryList?status=dead',
    );
    expect(list.data.total).toBe(1);
    const dead = list.data.list[0];
    expect(dead).toMatchObject({ uid: aliceUid, kind: 'webhook', status: 'dead', attempts: 2 });
    expect((await alice.get('/api/admin/MessageDeliveryList')).code).not.toBe(200);
    rx.failWith(undefined);
    expect((await admin.post('/api/admin/RetryMessageDelivery', { id: dead?.id })).code).toBe(200);
    expect((await admin.post('/api/admin/RetryMessageDelivery', { id: dead?.id })).code).toBe(216);
    // The retry kicks a delivery run of the app itself; whichever run takes the row sends it.
    const rowOf = () =>
      db
        .selectFrom('message_outbox')
        .select(['status', 'idempotency_key'])
        .where('id', '=', dead?.id ?? '')
        .executeTakeFirstOrThrow();
    for (let i = 0; i < 50 && (await rowOf()).status !== 'sent'; i++) {
      await deliver();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const row = await rowOf();
    expect(row.status).toBe('sent');
    expect(rx.accepted.get(row.idempotency_key)?.json.text).toContain('аутентификатор');
    const audit = await db.selectFrom('admin_audit').select(['action', 'target']).where('action', '=', 'RetryMessageDelivery').execute();
    expect(audit).toEqual([{ action: 'RetryMessageDelivery', target: `delivery:${dead?.id}` }]);
  });

  it('a permanent refusal (the chat is gone) is a dead letter at once, without waiting for the other tries', async () => {
    await alice.post('/api/message/SetEventChannel', { event: 'transfer_received', channel_id: telegram.id });
    await db.transaction().execute((trx) => notify(trx, aliceId, { key: 'transfer_received', subject: 't1', params: { amount: '1', unit: 'XCH', from: 'b***@example.com' } }));
    chats.length = 0;
    expect(await deliver()).toMatchObject({ dead: 1 });
    chats.push('4242');
    const row = await db.selectFrom('message_outbox').select(['status', 'attempts', 'last_error']).where('subject', '=', 't1').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'dead', attempts: 1, last_error: 'Telegram 400: Bad Request: chat not found' });
  });
});

describe('rate limits', () => {
  it('a DingTalk robot gets at most 20 a minute; the rest wait for the next minute instead of failing with 130101', async () => {
    const robot = await bindAndVerify(alice, { kind: 'dingtalk', webhook: 'https://oapi.dingtalk.com/robot/send?access_token=robottoken01', secret: DING_SECRET }, () =>
      String((ding.received.at(-1)?.json.text as { content: string }).content),
    );
    await alice.post('/api/message/SetEventChannel', { event: 'deposit_credited', channel_id: robot.id });
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 25; i++) await notify(trx, aliceId, { key: 'deposit_credited', subject: `d${i}`, params: { amount: String(i + 1), unit: 'XCH', txid: `tx${i}` } });
    });
    const before = ding.received.length;
    // The verification code already took one of this minute's 20.
    expect(await deliver()).toMatchObject({ sent: 19, deferred: 6 });
    expect(ding.received.length - before).toBe(19);
    expect(ding.received.slice(before).every((r) => r.json.msgtype === 'text')).toBe(true);
    const waiting = await db.selectFrom('message_outbox').select(['attempts', 'next_attempt_at']).where('channel_id', '=', robot.id).where('status', '=', 'pending').execute();
    expect(waiting.length).toBe(6);
    expect(waiting.every((w) => w.attempts === 0 && w.next_attempt_at.getTime() > Date.now() + 30_000)).toBe(true);
  });
});

describe('removal', () => {
  it('CancelChannel removes a channel with its choices and deliveries; the back office’s UbBindChannel removes one, audited', async () => {
    expect((await alice.post('/api/message/CancelChannel', { id: telegram.id })).code).toBe(200);
    expect((await alice.post('/api/message/CancelChannel', { id: telegram.id })).code).toBe(239);
    expect(await db.selectFrom('message_outbox').select('id').where('channel_id', '=', telegram.id).execute()).toEqual([]);
    expect((await admin.post('/api/admin/UbBindChannel', { uid: aliceUid, channel_id: hook.id })).code).toBe(200);
    const channels = await alice.get<Channel[]>('/api/message/ChannelList');
    expect(channels.data.map((c) => c.id)).not.toContain(hook.id);
    const audit = await db.selectFrom('admin_audit').select(['action', 'target', 'before']).where('action', '=', 'UbBindChannel').execute();
    expect(audit).toEqual([{ action: 'UbBindChannel', target: `user:${aliceUid}`, before: { channel: { id: hook.id, kind: 'webhook', name: 'Ops', target: `${rx.base}/hook` } } }]);
  });
});
