import { z } from 'zod';
import { pageOf, pagingQuery } from './envelope.ts';
import { msg, text } from './text.ts';
import { MESSAGE_TYPES, NOTICE_TITLE_MAX, NOTICE_CONTENT_MAX, NOTICE_IDS_MAX } from './inmail.ts';

/** The back office's in-site message calls (spec doc 2 §7 'Admin' SendNotification / SendNotificationIds). */

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
