import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type dns from 'node:dns';
import { createServer } from 'node:http';
import { BlockList } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { dingtalkDouble, feishuDouble, telegramDouble, webhookReceiver, wecomDouble } from '../../../test/channel-doubles.ts';
import { testMailServer } from '../../../test/mail.ts';
import { smtpMailer } from '../messaging/mailer.ts';
import { httpGatewaySms } from '../messaging/sms.ts';
import { channelSender, DeliveryError, dingtalkSign, feishuSign, webhookSignature, type ChannelMessage } from './channels.ts';

/**
 * The channel adapters against loopback servers that play each service (test/channel-doubles.ts)
 * and check its documented signature recipe; the recipes themselves against the worked examples
 * of the research file.
 */

const vectors = JSON.parse(readFileSync('/work/shared/research/message_channel_signing_vectors.json', 'utf8')) as {
  vectors: {
    id: string;
    timestamp_ms?: string;
    timestamp_s?: string;
    secret: string;
    expected_urlencoded?: string;
    expected_sign?: string;
    common_wrong_variant_key_is_secret?: string;
  }[];
};

const message = (over: Partial<ChannelMessage> = {}): ChannelMessage => ({
  title: 'Miner offline',
  text: 'Your miner m1 has sent nothing for 30 minutes.',
  event: 'miner_offline',
  idempotencyKey: '6f1c1d8e-0000-4000-8000-000000000001',
  ...over,
});

async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('signature recipes against the worked examples', () => {
  it('DingTalk: url-encoded base64 HMAC-SHA256 keyed by the secret over "timestamp\\nsecret"', () => {
    const robot = vectors.vectors.filter((v) => v.id.startsWith('dingtalk-robot-'));
    expect(robot.length).toBe(3);
    for (const v of robot) expect(dingtalkSign(v.timestamp_ms ?? '', v.secret)).toBe(v.expected_urlencoded);
  });

  it('Feishu: base64 HMAC-SHA256 keyed by "timestamp\\nsecret" over nothing (not the common wrong variant)', () => {
    const feishu = vectors.vectors.filter((v) => v.id.startsWith('feishu-bot-'));
    expect(feishu.length).toBe(2);
    for (const v of feishu) {
      expect(feishuSign(v.timestamp_s ?? '', v.secret)).toBe(v.expected_sign);
      expect(feishuSign(v.timestamp_s ?? '', v.secret)).not.toBe(v.common_wrong_variant_key_is_secret);
    }
  });

  it('the webhook signature is HMAC-SHA256 hex over "timestamp.body"', () => {
    const expected = createHmac('sha256', 'k'.repeat(16)).update('1700000000.{"a":1}').digest('hex');
    expect(webhookSignature('k'.repeat(16), '1700000000', '{"a":1}')).toBe(`sha256=${expected}`);
  });
});

describe('Telegram', async () => {
  const token = '123456:AAH-telegram-token-telegram-token-xx';
  const tg = await telegramDouble({ tokens: [token, '999:platform-bot-platform-bot-platform-bot'], chats: ['4242', '@platter_alerts'] });
  afterAll(() => tg.close());
  const sender = channelSender({ bases: { telegram: tg.base }, platformBotToken: '999:platform-bot-platform-bot-platform-bot' });

  it('sends title and text with sendMessage to the chat, with the user’s bot or the platform’s', async () => {
    await sender({ kind: 'telegram', chat_id: '4242', bot_token: token }, message());
    await sender({ kind: 'telegram', chat_id: '@platter_alerts', bot_token: '' }, message());
    expect(tg.received.map((r) => r.path)).toEqual([`/bot${token}/sendMessage`, '/bot999:platform-bot-platform-bot-platform-bot/sendMessage']);
    expect(tg.received[0]?.json).toMatchObject({ chat_id: '4242', text: 'Miner offline\n\nYour miner m1 has sent nothing for 30 minutes.' });
  });

  it('a chat that does not exist or a wrong token is permanent; 429 is retried after the retry_after it names', async () => {
    expect((await failure(sender({ kind: 'telegram', chat_id: '777', bot_token: token }, message()))).permanent).toBe(true);
    const bad = await failure(sender({ kind: 'telegram', chat_id: '4242', bot_token: '1:wrong-wrong-wrong-wrong-wrong-wrong' }, message()));
    expect([bad.permanent, bad.message]).toEqual([true, 'Telegram 401: Unauthorized']);
    tg.flood(1);
    const flood = await failure(sender({ kind: 'telegram', chat_id: '4242', bot_token: token }, message()));
    expect([flood.permanent, flood.retryAfterMs]).toEqual([false, 7000]);
  });

  it('a text over 4096 characters is cut, not refused', async () => {
    await sender({ kind: 'telegram', chat_id: '4242', bot_token: token }, message({ text: 'x'.repeat(5000) }));
    expect((tg.received.at(-1)?.json.text as string).length).toBe(4096);
  });
});

