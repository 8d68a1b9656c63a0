import { randomInt, randomUUID } from 'node:crypto';
import {
  AppError,
  CHANNEL_CODE_INTERVAL_SECONDS,
  CHANNEL_CODE_MINUTES,
  CHANNEL_CODE_TRIES,
  CHANNELS_PER_USER_MAX,
  dingtalkToken,
  EVENT_KEYS,
  EVENT_THRESHOLDS,
  eventCatalogue,
  feishuHook,
  isThresholdEvent,
  maskEmail,
  wecomKey,
  type BindChannelBody,
  type Channel,
  type Delivery,
  type DeliveryStatus,
  type EventKey,
  type EventSetting,
  type Lang,
} from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { adminUsersRepository } from '../admin/users.repository.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';
import { keyedHash } from '../security/secret-box.ts';
import { DeliveryError, type ChannelConfig, type ChannelSender } from './channels.ts';
import { messageRepository as repo } from './message.repository.ts';
import { channelBox } from './sealed.ts';
import { verificationText } from './texts.ts';

/**
 * Message channels (issue 24): binding, the verification code sent through the channel itself
 * (a channel receives events only once its code was entered), the events × channels choices,
 * removal by the user or by the back office (audited), and the back office's delivery list.
 * Channel settings and secrets are sealed with the secret box; only the masked target is shown.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const tail = (value: string) => `…${value.slice(-4)}`;

export interface MessageServiceDeps {
  db: Db;
  secret: string;
  send: ChannelSender;
  /** A Telegram bot is configured for the platform (channels may leave their own token empty). */
  platformBot: boolean;
}

/** The settings kept (sealed) and the masked target shown for a binding. */
export function configOf(body: BindChannelBody): { config: ChannelConfig; target: string } {
  switch (body.kind) {
    case 'telegram':
      return { config: { kind: 'telegram', chat_id: body.chat_id, bot_token: body.bot_token }, target: body.chat_id };
    case 'dingtalk': {
      const token = dingtalkToken(new URL(body.webhook)) ?? '';
      return { config: { kind: 'dingtalk', token, secret: body.secret }, target: `oapi.dingtalk.com ${tail(token)}` };
    }
    case 'feishu': {
      const url = new URL(body.webhook);
      const hook = feishuHook(url) ?? '';
      return { config: { kind: 'feishu', host: url.hostname, hook, secret: body.secret }, target: `${url.hostname} ${tail(hook)}` };
    }
    case 'wecom': {
      const key = wecomKey(new URL(body.webhook)) ?? '';
      return { config: { kind: 'wecom', key }, target: `qyapi.weixin.qq.com ${tail(key)}` };
    }
    case 'webhook': {
      const url = new URL(body.url);
      // The query may carry a token: only the origin and path are shown.
      return { config: { kind: 'webhook', url: body.url, secret: body.secret }, target: `${url.origin}${url.pathname}` };
    }
    case 'email':
      return { config: { kind: 'email', email: body.email }, target: maskEmail(body.email) };
    case 'sms':
      return { config: { kind: 'sms', phone: body.phone }, target: `${body.phone.slice(0, 3)}****${body.phone.slice(-4)}` };
  }
}

type ChannelRow = Awaited<ReturnType<typeof repo.channels>>[number];
const toChannel = (row: ChannelRow): Channel => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  target: row.target,
  verified: row.verified_at !== null,
  created_at: seconds(row.created_at),
});

