import type { LocalizedText, MessageType } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';

/** SQL of the in-site messages and the admin notices (rules in inmail.service.ts). */

export interface NewMessage {
  type: MessageType;
  title: LocalizedText;
  content: LocalizedText;
}

export interface MessageFilter {
  status?: 1 | 2 | undefined;
  type?: MessageType | undefined;
  id?: string | undefined;
}

function filtered(db: Db, userId: string, filter: MessageFilter) {
  let query = db.selectFrom('inmail_messages').where('user_id', '=', userId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.id) query = query.where('id', '=', filter.id);
  return query;
}

export const inmailRepository = {
  async insertForUsers(db: Db, userIds: readonly string[], message: NewMessage, noticeId: string | null = null): Promise<number> {
    if (userIds.length === 0) return 0;
    const title = JSON.stringify(message.title);
    const content = JSON.stringify(message.content);
    const rows = await db
      .insertInto('inmail_messages')
      .values(userIds.map((user_id) => ({ user_id, type: message.type, title, content, notice_id: noticeId })))
      .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
      .returning('id')
      .execute();
    return rows.length;
  },

  /**
   * One event's message to a user; nothing when the user has it already (the unique
   * user-event-subject): true when written. Without a subject the key is the database
   * transaction's id, so the event counts once per transaction.
   */
  async insertEvent(db: Db, userId: string, message: NewMessage & { event: string; subject: string | undefined; params: Record<string, unknown> }): Promise<boolean> {
    const rows = await db
      .insertInto('inmail_messages')
      .values({
        user_id: userId,
        type: message.type,
        title: JSON.stringify(message.title),
        content: JSON.stringify(message.content),
        event: message.event,
        subject: message.subject ?? sql<string>`'tx:' || txid_current()::text`,
        params: JSON.stringify(message.params),
      })
      .onConflict((oc) => oc.columns(['user_id', 'event', 'subject']).doNothing())
      .returning('id')
      .execute();
    return rows.length > 0;
  },

  async page(db: Db, userId: string, filter: MessageFilter, page: number, count: number) {
    return paginate(filtered(db, userId, filter), { page, count }, (from) => from.select(['id', 'type', 'title', 'content', 'status', 'created_at']).orderBy('id', 'desc'));
  },

  /** Marks one of the user's messages read; undefined when the user has no such message. */
  async markRead(db: Db, userId: string, id: string): Promise<{ updated: number } | undefined> {
    const row = await db.selectFrom('inmail_messages').select('status').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) return undefined;
    const result = await db
      .updateTable('inmail_messages')
      .set({ status: 1, read_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '=', 2)
      .executeTakeFirst();
    return { updated: Number(result.numUpdatedRows) };
  },

  async markAllRead(db: Db, userId: string, type: MessageType | undefined): Promise<number> {
    let query = db.updateTable('inmail_messages').set({ status: 1, read_at: new Date() }).where('user_id', '=', userId).where('status', '=', 2);
    if (type) query = query.where('type', '=', type);
    return Number((await query.executeTakeFirst()).numUpdatedRows);
  },

  /** Users by uid: the ids found and the uids that match nobody. */
  async usersByUid(db: Db, uids: readonly string[]) {
    const rows = await db.selectFrom('users').select(['id', 'uid']).where('uid', 'in', uids).execute();
    const found = new Set(rows.map((r) => r.uid));
    return { ids: rows.map((r) => r.id), unknown: uids.filter((uid) => !found.has(uid)) };
  },

  async insertNotice(db: Db, notice: { adminId: string; target: 'all' | 'ids'; message: NewMessage; total: number; untilUserId?: string; done?: boolean }) {
    return db
      .insertInto('inmail_notices')
      .values({
        admin_id: notice.adminId,
        target: notice.target,
        type: notice.message.type,
        title: JSON.stringify(notice.message.title),
        content: JSON.stringify(notice.message.content),
        total: notice.total,
        sent: notice.done ? notice.total : 0,
        ...(notice.untilUserId ? { until_user_id: notice.untilUserId } : {}),
        ...(notice.done ? { status: 'done' as const, finished_at: new Date() } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /** Who a notice to every user goes to: users who can sign in (not pending activation). */
  async recipientsSnapshot(db: Db): Promise<{ until: string; total: number }> {
    const row = await db
      .selectFrom('users')
      .select([sql<string>`coalesce(max(id), 0)`.as('until'), sql<string>`count(*)`.as('total')])
      .where('status', '<>', 'pending')
      .executeTakeFirstOrThrow();
    return { until: row.until, total: Number(row.total) };
  },

  async runningNoticeIds(db: Db): Promise<string[]> {
    const rows = await db.selectFrom('inmail_notices').select('id').where('status', '=', 'running').orderBy('id').execute();
    return rows.map((r) => r.id);
  },

  /** The running notice, locked for this transaction (one batch at a time per notice). */
  async lockRunningNotice(trx: Db, id: string) {
    return trx.selectFrom('inmail_notices').selectAll().where('id', '=', id).where('status', '=', 'running').forUpdate().skipLocked().executeTakeFirst();
  },

  async nextRecipients(trx: Db, after: string, until: string, limit: number): Promise<string[]> {
    const rows = await trx.selectFrom('users').select('id').where('id', '>', after).where('id', '<=', until).where('status', '<>', 'pending').orderBy('id').limit(limit).execute();
    return rows.map((r) => r.id);
  },

  /** Moves the cursor; `sent` is counted from the messages themselves, so it stays true after any resume. */
  async advanceNotice(trx: Db, id: string, cursor: string, done: boolean): Promise<void> {
    const delivered = sql<number>`(SELECT count(*)::int FROM inmail_messages WHERE notice_id = ${id})`;
    await trx
      .updateTable('inmail_notices')
      .set({
        cursor_user_id: cursor,
        sent: delivered,
        ...(done ? { status: 'done' as const, finished_at: new Date(), total: delivered } : {}),
      })
      .where('id', '=', id)
      .execute();
  },

  async sentNotificationPage(db: Db, page: number, count: number) {
    // Every notice has its admin (admin_id NOT NULL REFERENCES users): the join keeps the count.
    const base = db.selectFrom('inmail_notices as n').innerJoin('users as u', 'u.id', 'n.admin_id');
    return paginate(base, { page, count }, (from) =>
      from.select(['n.id', 'n.target', 'n.type', 'n.title', 'n.status', 'n.total', 'n.sent', 'n.created_at', 'n.finished_at', 'u.email']).orderBy('n.id', 'desc'),
    );
  },
};