describe('DingTalk robot with the additional signature', async () => {
  let clock = Date.UTC(2026, 10, 26, 12, 0, 0);
  const secret = 'SECb6a0f5b7a1e1c8d9f0a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5';
  const dt = await dingtalkDouble({ robots: { robottoken01: secret }, now: () => clock });
  afterAll(() => dt.close());

  it('posts a text message signed with timestamp and sign in the query, which the robot accepts', async () => {
    const sender = channelSender({ bases: { dingtalk: dt.base }, now: () => clock });
    await sender({ kind: 'dingtalk', token: 'robottoken01', secret }, message());
    const sent = dt.received.at(-1);
    expect(sent?.query.get('timestamp')).toBe(String(clock));
    expect(sent?.json).toEqual({ msgtype: 'text', text: { content: 'Miner offline\n\nYour miner m1 has sent nothing for 30 minutes.' } });
  });

  it('a wrong secret, a clock an hour off or an unknown token are permanent (310000, 300001)', async () => {
    const wrong = await failure(channelSender({ bases: { dingtalk: dt.base }, now: () => clock })({ kind: 'dingtalk', token: 'robottoken01', secret: 'SECwrong' }, message()));
    expect([wrong.permanent, wrong.message.startsWith('DingTalk 310000: sign not match')]).toEqual([true, true]);
    const late = await failure(channelSender({ bases: { dingtalk: dt.base }, now: () => clock - 3601_000 })({ kind: 'dingtalk', token: 'robottoken01', secret }, message()));
    expect(late.message).toMatch(/^DingTalk 310000/);
    const unknown = await failure(channelSender({ bases: { dingtalk: dt.base }, now: () => clock })({ kind: 'dingtalk', token: 'nosuchrobot', secret }, message()));
    expect([unknown.permanent, unknown.message]).toEqual([true, 'DingTalk 300001: token is not exist']);
  });

  it('the 21st message in a minute gets 130101 and is retried later, not dropped', async () => {
    clock += 120_000;
    const sender = channelSender({ bases: { dingtalk: dt.base }, now: () => clock });
    for (let i = 0; i < 20; i++) await sender({ kind: 'dingtalk', token: 'robottoken01', secret }, message());
    const over = await failure(sender({ kind: 'dingtalk', token: 'robottoken01', secret }, message()));
    expect([over.permanent, over.message, over.retryAfterMs]).toEqual([false, 'DingTalk 130101: send too fast, exceed 20 times per minute', 600_000]);
    clock += 61_000;
    await sender({ kind: 'dingtalk', token: 'robottoken01', secret }, message());
  });
});

