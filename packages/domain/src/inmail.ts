/**
 * In-site messages' constants (spec doc 2 §3 'Message', §4 'Message status', §9 the bell): apart
 * from their schemas (api/inmail.ts), so that the site's frame, which shows the bell's badge,
 * builds no schema.
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
