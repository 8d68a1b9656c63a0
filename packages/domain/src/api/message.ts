import { z } from 'zod';
import { EVENT_GROUPS, EVENT_KEYS, type EventKey } from '../events.ts';
import { pageOf, pagingQuery } from './envelope.ts';
import { codeField, emailField, msg, text } from './fields.ts';

/**
 * Message channels and event settings (issue 24; spec doc 1 §3 'Message tunnel', doc 2 §7
 * 'Message channels'): a user binds channels (Telegram, the DingTalk and Feishu robots with
 * their additional signature, a WeCom robot's keyed webhook, a generic signed webhook, e-mail,
 * SMS), verifies each with a code sent through it, and chooses which events each receives.
 * In-site messages are always written (the bell): they are not a channel to bind.
 */

export const CHANNEL_KINDS = ['telegram', 'dingtalk', 'feishu', 'wecom', 'webhook', 'email', 'sms'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** Channels a user may bind (spec: a user has a handful of tunnels, not hundreds). */
export const CHANNELS_PER_USER_MAX = 20;
export const CHANNEL_NAME_MAX = 40;
/** Codes sent to verify a channel: 6 digits, valid 10 minutes, 5 wrong tries. */
export const CHANNEL_CODE_MINUTES = 10;
export const CHANNEL_CODE_TRIES = 5;
/** One verification code a minute per channel. */
export const CHANNEL_CODE_INTERVAL_SECONDS = 60;
/** The generic webhook's replay window: a receiver refuses a timestamp further than this from its clock. */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;

/** Events with a threshold the user chooses: minutes offline, percent of capacity lost. */
export const EVENT_THRESHOLDS = {
  miner_offline: { min: 5, max: 1440, default: 30 },
  capacity_drop: { min: 5, max: 95, default: 30 },
} as const satisfies Partial<Record<EventKey, { min: number; max: number; default: number }>>;
export type ThresholdEvent = keyof typeof EVENT_THRESHOLDS;
export const isThresholdEvent = (event: string): event is ThresholdEvent => event in EVENT_THRESHOLDS;

const name = text()
  .trim()
  .max(CHANNEL_NAME_MAX, msg('OUT_OF_LENGTH_LIMIT'))
  .refine((v) => !/[\p{Cc}<>]/u.test(v), msg('INVALID_PARAMETER'))
  .default('');
const secret = text().trim().min(8, msg('INVALID_PARAMETER')).max(200, msg('OUT_OF_LENGTH_LIMIT'));
const webhookUrl = text()
  .trim()
  .max(1000, msg('OUT_OF_LENGTH_LIMIT'))
  .pipe(z.url({ protocol: /^https?$/, error: msg('INVALID_PARAMETER') }));

/** A robot's webhook as the chat tool shows it; the server keeps only the token/key from it and posts to the tool's own host. */
const robotUrl = (host: string, pick: (url: URL) => string | null) =>
  webhookUrl.refine((value) => {
    const url = new URL(value);
    const token = pick(url);
    return url.protocol === 'https:' && url.hostname === host && token !== null && /^[\w-]{8,128}$/.test(token);
  }, msg('INVALID_PARAMETER'));

export const DINGTALK_HOST = 'oapi.dingtalk.com';
export const FEISHU_HOSTS = ['open.feishu.cn', 'open.larksuite.com'] as const;
export const WECOM_HOST = 'qyapi.weixin.qq.com';

export const dingtalkToken = (url: URL): string | null => (url.pathname === '/robot/send' ? url.searchParams.get('access_token') : null);
export const feishuHook = (url: URL): string | null => /^\/open-apis\/bot\/v2\/hook\/([\w-]+)$/.exec(url.pathname)?.[1] ?? null;
export const wecomKey = (url: URL): string | null => (url.pathname === '/cgi-bin/webhook/send' ? url.searchParams.get('key') : null);

/** POST /api/message/BindChannel: the channel's kind and what it needs; answered with the new (unverified) channel. */
export const bindChannelBody = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('telegram'),
      name,
      /** A user's id (digits, negative for groups) or a public channel's @name. */
      chat_id: text()
        .trim()
        .regex(/^(-?\d{1,20}|@[A-Za-z]\w{4,31})$/, msg('INVALID_PARAMETER')),
      /** The user's own bot; empty: the platform's bot (the one of Telegram sign-in). */
      bot_token: text()
        .trim()
        .regex(/^(\d{3,20}:[\w-]{30,64})?$/, msg('INVALID_PARAMETER'))
        .default(''),
    }),
    z.object({ kind: z.literal('dingtalk'), name, webhook: robotUrl(DINGTALK_HOST, dingtalkToken), secret: secret.regex(/^SEC\w+$/, msg('INVALID_PARAMETER')) }),
    z.object({
      kind: z.literal('feishu'),
      name,
      webhook: webhookUrl.refine((value) => {
        const url = new URL(value);
        return url.protocol === 'https:' && (FEISHU_HOSTS as readonly string[]).includes(url.hostname) && feishuHook(url) !== null;
      }, msg('INVALID_PARAMETER')),
      secret,
    }),
    z.object({ kind: z.literal('wecom'), name, webhook: robotUrl(WECOM_HOST, wecomKey) }),
    z.object({ kind: z.literal('webhook'), name, url: webhookUrl, secret: secret.min(16, msg('INVALID_PARAMETER')) }),
    z.object({ kind: z.literal('email'), name, email: emailField }),
    z.object({
      kind: z.literal('sms'),
      name,
      phone: text()
        .transform((v) => v.replace(/[\s-]/g, ''))
        .pipe(text().regex(/^\+[1-9]\d{6,14}$/, msg('PHONE_FORMAT'))),
    }),
  ],
  { error: msg('INVALID_PARAMETER') },
);
export type BindChannelBody = z.infer<typeof bindChannelBody>;