describe('Feishu robot with signature', async () => {
  const clock = 1_700_000_000_000;
  const fs = await feishuDouble({ hooks: { 'b1c2d3e4-hook': 'this is secret' }, now: () => clock });
  afterAll(() => fs.close());

  it('puts timestamp (seconds) and sign in the body; the worked example’s sign is what arrives', async () => {
    await channelSender({ bases: { feishu: fs.base }, now: () => clock })({ kind: 'feishu', host: 'open.feishu.cn', hook: 'b1c2d3e4-hook', secret: 'this is secret' }, message());
    expect(fs.received.at(-1)?.json).toMatchObject({ timestamp: '1700000000', sign: 'OfGzRzoUICBOoc8wVra1e4A1hPfbZ9zqXozA8CWVUuY=', msg_type: 'text' });
  });

  it('a wrong secret is 19021, permanent', async () => {
    const error = await failure(
      channelSender({ bases: { feishu: fs.base }, now: () => clock })({ kind: 'feishu', host: 'open.feishu.cn', hook: 'b1c2d3e4-hook', secret: 'other secret' }, message()),
    );
    expect([error.permanent, error.message]).toEqual([true, 'Feishu 19021: sign match fail or timestamp is not within one hour from current time']);
  });
});

describe('WeCom robot', async () => {
  const wc = await wecomDouble({ keys: ['693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa'] });
  afterAll(() => wc.close());
  const sender = channelSender({ bases: { wecom: wc.base } });

  it('posts to the keyed webhook; a long text is cut to 2048 bytes of UTF-8', async () => {
    await sender({ kind: 'wecom', key: '693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa' }, message({ text: '礦'.repeat(1000) }));
    const content = (wc.received.at(-1)?.json.text as { content: string }).content;
    expect(Buffer.byteLength(content)).toBeLessThanOrEqual(2048);
    expect(content.endsWith('…')).toBe(true);
  });

  it('a removed key is 93000, permanent', async () => {
    const error = await failure(sender({ kind: 'wecom', key: 'gone' }, message()));
    expect([error.permanent, error.message.startsWith('WeCom 93000: invalid webhook url')]).toEqual([true, true]);
  });
});

describe('generic webhook', async () => {
  const secret = 'whsec-0123456789abcdef';
  let clock = Date.now();
  const rx = await webhookReceiver({ secret, now: () => clock });
  afterAll(() => rx.close());
  const sender = channelSender({ allowPrivateWebhooks: true, now: () => clock });

  it('signs timestamp and body; the receiver accepts it and keys it by the idempotency key', async () => {
    await sender({ kind: 'webhook', url: `${rx.base}/hooks/platter`, secret }, message());
    await sender({ kind: 'webhook', url: `${rx.base}/hooks/platter`, secret }, message());
    expect(rx.received.length).toBe(2);
    expect([...rx.accepted.keys()]).toEqual(['6f1c1d8e-0000-4000-8000-000000000001']);
    expect(rx.received[0]?.json).toMatchObject({ id: '6f1c1d8e-0000-4000-8000-000000000001', event: 'miner_offline', title: 'Miner offline' });
  });

  it('a wrong secret and a timestamp outside the replay window are refused by the receiver (401, permanent)', async () => {
    expect((await failure(sender({ kind: 'webhook', url: rx.base, secret: 'wrong-secret-0123456' }, message()))).permanent).toBe(true);
    const old = channelSender({ allowPrivateWebhooks: true, now: () => clock - 301_000 });
    const error = await failure(old({ kind: 'webhook', url: rx.base, secret }, message({ idempotencyKey: '6f1c1d8e-0000-4000-8000-000000000002' })));
    expect(error.message).toBe('webhook HTTP 401: {"error":"outside the replay window"}');
    expect(rx.accepted.has('6f1c1d8e-0000-4000-8000-000000000002')).toBe(false);
  });

  it('5xx and 429 are retried (with Retry-After), other 4xx are permanent', async () => {
    rx.failWith(503);
    expect((await failure(sender({ kind: 'webhook', url: rx.base, secret }, message()))).permanent).toBe(false);
    rx.failWith(404);
    expect((await failure(sender({ kind: 'webhook', url: rx.base, secret }, message()))).permanent).toBe(true);
    rx.failWith(undefined);
    clock += 1;
  });

  it('refuses loopback and private addresses unless allowed, on the address it connects to', async () => {
    const refused = [true, 'the webhook points to a private address'];
    const guarded = channelSender({ now: () => clock });
    // IP literals: no look-up happens, the address is checked as it is.
    for (const url of ['http://127.0.0.1:9/x', 'http://[::1]/x', 'http://192.168.1.10/x', 'http://[::ffff:10.0.0.1]/x', `${rx.base}/x`]) {
      const error = await failure(guarded({ kind: 'webhook', url, secret }, message()));
      expect([error.permanent, error.message], url).toEqual(refused);
    }
    // A name: the look-up made for the connection is the one checked, so an answer that changes
    // after an earlier check (DNS rebinding) cannot reach the private address.
    const port = new URL(rx.base).port;
    let lookups = 0;
    const resolveTo = (...addresses: string[]) =>
      ((_host: string, _options: unknown, callback: (error: Error | null, found: { address: string; family: number }[]) => void) => {
        lookups++;
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
      }) as unknown as typeof dns.lookup;
    const before = rx.received.length;
    for (const answer of [['127.0.0.1'], ['93.184.215.14', '10.1.2.3']]) {
      lookups = 0;
      const error = await failure(
        channelSender({ now: () => clock, resolve: resolveTo(...answer) })({ kind: 'webhook', url: `http://hooks.example.test:${port}/x`, secret }, message()),
      );
      expect([error.permanent, error.message], answer.join()).toEqual(refused);
      expect(lookups).toBe(1);
    }
    expect(rx.received.length).toBe(before);
    // The same guarded path delivers where the address is allowed (here: a list without loopback), signed and keyed.
    const narrow = new BlockList();
    narrow.addSubnet('10.0.0.0', 8, 'ipv4');
    const allowed = channelSender({ now: () => clock, resolve: resolveTo('127.0.0.1'), blockedAddresses: narrow });
    await allowed({ kind: 'webhook', url: `http://hooks.example.test:${port}/hooks/platter`, secret }, message({ idempotencyKey: '6f1c1d8e-0000-4000-8000-000000000003' }));
    expect(rx.accepted.get('6f1c1d8e-0000-4000-8000-000000000003')?.json).toMatchObject({ event: 'miner_offline', title: 'Miner offline' });
    rx.failWith(503);
    expect((await failure(allowed({ kind: 'webhook', url: `http://hooks.example.test:${port}/x`, secret }, message()))).permanent).toBe(false);
    rx.failWith(404);
    expect((await failure(allowed({ kind: 'webhook', url: `http://hooks.example.test:${port}/x`, secret }, message()))).permanent).toBe(true);
    rx.failWith(undefined);
  });
});

