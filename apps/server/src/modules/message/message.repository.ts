import type { ChannelKind, DeliveryStatus } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';

/** Message channels, their event choices and thresholds, and the delivery outbox (issue 24). */

const CHANNEL_COLUMNS = ['id', 'kind', 'name', 'target', 'config', 'verified_at', 'code_hash', 'code_expires_at', 'code_sent_at', 'code_failures', 'created_at'] as const;

export interface OutboxInsert {
  channel_id: string;
  user_id: string;
  event: string;
  subject: string | undefined;
  title: string;
  body: string;
}

export const messageRepository = {
  // --- channels ---

  async countChannels(db: Db, userId: string): Promise<number> {
    const row = await db
      .selectFrom('message_channels')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async insertChannel(db: Db, row: { user_id: string; kind: ChannelKind; name: string; target: string; config: string }) {
    return db.insertInto('message_channels').values(row).returning(CHANNEL_COLUMNS).executeTakeFirstOrThrow();
  },

  async channels(db: Db, userId: string) {
    return db.selectFrom('message_channels').select(CHANNEL_COLUMNS).where('user_id', '=', userId).orderBy('id').execute();
  },

  /** One of the user's channels, locked for the change the caller makes. */
  async lockChannel(db: Db, userId: string, id: string) {
    return db.selectFrom('message_channels').select(CHANNEL_COLUMNS).where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  },

  async deleteChannel(db: Db, userId: string, id: string) {
    return db.deleteFrom('message_channels').where('id', '=', id).where('user_id', '=', userId).returning(['id', 'kind', 'name', 'target']).executeTakeFirst();
  },

  async setCode(db: Db, id: string, code: { hash: string; expiresAt: Date }) {
    await db
      .updateTable('message_channels')
      .set({ code_hash: code.hash, code_expires_at: code.expiresAt, code_sent_at: sql<Date>`now()`, code_failures: 0 })
      .where('id', '=', id)
      .execute();
  },

  async codeFailed(db: Db, id: string) {
    await db
      .updateTable('message_channels')
      .set({ code_failures: sql<number>`code_failures + 1` })
      .where('id', '=', id)
      .execute();
  },

  async markVerified(db: Db, id: string) {
    await db
      .updateTable('message_channels')
      .set({ verified_at: sql<Date>`now()`, code_hash: null, code_expires_at: null, code_failures: 0 })
      .where('id', '=', id)
      .execute();
  },

  // --- event choices ---

  async eventChoices(db: Db, userId: string) {
    return db.selectFrom('message_event_channels').select(['event', 'channel_id']).where('user_id', '=', userId).orderBy('channel_id').execute();
  },

  async thresholds(db: Db, userId: string) {
    return db.selectFrom('message_event_settings').select(['event', 'threshold']).where('user_id', '=', userId).execute();
  },

  async choose(db: Db, row: { user_id: string; event: string; channel_id: string }) {
    await db
      .insertInto('message_event_channels')
      .values(row)
      .onConflict((oc) => oc.columns(['channel_id', 'event']).doNothing())
      .execute();
  },

  async unchoose(db: Db, row: { user_id: string; event: string; channel_id: string }) {
    await db.deleteFrom('message_event_channels').where('user_id', '=', row.user_id).where('event', '=', row.event).where('channel_id', '=', row.channel_id).execute();
  },

  async setThreshold(db: Db, row: { user_id: string; event: string; threshold: number }) {
    await db
      .insertInto('message_event_settings')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'event']).doUpdateSet({ threshold: row.threshold }))
      .execute();
  },

  /** The verified channels a user chose for an event. */
  async targets(db: Db, userId: string, event: string): Promise<{ id: string; kind: ChannelKind }[]> {
    return db
      .selectFrom('message_event_channels as e')
      .innerJoin('message_channels as c', 'c.id', 'e.channel_id')
      .select(['c.id', 'c.kind'])
      .where('e.user_id', '=', userId)
      .where('e.event', '=', event)
      .where('c.verified_at', 'is not', null)
      .orderBy('c.id')
      .execute();
  },

  /** The verified channels each of these users chose for an event, with the user's language (an announcement's batch). */
  async targetsOfUsers(db: Db, userIds: readonly string[], event: string): Promise<{ user_id: string; id: string; language: string }[]> {
    if (userIds.length === 0) return [];
    return db
      .selectFrom('message_event_channels as e')
      .innerJoin('message_channels as c', 'c.id', 'e.channel_id')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.user_id', 'c.id', 'u.language'])
      .where('e.user_id', 'in', userIds)
      .where('e.event', '=', event)
      .where('c.verified_at', 'is not', null)
      .orderBy('c.id')
      .execute();
  },

  /** Serializes a user's channel changes (the count of channels). */
  async lockUser(db: Db, userId: string): Promise<void> {
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  },

  async userLanguage(db: Db, userId: string): Promise<string | undefined> {
    return (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language;
  },

  /** Users who chose the event for a verified channel, with the threshold they chose (if any). */
  async subscribers(db: Db, event: string): Promise<{ user_id: string; threshold: number | null }[]> {
    return db
      .selectFrom('message_event_channels as e')
      .innerJoin('message_channels as c', 'c.id', 'e.channel_id')
      .leftJoin('message_event_settings as s', (join) => join.onRef('s.user_id', '=', 'e.user_id').onRef('s.event', '=', 'e.event'))
      .select(['e.user_id', 's.threshold'])
      .distinct()
      .where('e.event', '=', event)
      .where('c.verified_at', 'is not', null)
      .execute();
  },

  // --- outbox ---

  /** Writes the deliveries (once per channel, event and subject); a subject left out is the writing transaction's. */
  async enqueue(db: Db, rows: readonly OutboxInsert[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await db
      .insertInto('message_outbox')
      .values(rows.map((r) => ({ ...r, subject: r.subject ?? sql<string>`'tx:' || txid_current()::text` })))
      .onConflict((oc) => oc.columns(['channel_id', 'event', 'subject']).doNothing())
      .returning('id')
      .execute();
    return inserted.length;
  },

  /**
   * Takes due deliveries: each gets a try counted and a lease (its next try moves `leaseSeconds`
   * ahead) in one committed statement, before anything is sent. A process killed while sending
   * leaves the row pending; it is taken again when the lease runs out.
   */
  async claim(db: Db, limit: number, leaseSeconds: number) {
    const due = db
      .selectFrom('message_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    const rows = await db
      .updateTable('message_outbox as o')
      .from('message_channels as c')
      .set({ attempts: sql<number>`o.attempts + 1`, last_attempt_at: sql<Date>`now()`, next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
      .whereRef('c.id', '=', 'o.channel_id')
      .where('o.id', 'in', due)
      .returning(['o.id', 'o.channel_id', 'o.event', 'o.idempotency_key', 'o.title', 'o.body', 'o.attempts', 'c.kind', 'c.config', 'c.code_sent_at'])
      .execute();
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  },

  /** Tries started in the last minute per channel, not counting `except` (the rows just claimed). */
  async recentTries(db: Db, channelIds: readonly string[], except: readonly string[]): Promise<Map<string, number>> {
    if (channelIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('message_outbox')
      .select(['channel_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('channel_id', 'in', channelIds)
      .where('last_attempt_at', '>', sql<Date>`now() - interval '1 minute'`)
      .$if(except.length > 0, (q) => q.where('id', 'not in', except))
      .groupBy('channel_id')
      .execute();
    return new Map(rows.map((r) => [r.channel_id, Number(r.n)]));
  },

  /** Gives claimed rows back untried (the channel's rate is used up): their try is not counted. */
  async release(db: Db, ids: readonly string[], afterSeconds: number) {
    if (ids.length === 0) return;
    await db
      .updateTable('message_outbox')
      .set({ attempts: sql<number>`attempts - 1`, last_attempt_at: null, next_attempt_at: sql<Date>`now() + make_interval(secs => ${afterSeconds})` })
      .where('id', 'in', ids)
      .execute();
  },

  async markSent(db: Db, id: string) {
    await db
      .updateTable('message_outbox')
      .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: '' })
      .where('id', '=', id)
      .execute();
  },

  async markFailed(db: Db, id: string, failure: { dead: boolean; retryInSeconds: number; error: string }) {
    await db
      .updateTable('message_outbox')
      .set({
        status: failure.dead ? 'dead' : 'pending',
        last_error: failure.error.slice(0, 500),
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${failure.retryInSeconds})`,
      })
      .where('id', '=', id)
      .execute();
  },

  async deliveries(db: Db, status: DeliveryStatus | 'all', page: number, count: number) {
    const base = db
      .selectFrom('message_outbox as o')
      .innerJoin('message_channels as c', 'c.id', 'o.channel_id')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .$if(status !== 'all', (q) => q.where('o.status', '=', status as DeliveryStatus));
    return paginate(base, { page, count }, (from) =>
      from.select(['o.id', 'u.uid', 'c.kind', 'c.target', 'o.event', 'o.status', 'o.attempts', 'o.last_error', 'o.created_at', 'o.sent_at']).orderBy('o.id', 'desc'),
    );
  },

  /** A dead delivery queued again with fresh tries; undefined when there is no dead one of that id. */
  async revive(db: Db, id: string) {
    return db
      .updateTable('message_outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'dead')
      .returning(['id', 'user_id', 'channel_id', 'event', 'last_error'])
      .executeTakeFirst();
  },
};
