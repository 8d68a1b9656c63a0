import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type DevChannel = 'email' | 'sms' | 'telegram' | 'captcha';

/** The development mailbox: what the platform sent, visible to every process (development only). */
export function devMailboxRepository(db: Db) {
  return {
    async insert(message: { channel: DevChannel; recipient: string; subject?: string; text?: string; html?: string }) {
      await db
        .insertInto('dev_mailbox')
        .values({
          channel: message.channel,
          recipient: message.recipient,
          subject: message.subject ?? '',
          text: message.text ?? '',
          html: message.html ?? '',
        })
        .execute();
    },
    /** Newest first. */
    async list(filter: { recipient?: string | undefined; channel?: DevChannel | undefined; limit: number }) {
      let query = db.selectFrom('dev_mailbox').selectAll();
      if (filter.recipient) query = query.where(sql<string>`lower(recipient)`, '=', filter.recipient.toLowerCase());
      if (filter.channel) query = query.where('channel', '=', filter.channel);
      return query.orderBy('id', 'desc').limit(filter.limit).execute();
    },
  };
}