describe('e-mail and SMS', async () => {
  const mail = await testMailServer();
  const mailer = smtpMailer(mail.url, 'Platter <noreply@platter.test>');
  afterAll(() => mailer.close());
  const texts: { to: string; text: string }[] = [];
  const gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.headers.authorization !== 'Bearer gw-token') return void res.writeHead(401).end();
      texts.push(JSON.parse(body) as { to: string; text: string });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));
  const port = (gateway.address() as { port: number }).port;

  it('e-mail goes through the platform’s SMTP with the title as subject', async () => {
    const sender = channelSender({ mail: (to, subject, text) => mailer.send({ to, subject, text, html: '' }) });
    await sender({ kind: 'email', email: 'miner@example.com' }, message());
    const got = mail.last('miner@example.com');
    expect(got.subject).toBe('Miner offline');
    expect(got.text).toContain('has sent nothing for 30 minutes');
  });

  it('SMS goes through the gateway; a gateway refusal is retried', async () => {
    await channelSender({ sms: httpGatewaySms(`http://127.0.0.1:${port}/send`, 'gw-token') })({ kind: 'sms', phone: '+15550100200' }, message());
    expect(texts).toEqual([{ to: '+15550100200', text: 'Miner offline\n\nYour miner m1 has sent nothing for 30 minutes.' }]);
    const error = await failure(channelSender({ sms: httpGatewaySms(`http://127.0.0.1:${port}/send`, 'wrong') })({ kind: 'sms', phone: '+15550100200' }, message()));
    expect([error.permanent, error.message]).toEqual([false, 'SMS gateway: SMS gateway answered HTTP 401']);
  });
});
