import { AppError, type Lang } from '@platter/domain';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { devHelpers, type Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { smtpMailer, type Mailer } from './mailer.ts';
import { messagingRepository } from './messaging.repository.ts';
import { devMailboxSms, httpGatewaySms, type SmsSender } from './sms.ts';
import { botApiSender, type TelegramSender } from './telegram-bot.ts';
import { renderMail, type MailTemplate } from './templates.ts';

/** At most this many messages a day per target and purpose (and one per `CODE_RESEND_SECONDS`). */
export const SENDS_PER_DAY = 10;

export type SendPurpose = 'register' | 'forgot' | 'code';

export interface Messaging {
  /** Renders and sends an e-mail; rejects when it cannot be handed to SMTP. */
  mail(to: string, lang: Lang, template: MailTemplate): Promise<void>;
  sms(to: string, text: string): Promise<void>;
  /** A plain-text e-mail (the message channels' events: issue 24); rejects when it cannot be handed to SMTP. */
  plainMail(to: string, subject: string, text: string): Promise<void>;
  telegram(chatId: string, text: string): Promise<void>;
  /** Whether SMS can be sent (a gateway, or the dev mailbox outside production). */
  readonly smsAvailable: boolean;
  /** Whether Telegram is on (a bot token is configured). */
  readonly telegramAvailable: boolean;
  /** Seconds between two sends to one target for one purpose (CODE_RESEND_SECONDS, 60 by the spec). */
  readonly sendIntervalSeconds: number;
  /**
   * Reserves a send to `target` for `purpose`: FREQUENCY_TOO_FAST within the send interval of the last one,
   * REQUEST_LIMIT_BIND_2FA after 10 in a day. An SMS also spends the budgets against SMS
   * pumping (TOO_MANY_REQUESTS): the asking account's per day, the dial prefix's per hour
   * and the platform's per hour. Counted in PostgreSQL (every process agrees).
   */
  reserve(channel: string, target: string, purpose: SendPurpose, sender?: { userId: string; prefix?: string }): Promise<void>;
  close(): Promise<void>;
}

export const targetHash = (target: string) => createHash('sha256').update(`target:${target.trim().toLowerCase()}`).digest('hex');

export interface MessagingOverrides {
  mailer?: Mailer;
  sms?: SmsSender;
  telegram?: TelegramSender;
}

export async function createMessaging(options: { config: Config; db: Db; logger: FastifyBaseLogger; overrides?: MessagingOverrides }): Promise<Messaging> {
  const { config, db, logger } = options;
  // The mail catcher and the SMS mailbox stand in only with the development helpers on (config.ts).
  const development = devHelpers(config).enabled;

  let catcher: MailCatcher | undefined;
  let mailer: Mailer | undefined = options.overrides?.mailer;
  if (!mailer && config.smtpUrl) mailer = smtpMailer(config.smtpUrl, config.mailFrom);
  if (!mailer && development) {
    catcher = await startMailCatcher(db, (error) => logger.error({ err: error }, 'mail catcher failed'));
    mailer = smtpMailer({ host: catcher.host, port: catcher.port }, config.mailFrom);
    logger.debug({ port: catcher.port }, 'development mail catcher listening (dev mailbox: GET /api/dev/mailbox)');
  }
  if (!mailer) logger.warn('SMTP_URL is not set: e-mails cannot be sent');

  let sms: SmsSender | undefined = options.overrides?.sms;
  if (!sms && config.smsGatewayUrl) sms = httpGatewaySms(config.smsGatewayUrl, config.smsGatewayToken);
  if (!sms && development) sms = devMailboxSms(db);

  let telegram: TelegramSender | undefined = options.overrides?.telegram;
  // A configured bot always sends through Telegram: its codes never land in the dev mailbox.
  if (!telegram && config.telegramBotToken) telegram = botApiSender(config.telegramBotToken);

  return {
    async mail(to, lang, template) {
      if (!mailer) throw new AppError('FEATURE_NOT_OPEN');
      await mailer.send({ to, ...renderMail(template, lang, config.siteTitle) });
    },
    async plainMail(to, subject, text) {
      if (!mailer) throw new AppError('FEATURE_NOT_OPEN');
      await mailer.send({ to, subject: `${subject} — ${config.siteTitle}`, text, html: '' });
    },
    async sms(to, text) {
      if (!sms) throw new AppError('FEATURE_NOT_OPEN');
      await sms.send(to, text);
    },
    async telegram(chatId, text) {
      if (!telegram) throw new AppError('SOCIAL_LOGIN_DISABLED');
      await telegram.send(chatId, text);
    },
    smsAvailable: sms !== undefined,
    telegramAvailable: telegram !== undefined,
    sendIntervalSeconds: config.codeResendSeconds,
    async reserve(channel, target, purpose, sender) {
      const hash = targetHash(target);
      await db.transaction().execute(async (trx) => {
        const repo = messagingRepository(trx);
        await repo.lockTarget(hash);
        if ((await repo.countSince(hash, purpose, config.codeResendSeconds)) > 0) throw new AppError('FREQUENCY_TOO_FAST');
        if ((await repo.countSince(hash, purpose, 24 * 3600)) >= SENDS_PER_DAY) throw new AppError('REQUEST_LIMIT_BIND_2FA');
        if (channel === 'sms') {
          await repo.lockBudget(channel);
          const overBudget =
            (sender !== undefined && (await repo.countChannelSince(channel, 24 * 3600, { userId: sender.userId })) >= config.smsPerAccountPerDay) ||
            (sender?.prefix !== undefined && (await repo.countChannelSince(channel, 3600, { prefix: sender.prefix })) >= config.smsPerPrefixPerHour) ||
            (await repo.countChannelSince(channel, 3600)) >= config.smsGlobalPerHour;
          if (overBudget) {
            logger.warn({ userId: sender?.userId, prefix: sender?.prefix }, 'SMS budget spent: code refused');
            throw new AppError('TOO_MANY_REQUESTS');
          }
        }
        await repo.record({ channel, targetHash: hash, purpose, userId: sender?.userId, prefix: sender?.prefix });
      });
    },
    async close() {
      mailer?.close();
      await catcher?.close();
    },
  };
}
