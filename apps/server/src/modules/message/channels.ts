import { createHmac } from 'node:crypto';
import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { ChannelKind } from '@platter/domain';
import type { SmsSender } from '../messaging/sms.ts';

/**
 * The message channels' adapters (issue 24): each turns one message into the request its
 * service documents and reads the service's answer into "sent", "try again (after …)" or
 * "never will work" (a wrong signature, a removed robot, a chat that does not exist).
 *
 * - Telegram: Bot API `sendMessage`; `{ok:false, error_code, description, parameters.retry_after}`.
 * - DingTalk robot with the additional signature: `timestamp` (ms) and
 *   `sign = urlencode(base64(HMAC-SHA256(secret, "<timestamp>\n<secret>")))` in the query;
 *   `{errcode, errmsg}` (130101: more than 20 a minute; 310000: signature mismatch).
 * - Feishu robot with signature: `timestamp` (s) and `sign = base64(HMAC-SHA256(key =
 *   "<timestamp>\n<secret>", message = ""))` in the body; `{code, msg}` (19021: signature).
 * - WeCom robot: the webhook's `key` is the secret; `{errcode, errmsg}` (45009: too frequent).
 * - Generic webhook: JSON body, `X-Platter-Timestamp` (s), `X-Platter-Signature: sha256=<hex
 *   HMAC-SHA256(secret, "<timestamp>.<body>")>`, `Idempotency-Key` (the same on every try of a
 *   delivery); 2xx is sent, 408/425/429/5xx try again, other answers never will work.
 * - E-mail through the platform's SMTP, SMS through its gateway.
 */

export type ChannelConfig =
  | { kind: 'telegram'; chat_id: string; bot_token: string }
  | { kind: 'dingtalk'; token: string; secret: string }
  | { kind: 'feishu'; host: string; hook: string; secret: string }
  | { kind: 'wecom'; key: string }
  | { kind: 'webhook'; url: string; secret: string }
  | { kind: 'email'; email: string }
  | { kind: 'sms'; phone: string };

export interface ChannelMessage {
  title: string;
  text: string;
  event: string;
  /** The same on every try of one delivery: a receiver drops what it has seen. */
  idempotencyKey: string;
}

/** A failed send: `permanent` when trying again cannot help; `retryAfterMs` when the service said when. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Sends allowed per channel per minute (DingTalk's robot: 20; WeCom's: 20; Telegram to one chat: 20; Feishu's: 100). */
export const RATE_PER_MINUTE: Record<ChannelKind, number> = { telegram: 20, dingtalk: 20, feishu: 100, wecom: 20, webhook: 60, email: 30, sms: 10 };

export function dingtalkSign(timestampMs: string, secret: string): string {
  return encodeURIComponent(createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64'));
}

export function feishuSign(timestampS: string, secret: string): string {
  return createHmac('sha256', `${timestampS}\n${secret}`).update('').digest('base64');
}

export function webhookSignature(secret: string, timestampS: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex')}`;
}

/** Where the adapters post: the services' own hosts, or loopback doubles in tests. */
export interface ChannelBases {
  telegram: string;
  dingtalk: string;
  /** Undefined: the host of the user's Feishu/Lark webhook. */
  feishu?: string | undefined;
  wecom: string;
}

export const OFFICIAL_BASES: ChannelBases = { telegram: 'https://api.telegram.org', dingtalk: 'https://oapi.dingtalk.com', wecom: 'https://qyapi.weixin.qq.com' };

export interface ChannelSenderOptions {
  bases?: Partial<ChannelBases>;
  /** The platform's bot (Telegram sign-in's), for Telegram channels bound without their own. */
  platformBotToken?: string | undefined;
  mail?: ((to: string, subject: string, text: string) => Promise<void>) | undefined;
  sms?: SmsSender | undefined;
  /** Generic webhooks to loopback and private addresses (tests, a trusted intranet); off in production. */
  allowPrivateWebhooks?: boolean;
  fetch?: typeof fetch;
  /** The resolver of webhook hosts (tests: one that changes its answer between two look-ups). */
  resolve?: typeof dns.lookup;
  /** The addresses a webhook may not reach (default: loopback, private, link-local, multicast; tests narrow it). */
  blockedAddresses?: BlockList;
  now?: () => number;
  timeoutMs?: number;
}

export type ChannelSender = (config: ChannelConfig, message: ChannelMessage) => Promise<void>;

const TELEGRAM_MAX = 4096;
const WECOM_MAX_BYTES = 2048;

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Loopback, private, link-local, multicast and unspecified addresses (IPv4-mapped IPv6 ones checked as IPv4 by BlockList). */
const isIn = (blocked: BlockList, address: string) => blocked.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

const PRIVATE_TARGET = 'the webhook points to a private address';

/**
 * A look-up for the connection itself that refuses a host resolving to a private address: the
 * address checked is the address connected to, so a DNS answer that changes after a first check
 * (DNS rebinding) cannot reach a private network.
 */
function guardedLookup(resolve: typeof dns.lookup, blocked: BlockList): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      const addresses = found as unknown as LookupAddress[];
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || addresses.some((a) => isIn(blocked, a.address))) return callback(new Error(PRIVATE_TARGET), '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Cuts text to a number of UTF-8 bytes without splitting a character. */
function cutBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch + '…') > max) break;
    out += ch;
  }
  return `${out}…`;
}

