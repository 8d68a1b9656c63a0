import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function messagingRepository(db: Db) {
  return {
    /** Serialises sends to one target across processes (until the transaction ends). */
    async lockTarget(targetHash: string) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`platter:send:${targetHash}`}))`.execute(db);
    },
    async countSince(targetHash: string, purpose: string, seconds: number): Promise<number> {
      const row = await db
        .selectFrom('message_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('target_hash', '=', targetHash)
        .where('purpose', '=', purpose)
        .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async lastSentAt(targetHash: string, purpose: string): Promise<Date | undefined> {
      const row = await db
        .selectFrom('message_log')
        .select('created_at')
        .where('target_hash', '=', targetHash)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at;
    },
    async record(entry: { channel: string; targetHash: string; purpose: string; userId?: string | undefined; prefix?: string | undefined }) {
      await db
        .insertInto('message_log')
        .values({ channel: entry.channel, target_hash: entry.targetHash, purpose: entry.purpose, user_id: entry.userId ?? null, prefix: entry.prefix ?? null })
        .execute();
    },
    /** Serialises the checks of the channel's budgets across processes (until the transaction ends). */
    async lockBudget(channel: string) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`platter:budget:${channel}`}))`.execute(db);
    },
    /** Messages of the channel in the last `seconds`: all, or one account's, or to one dial prefix. */
    async countChannelSince(channel: string, seconds: number, by: { userId?: string; prefix?: string } = {}): Promise<number> {
      let query = db
        .selectFrom('message_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('channel', '=', channel)
        .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`);
      if (by.userId !== undefined) query = query.where('user_id', '=', by.userId);
      if (by.prefix !== undefined) query = query.where('prefix', '=', by.prefix);
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
