import { z } from 'zod';
import { pageOf, pagingQuery } from './envelope.ts';
import { msg, text } from './text.ts';
import { MESSAGE_READ, MESSAGE_TYPES, MESSAGE_UNREAD } from '../inmail.ts';

/**
 * In-site messages (spec doc 2 §3 'Message', §4 'Message status', §7 'User and session'
 * message calls). The back office's SendNotification / SendNotificationIds are in inmailAdmin.ts:
 * the site's first load does not build them.
 */

/** The constants live apart (../inmail.ts): the frame reads them without building a schema. */
export * from '../inmail.ts';

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
