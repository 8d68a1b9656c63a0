import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Messaging } from '../messaging/messaging.service.ts';
import { channelSender, type ChannelBases } from './channels.ts';
import { deliverDue } from './delivery.ts';
import { messageService } from './message.service.ts';

/** MESSAGE_CHANNEL_BASES: `kind=url` pairs. */
export function channelBases(value: string | undefined): Partial<ChannelBases> {
  const bases: Partial<ChannelBases> = {};
  for (const pair of (value ?? '').split(',').filter(Boolean)) {
    const at = pair.indexOf('=');
    bases[pair.slice(0, at) as keyof ChannelBases] = pair.slice(at + 1).replace(/\/+$/, '');
  }
  return bases;
}

/** The message channels of one process: the sender (over the platform's mail, SMS and bot), the service and a delivery run. */
export function messageChannels(options: { config: Config; db: Db; secret: string; messaging: Messaging }) {
  const { config, db, secret, messaging } = options;
  const send = channelSender({
    bases: channelBases(config.messageChannelBases),
    platformBotToken: config.telegramBotToken,
    mail: (to, subject, text) => messaging.plainMail(to, subject, text),
    ...(messaging.smsAvailable ? { sms: { send: (to: string, text: string) => messaging.sms(to, text) } } : {}),
    allowPrivateWebhooks: config.messageWebhookPrivate,
  });
  return {
    service: messageService({ db, secret, send, platformBot: config.telegramBotToken !== undefined }),
    deliver: () => deliverDue(db, { send, secret, maxAttempts: config.messageDeliveryAttempts }),
  };
}