const plain = (m: ChannelMessage) => `${m.title}\n\n${m.text}`;

export function channelSender(options: ChannelSenderOptions = {}): ChannelSender {
  const bases = { ...OFFICIAL_BASES, ...options.bases };
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function post(url: string, body: string, headers: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new DeliveryError(`unreachable: ${(error as Error).message}`, false);
    }
    const raw = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = JSON.parse(raw);
    } catch {
      // not JSON: the status decides
    }
    return { status: response.status, json: json as Record<string, unknown> | null, raw, retryAfter: response.headers.get('retry-after') };
  }

  /**
   * A webhook's POST over node:http(s) with the guarded look-up (fetch offers no hook on the
   * address it connects to); an IP literal is checked as it is (no look-up happens).
   */
  function guardedPost(url: string, body: string, headers: Record<string, string>) {
    const blocked = options.blockedAddresses ?? PRIVATE;
    const target = new URL(url);
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && isIn(blocked, literal)) throw new DeliveryError(PRIVATE_TARGET, true);
    const request = target.protocol === 'https:' ? https.request : http.request;
    return new Promise<{ status: number; json: Record<string, unknown> | null; raw: string; retryAfter: string | null }>((done, fail) => {
      const req = request(
        target,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers },
          lookup: guardedLookup(options.resolve ?? dns.lookup, blocked),
          timeout: timeoutMs,
        },
        (res) => {
          let raw = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (raw += chunk));
          res.on('error', () => done({ status: res.statusCode ?? 0, json: null, raw, retryAfter: null }));
          res.on('end', () => {
            let json: Record<string, unknown> | null = null;
            try {
              json = JSON.parse(raw) as Record<string, unknown>;
            } catch {
              // not JSON: the status decides
            }
            const retryAfter = res.headers['retry-after'];
            done({ status: res.statusCode ?? 0, json, raw, retryAfter: typeof retryAfter === 'string' ? retryAfter : null });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      req.on('error', (error) => fail(error.message === PRIVATE_TARGET ? new DeliveryError(PRIVATE_TARGET, true) : new DeliveryError(`unreachable: ${error.message}`, false)));
      req.end(body);
    });
  }

  const senders: { [K in ChannelKind]: (config: Extract<ChannelConfig, { kind: K }>, message: ChannelMessage) => Promise<void> } = {
    async telegram(config, message) {
      const token = config.bot_token || options.platformBotToken;
      if (!token) throw new DeliveryError('no Telegram bot is configured', true);
      const text = plain(message);
      const answer = await post(
        `${bases.telegram}/bot${token}/sendMessage`,
        JSON.stringify({ chat_id: config.chat_id, text: text.length > TELEGRAM_MAX ? `${text.slice(0, TELEGRAM_MAX - 1)}…` : text, link_preview_options: { is_disabled: true } }),
      );
      const json = answer.json as { ok?: boolean; error_code?: number; description?: string; parameters?: { retry_after?: number } } | null;
      if (json?.ok === true) return;
      const code = json?.error_code ?? answer.status;
      const description = `Telegram ${code}: ${json?.description ?? answer.raw.slice(0, 200)}`;
      if (code === 429) throw new DeliveryError(description, false, (json?.parameters?.retry_after ?? 30) * 1000);
      // 400 chat not found, 401 bad token, 403 blocked by the user / kicked: trying again cannot help.
      throw new DeliveryError(description, code === 400 || code === 401 || code === 403 || code === 404);
    },

    async dingtalk(config, message) {
      const timestamp = String(now());
      const url = `${bases.dingtalk}/robot/send?access_token=${encodeURIComponent(config.token)}&timestamp=${timestamp}&sign=${dingtalkSign(timestamp, config.secret)}`;
      const answer = await post(url, JSON.stringify({ msgtype: 'text', text: { content: plain(message) } }));
      const json = answer.json as { errcode?: number; errmsg?: string } | null;
      if (answer.status === 200 && json?.errcode === 0) return;
      if (!json || json.errcode === undefined) throw new DeliveryError(`DingTalk HTTP ${answer.status}`, false);
      const description = `DingTalk ${json.errcode}: ${json.errmsg ?? ''}`;
      // 130101: more than 20 a minute — the robot is throttled for ten minutes.
      if (json.errcode === 130101) throw new DeliveryError(description, false, 10 * 60_000);
      // -1: busy. 310000 (signature, keyword, IP), 300001 (no such token), 400102 (robot stopped): permanent.
      throw new DeliveryError(description, json.errcode !== -1);
    },

    async feishu(config, message) {
      const timestamp = String(Math.floor(now() / 1000));
      const base = bases.feishu ?? `https://${config.host}`;
      const answer = await post(
        `${base}/open-apis/bot/v2/hook/${encodeURIComponent(config.hook)}`,
        JSON.stringify({ timestamp, sign: feishuSign(timestamp, config.secret), msg_type: 'text', content: { text: plain(message) } }),
      );
      const json = answer.json as { code?: number; msg?: string; StatusCode?: number } | null;
      if (answer.status === 200 && (json?.code === 0 || json?.StatusCode === 0)) return;
      if (!json || json.code === undefined) throw new DeliveryError(`Feishu HTTP ${answer.status}`, answer.status >= 400 && answer.status < 500 && answer.status !== 429);
      const description = `Feishu ${json.code}: ${json.msg ?? ''}`;
      // 11232: frequency limited.
      if (json.code === 11232 || answer.status === 429) throw new DeliveryError(description, false, 60_000);
      throw new DeliveryError(description, true);
    },

    async wecom(config, message) {
      const answer = await post(
        `${bases.wecom}/cgi-bin/webhook/send?key=${encodeURIComponent(config.key)}`,
        JSON.stringify({ msgtype: 'text', text: { content: cutBytes(plain(message), WECOM_MAX_BYTES) } }),
      );
      const json = answer.json as { errcode?: number; errmsg?: string } | null;
      if (answer.status === 200 && json?.errcode === 0) return;
      if (!json || json.errcode === undefined) throw new DeliveryError(`WeCom HTTP ${answer.status}`, false);
      const description = `WeCom ${json.errcode}: ${json.errmsg ?? ''}`;
      if (json.errcode === 45009) throw new DeliveryError(description, false, 60_000);
      // -1: busy. 93000 (invalid webhook url), 93004 (robot removed), 40008 (bad message type): permanent.
      throw new DeliveryError(description, json.errcode !== -1);
    },

    async webhook(config, message) {
      const timestamp = String(Math.floor(now() / 1000));
      const body = JSON.stringify({ id: message.idempotencyKey, event: message.event, title: message.title, text: message.text, timestamp: Number(timestamp) });
      const headers = {
        'x-platter-timestamp': timestamp,
        'x-platter-signature': webhookSignature(config.secret, timestamp, body),
        'idempotency-key': message.idempotencyKey,
      };
      // Private targets refused on the address actually connected to (not on an earlier look-up).
      const answer = options.allowPrivateWebhooks ? await post(config.url, body, headers) : await guardedPost(config.url, body, headers);
      if (answer.status >= 200 && answer.status < 300) return;
      const description = `webhook HTTP ${answer.status}: ${answer.raw.slice(0, 200)}`;
      const retryAfter = answer.retryAfter && /^\d+$/.test(answer.retryAfter) ? Number(answer.retryAfter) * 1000 : undefined;
      const again = answer.status === 408 || answer.status === 425 || answer.status === 429 || answer.status >= 500;
      throw new DeliveryError(description, !again, retryAfter);
    },

    async email(config, message) {
      if (!options.mail) throw new DeliveryError('e-mail is not configured', false);
      try {
        await options.mail(config.email, message.title, message.text);
      } catch (error) {
        throw new DeliveryError(`SMTP: ${(error as Error).message}`, false);
      }
    },

    async sms(config, message) {
      if (!options.sms) throw new DeliveryError('SMS is not configured', false);
      try {
        await options.sms.send(config.phone, plain(message));
      } catch (error) {
        throw new DeliveryError(`SMS gateway: ${(error as Error).message}`, false);
      }
    },
  };

  return (config, message) => (senders[config.kind] as (c: ChannelConfig, m: ChannelMessage) => Promise<void>)(config, message);
}