export function messageService(deps: MessageServiceDeps) {
  const { db } = deps;
  const box = channelBox(deps.secret);
  const codeHash = keyedHash(deps.secret, 'message-channel-code');

  return {
    async eventList(userId: string): Promise<EventSetting[]> {
      const [choices, thresholds] = await Promise.all([repo.eventChoices(db, userId), repo.thresholds(db, userId)]);
      return EVENT_KEYS.map((event) => ({
        event,
        group: eventCatalogue[event].group,
        channel_ids: choices.filter((c) => c.event === event).map((c) => c.channel_id),
        threshold: isThresholdEvent(event) ? (thresholds.find((t) => t.event === event)?.threshold ?? EVENT_THRESHOLDS[event].default) : null,
      }));
    },

    async channelList(userId: string): Promise<Channel[]> {
      return (await repo.channels(db, userId)).map(toChannel);
    },

    async bind(userId: string, body: BindChannelBody): Promise<Channel> {
      if (body.kind === 'telegram' && body.bot_token === '' && !deps.platformBot) throw new AppError('INVALID_PARAMETER', { field: 'bot_token' });
      const { config, target } = configOf(body);
      return db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, userId);
        if ((await repo.countChannels(trx, userId)) >= CHANNELS_PER_USER_MAX) throw new AppError('OUT_OF_LENGTH_LIMIT', { field: 'channels', max: CHANNELS_PER_USER_MAX });
        return toChannel(await repo.insertChannel(trx, { user_id: userId, kind: body.kind, name: body.name, target, config: box.seal(config) }));
      });
    },

    /**
     * Without a code: sends one through the channel (once a minute). With a code: checks it —
     * five wrong ones and it must be sent again. A verified channel answers `verified` at once.
     */
    async requestVerify(userId: string, body: { id: string; code?: string | undefined }, lang: Lang): Promise<{ sent: boolean; verified: boolean }> {
      if (body.code === undefined) {
        const channel = (await repo.channels(db, userId)).find((c) => c.id === body.id);
        if (!channel) throw new AppError('BIND_MESSAGE_CHANNEL_FIRST');
        if (channel.verified_at) return { sent: false, verified: true };
        if (channel.code_sent_at && Date.now() - channel.code_sent_at.getTime() < CHANNEL_CODE_INTERVAL_SECONDS * 1000) throw new AppError('FREQUENCY_TOO_FAST');
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const text = verificationText(lang, code, CHANNEL_CODE_MINUTES);
        try {
          await deps.send(box.open(channel.config), { ...text, event: 'channel_verification', idempotencyKey: randomUUID() });
        } catch (error) {
          // What the service answered (a wrong signature, an unknown chat) helps the user fix the binding.
          throw new AppError('NETWORK_ERROR', { reason: error instanceof DeliveryError ? error.message : 'unreachable' });
        }
        await repo.setCode(db, channel.id, { hash: codeHash(`${channel.id}:${code}`), expiresAt: new Date(Date.now() + CHANNEL_CODE_MINUTES * 60_000) });
        return { sent: true, verified: false };
      }
      const code = body.code;
      const outcome = await db.transaction().execute(async (trx) => {
        const channel = await repo.lockChannel(trx, userId, body.id);
        if (!channel) return 'missing' as const;
        if (channel.verified_at) return 'verified' as const;
        if (!channel.code_hash || !channel.code_expires_at || channel.code_expires_at.getTime() < Date.now() || channel.code_failures >= CHANNEL_CODE_TRIES)
          return 'expired' as const;
        if (channel.code_hash !== codeHash(`${channel.id}:${code}`)) {
          await repo.codeFailed(trx, channel.id);
          return 'wrong' as const;
        }
        await repo.markVerified(trx, channel.id);
        return 'verified' as const;
      });
      if (outcome === 'missing') throw new AppError('BIND_MESSAGE_CHANNEL_FIRST');
      if (outcome === 'expired') throw new AppError('VERIFICATION_CODE_EXPIRED');
      if (outcome === 'wrong') throw new AppError('VERIFICATION_CODE_ERROR');
      return { sent: false, verified: true };
    },

    async setEventChannel(userId: string, body: { event: EventKey; channel_id: string; threshold?: number | undefined }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const channel = await repo.lockChannel(trx, userId, body.channel_id);
        if (!channel?.verified_at) throw new AppError('BIND_MESSAGE_CHANNEL_FIRST');
        await repo.choose(trx, { user_id: userId, event: body.event, channel_id: channel.id });
        if (body.threshold !== undefined) await repo.setThreshold(trx, { user_id: userId, event: body.event, threshold: body.threshold });
      });
    },

    async unsetEventChannel(userId: string, body: { event: EventKey; channel_id: string }): Promise<void> {
      await repo.unchoose(db, { user_id: userId, event: body.event, channel_id: body.channel_id });
    },

    async cancel(userId: string, id: string): Promise<void> {
      const removed = await repo.deleteChannel(db, userId, id);
      if (!removed) throw new AppError('BIND_MESSAGE_CHANNEL_FIRST');
    },

    async deliveries(query: { status: DeliveryStatus | 'all'; page: number; count: number }): Promise<{ list: Delivery[]; total: number }> {
      const { rows, total } = await repo.deliveries(db, query.status, query.page, query.count);
      return {
        total,
        list: rows.map((r) => ({
          id: r.id,
          uid: r.uid,
          kind: r.kind,
          channel: r.target,
          event: r.event,
          status: r.status,
          attempts: r.attempts,
          last_error: r.last_error,
          created_at: seconds(r.created_at),
          sent_at: r.sent_at ? seconds(r.sent_at) : null,
        })),
      };
    },

    /** RetryMessageDelivery: a dead letter is queued again with fresh tries and its idempotency key; audited. */
    async retry(by: AuditBy, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await repo.revive(trx, id);
        if (!row) throw new AppError('INVALID_PARAMETER', { field: 'id', reason: 'not a dead delivery' });
        await recordAudit(trx, by, {
          action: 'RetryMessageDelivery',
          target: `delivery:${id}`,
          before: { status: 'dead', last_error: row.last_error },
          after: { status: 'pending' },
        });
      });
    },
  };
}
export type MessageService = ReturnType<typeof messageService>;

/** UbBindChannel with a channel id: the back office removes one of a user's message channels; audited. */
export async function adminUnbindChannel(db: Db, by: AuditBy, uid: string, channelId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await adminUsersRepository(trx).lock({ uid });
    if (!user) throw new AppError('USER_NOT_EXIST');
    const removed = await repo.deleteChannel(trx, user.id, channelId);
    if (!removed) throw new AppError('BIND_MESSAGE_CHANNEL_FIRST');
    await recordAudit(trx, by, {
      action: 'UbBindChannel',
      target: `user:${uid}`,
      before: { channel: { id: removed.id, kind: removed.kind, name: removed.name, target: removed.target } },
      after: { channel: null },
    });
  });
}