export const channelIdField = text().regex(/^[1-9]\d{0,17}$/, msg('INVALID_PARAMETER'));

export const channelSchema = z.object({
  id: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  /** Where it sends, masked (a chat id, a robot's host, a webhook's host, a masked e-mail or phone). */
  target: z.string(),
  verified: z.boolean(),
  /** Seconds (Unix) of the binding. */
  created_at: z.number().int(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelListSchema = z.array(channelSchema);

export const eventSettingSchema = z.object({
  event: z.enum(EVENT_KEYS as [EventKey, ...EventKey[]]),
  group: z.enum(EVENT_GROUPS),
  /** The user's channels this event is sent to (in-site messages always are). */
  channel_ids: z.array(z.string()),
  /** Minutes offline or percent of capacity lost, for the events that have one. */
  threshold: z.number().int().nullable(),
});
export type EventSetting = z.infer<typeof eventSettingSchema>;
export const eventListSchema = z.array(eventSettingSchema);

const eventField = z.enum(EVENT_KEYS as [EventKey, ...EventKey[]], { error: msg('INVALID_PARAMETER') });

/** POST /api/message/SetEventChannel: sends `event` to the channel (verified: 239 otherwise); a threshold for the events that have one. */
export const setEventChannelBody = z.object({ event: eventField, channel_id: channelIdField, threshold: z.number().int().optional() }).refine((b) => {
  if (b.threshold === undefined) return true;
  if (!isThresholdEvent(b.event)) return false;
  const range = EVENT_THRESHOLDS[b.event];
  return b.threshold >= range.min && b.threshold <= range.max;
}, msg('INVALID_PARAMETER'));
export const unsetEventChannelBody = z.object({ event: eventField, channel_id: channelIdField });
export const cancelChannelBody = z.object({ id: channelIdField });
/** Without `code`: sends a code through the channel. With it: checks it; a right code makes the channel usable. */
export const requestVerifyChannelBody = z.object({ id: channelIdField, code: codeField.optional() });
export const requestVerifyChannelResult = z.object({ sent: z.boolean(), verified: z.boolean() });

// --- back office: the delivery list ---

export const DELIVERY_STATUSES = ['pending', 'sent', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveryListQuery = pagingQuery.extend({ status: z.enum(['all', ...DELIVERY_STATUSES], { error: msg('INVALID_PARAMETER') }).default('dead') });
export const deliverySchema = z.object({
  id: z.string(),
  uid: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  channel: z.string(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string(),
  created_at: z.number().int(),
  sent_at: z.number().int().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryPage = pageOf(deliverySchema);
export const retryDeliveryBody = z.object({ id: channelIdField });
