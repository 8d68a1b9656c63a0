import { z } from 'zod';
import { pageOf, pagingQuery } from './envelope.ts';
import { msg, text } from './fields.ts';

/**
 * In-site messages (spec doc 2 §3 'Message', §4 'Message status', §7 'User and session'
 * message calls and 'Admin' SendNotification / SendNotificationIds).
 */

/** Message status: 2 unread, 1 read (spec doc 2 §3). */
export const MESSAGE_UNREAD = 2;
export const MESSAGE_READ = 1;
export type MessageStatus = typeof MESSAGE_UNREAD | typeof MESSAGE_READ;

/** Message types: the spec's event groups (doc 2 §7 'Message channels'); the frame asks for 'all'. */
export const MESSAGE_TYPES = ['account', 'asset', 'mining', 'system', 'other'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The bell badge shows the unread total capped at 99; unread messages fetched per call: 10 (doc 2 §9). */
export const UNREAD_BADGE_CAP = 99;
export const UNREAD_FETCH_COUNT = 10;

/** The badge text of an unread total: '' for none, '99+' above the cap. */
export function unreadBadgeText(total: number): string {
  if (total <= 0) return '';
  return total > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(total);
}

export const NOTICE_TITLE_MAX = 120;
export const NOTICE_CONTENT_MAX = 5000;
/** Users named in one SendNotificationIds call. */
export const NOTICE_IDS_MAX = 1000;

const idText = z
  .union([text(), z.number()])
  .transform(String)
  .pipe(text().regex(/^[1-9]\d{0,17}$/, msg('INVALID_PARAMETER')));

/** GET /api/user/GetMessage: page, count (1 to 200), status (2 unread, 1 read, absent both), type ('all' or one type), id (one message). */
export const getMessageQuery = pagingQuery.extend({
  status: z.coerce
    .number()
    .int()
    .refine((s) => s === MESSAGE_UNREAD || s === MESSAGE_READ || s === 0, msg('INVALID_PARAMETER'))
    .optional()
    .meta({ description: '2 unread, 1 read; absent or 0: both' }),
  type: z.enum(['all', ...MESSAGE_TYPES], { error: msg('INVALID_PARAMETER') }).default('all'),
  id: idText.optional().meta({ description: 'One message of the signed-in user (the /inmail?id= page)' }),
});
export type GetMessageQuery = z.infer<typeof getMessageQuery>;

export const messageSchema = z.object({
  id: text(),
  type: z.enum(MESSAGE_TYPES),
  title: text(),
  /** HTML, sanitised on save and on display. */
  content: text(),
  /** Seconds since the epoch. */
  created_at: z.number().int(),
  status: z.union([z.literal(MESSAGE_UNREAD), z.literal(MESSAGE_READ)]),
});
export type Message = z.infer<typeof messageSchema>;
export const messagePage = pageOf(messageSchema);
export type MessagePage = z.infer<typeof messagePage>;

/** POST /api/user/SetMessageRead: one of the user's own messages. */
export const setMessageReadBody = z.object({ id: idText });
/** POST /api/user/SetMessageReadAll: every unread message (of one type, if given). */
export const setMessageReadAllBody = z.object({ type: z.enum(['all', ...MESSAGE_TYPES], { error: msg('INVALID_PARAMETER') }).default('all') });
export const readResultSchema = z.object({ updated: z.number().int() });

/** One text per language: English required, an empty (or blank) zh or ru falls back to it, as announcements do. */
function localizedText(max: number) {
  const one = text({ error: msg('INVALID_PARAMETER') })
    .trim()
    .max(max, msg('OUT_OF_LENGTH_LIMIT'));
  return z
    .object({ en: one.min(1, msg('INVALID_PARAMETER')), zh: one.default(''), ru: one.default('') })
    .meta({ description: 'Text per language (en, zh, ru); en required, an empty one falls back to en' });
}
export const localizedTitleSchema = localizedText(NOTICE_TITLE_MAX);
export const localizedContentSchema = localizedText(NOTICE_CONTENT_MAX);
export type LocalizedText = { en: string; zh: string; ru: string };

/** POST /api/admin/SendNotification: to every user, as a background job. */
export const sendNotificationBody = z.object({
  type: z.enum(MESSAGE_TYPES, { error: msg('INVALID_PARAMETER') }).default('system'),
  title: localizedTitleSchema,
  content: localizedContentSchema.meta({ description: 'HTML; sanitised on save and on display' }),
});
export type SendNotificationBody = z.infer<typeof sendNotificationBody>;

/** POST /api/admin/SendNotificationIds: to the users with these uids, at once. */
export const sendNotificationIdsBody = sendNotificationBody.extend({
  ids: z
    .array(
      z
        .union([text(), z.number()])
        .transform((v) => String(v).trim())
        .pipe(text().regex(/^\d{1,20}$/, msg('INVALID_PARAMETER'))),
      { error: msg('INVALID_PARAMETER') },
    )
    .min(1, msg('INVALID_PARAMETER'))
    .max(NOTICE_IDS_MAX, msg('OUT_OF_LENGTH_LIMIT'))
    .meta({ description: 'The users’ uids (1 to 1000)' }),
});
export type SendNotificationIdsBody = z.infer<typeof sendNotificationIdsBody>;

export const SENT_NOTIFICATION_STATUSES = ['running', 'done'] as const;
export const sentNotificationSchema = z.object({
  id: text(),
  target: z.enum(['all', 'ids']),
  type: z.enum(MESSAGE_TYPES),
  /** The title in the caller's language. */
  title: text(),
  status: z.enum(SENT_NOTIFICATION_STATUSES),
  /** Users it goes to, and those who have it so far. */
  total: z.number().int(),
  sent: z.number().int(),
  admin: text(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;
export const sentNotificationPage = pageOf(sentNotificationSchema);
export const sentNotificationQuery = pagingQuery;
