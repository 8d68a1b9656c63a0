import {
  AppError,
  MESSAGE_READ,
  MESSAGE_UNREAD,
  type GetMessageQuery,
  type Lang,
  type LocalizedText,
  type Message,
  type MessagePage,
  type MessageType,
  type SentNotification,
  type SendNotificationBody,
  type SendNotificationIdsBody,
} from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../admin/audit.ts';
import { enqueueNotice } from '../message/delivery.ts';
import { inmailRepository as repo, type NewMessage } from './inmail.repository.ts';
import { messageSanitizer, sanitizeLocalized } from './sanitize.ts';

/**
 * In-site messages (spec doc 2 §3, §4 'Message status', §7): each user reads only their own,
 * in their interface language; admins send notifications to a list of users at once or to
 * every user through a resumable background job (runNoticeJobs).
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const inLang = (text: LocalizedText, lang: Lang) => text[lang] || text.en;

/** What another module says to a user: a title and an HTML body in each language. */
export interface UserNotification {
  type: MessageType;
  title: LocalizedText;
  content: LocalizedText;
}

/**
 * Puts a free-form message in a user's in-site inbox (like every message it is sanitised again
 * when shown). Events of the catalogue (a deposit credited, a withdrawal sent…) go through
 * modules/events `notify`, which makes the texts from templates and sends each once.
 */
export async function notifyUser(db: Db, userId: string, notification: UserNotification): Promise<void> {
  await repo.insertForUsers(db, [userId], { type: notification.type, title: notification.title, content: notification.content });
}

/** GET /api/user/GetMessage: the user's messages, newest first, under the filters. */
export async function getMessages(db: Db, userId: string, query: GetMessageQuery, lang: Lang): Promise<MessagePage> {
  const status = query.status === MESSAGE_UNREAD || query.status === MESSAGE_READ ? query.status : undefined;
  const type = query.type === 'all' ? undefined : query.type;
  const { rows, total } = await repo.page(db, userId, { status, type, id: query.id }, query.page, query.count);
  const sanitize = await messageSanitizer();
  return {
    list: rows.map(
      (r): Message => ({
        id: r.id,
        type: r.type,
        title: inLang(r.title, lang),
        content: sanitize(inLang(r.content, lang)),
        created_at: seconds(r.created_at),
        status: r.status,
      }),
    ),
    total,
  };
}

/** POST /api/user/SetMessageRead: only the user's own message; any other id is a parameter error. */
export async function setMessageRead(db: Db, userId: string, id: string): Promise<{ updated: number }> {
  const result = await repo.markRead(db, userId, id);
  if (!result) throw new AppError('INVALID_PARAMETER', { field: 'id' });
  return result;
}

export async function setMessageReadAll(db: Db, userId: string, type: MessageType | 'all'): Promise<{ updated: number }> {
  return { updated: await repo.markAllRead(db, userId, type === 'all' ? undefined : type) };
}

async function noticeMessage(body: SendNotificationBody): Promise<NewMessage> {
  return { type: body.type, title: body.title, content: await sanitizeLocalized(body.content) };
}

function auditEntry(action: string, noticeId: string, message: NewMessage, extra: Record<string, unknown>) {
  return { action, target: `notice:${noticeId}`, before: null, after: { type: message.type, title: message.title, content: message.content, ...extra } };
}

/**
 * POST /api/admin/SendNotificationIds: to the users with these uids, in one transaction; an
 * unknown uid refuses the whole call (ACCOUNT_NOT_FOUND, naming them), so nothing half-sent.
 */
export async function sendNotificationIds(db: Db, adminId: string, body: SendNotificationIdsBody): Promise<{ id: string; sent: number }> {
  const uids = [...new Set(body.ids)];
  const message = await noticeMessage(body);
  const result = await db.transaction().execute(async (trx) => {
    const { ids, unknown } = await repo.usersByUid(trx, uids);
    if (unknown.length > 0) throw new AppError('ACCOUNT_NOT_FOUND', { unknown });
    const notice = await repo.insertNotice(trx, { adminId, target: 'ids', message, total: ids.length, done: true });
    const sent = await repo.insertForUsers(trx, ids, message, notice.id);
    // The users who chose system announcements for a channel (issue 24): their outbox rows with the messages.
    await enqueueNotice(trx, ids, { id: notice.id, title: message.title, content: message.content });
    return { id: notice.id, sent };
  });
  await recordAudit(db, adminId, auditEntry('SendNotificationIds', result.id, message, { uids }));
  return result;
}

/**
 * POST /api/admin/SendNotification: to every user registered now, as a job the worker runs
 * in batches (runNoticeJobs); answers at once with the job to follow.
 */
export async function sendNotification(db: Db, adminId: string, body: SendNotificationBody): Promise<{ id: string; total: number }> {
  const message = await noticeMessage(body);
  const snapshot = await repo.recipientsSnapshot(db);
  const notice = await repo.insertNotice(db, { adminId, target: 'all', message, total: snapshot.total, untilUserId: snapshot.until, done: snapshot.total === 0 });
  await recordAudit(db, adminId, auditEntry('SendNotification', notice.id, message, { total: snapshot.total }));
  return { id: notice.id, total: snapshot.total };
}

export const NOTICE_BATCH = 500;

/**
 * Delivers the running notices to every user, one batch per transaction: the batch's
 * messages and the notice's cursor commit together, so a stop at any point resumes after the
 * last committed batch; the unique (notice, user) skips anyone who already has it even if a
 * cursor were lost. `maxBatches` bounds one run (the worker comes back on its next tick).
 */
export async function runNoticeJobs(db: Db, options: { batchSize?: number; maxBatches?: number } = {}): Promise<{ delivered: number; batches: number }> {
  const batchSize = options.batchSize ?? NOTICE_BATCH;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  let delivered = 0;
  let batches = 0;
  for (const id of await repo.runningNoticeIds(db)) {
    let more = true;
    while (more && batches < maxBatches) {
      more = await db.transaction().execute(async (trx) => {
        const notice = await repo.lockRunningNotice(trx, id);
        if (!notice) return false;
        const users = await repo.nextRecipients(trx, notice.cursor_user_id, notice.until_user_id, batchSize);
        const inserted = await repo.insertForUsers(trx, users, { type: notice.type, title: notice.title, content: notice.content }, notice.id);
        await enqueueNotice(trx, users, { id: notice.id, title: notice.title, content: notice.content });
        const last = users.at(-1) ?? notice.cursor_user_id;
        const done = users.length < batchSize;
        await repo.advanceNotice(trx, notice.id, last, done);
        delivered += inserted;
        return !done;
      });
      batches += 1;
    }
  }
  return { delivered, batches };
}

/** The notices sent so far, newest first, with each job's progress. */
export async function noticeList(db: Db, page: number, count: number, lang: Lang): Promise<{ list: SentNotification[]; total: number }> {
  const { rows, total } = await repo.sentNotificationPage(db, page, count);
  return {
    list: rows.map((r) => ({
      id: r.id,
      target: r.target,
      type: r.type,
      title: inLang(r.title, lang),
      status: r.status,
      total: r.total,
      sent: r.sent,
      admin: r.email,
      created_at: seconds(r.created_at),
      finished_at: r.finished_at ? seconds(r.finished_at) : null,
    })),
    total,
  };
}
