import { z } from 'zod';
import { MESSAGE_TYPES, NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX } from './api/inmail.ts';
import { autoPayOutcomes } from './api/wallet.ts';

/**
 * The events the platform tells a user about (issue 20), as data: each has a key, the spec's
 * event group (doc 1 §6 'Message event groups': account, asset, mining, system, other) and the
 * parameters its texts use (a zod schema, checked when the event is raised). The server keeps
 * the texts per language (apps/server/src/modules/events/templates.ts) and writes the in-site
 * message; the message-channels issue routes the same events to its other channels by group.
 * Parameters are display values (amounts already in the coin's unit, e-mails masked).
 */

export const EVENT_GROUPS = MESSAGE_TYPES;
export type EventGroup = (typeof EVENT_GROUPS)[number];

/** Why an Auto Pay run paid nothing (the `last_outcome` values other than 'paid'). */
export const autoPaySkipReason = z.enum(autoPayOutcomes).exclude(['paid']);
export type AutoPaySkipReason = z.infer<typeof autoPaySkipReason>;

/** Security changes a user is told about (the same names as the security e-mail's). */
export const SECURITY_CHANGES = [
  'password_changed',
  'password_reset',
  'google_bound',
  'google_unbound',
  'phone_changed',
  'email_changed',
  'telegram_bound',
  'telegram_unbound',
  /** The watcher's security key was replaced: every authorisation by the old one ended (issue 25). */
  'security_key_replaced',
] as const;
export type SecurityChangeKind = (typeof SECURITY_CHANGES)[number];

const value = z.string().min(1).max(500);
const amount = { amount: value, unit: value };

export const eventCatalogue = {
  deposit_credited: { group: 'asset', params: z.object({ ...amount, txid: value }) },
  withdrawal_approved: { group: 'asset', params: z.object({ ...amount, address: value }) },
  withdrawal_rejected: { group: 'asset', params: z.object({ ...amount, reason: z.string().max(500) }) },
  withdrawal_sent: { group: 'asset', params: z.object({ ...amount, address: value, txid: value }) },
  transfer_received: { group: 'asset', params: z.object({ ...amount, from: value }) },
  autopay_paid: { group: 'asset', params: z.object({ ...amount, payouts: z.number().int().positive() }) },
  autopay_skipped: { group: 'asset', params: z.object({ unit: value, reason: autoPaySkipReason }) },
  sign_in_new_device: { group: 'account', params: z.object({ device: value, ip: z.string().max(100), country: z.string().max(8) }) },
  security_changed: { group: 'account', params: z.object({ change: z.enum(SECURITY_CHANGES), ip: z.string().max(100) }) },
  // Mining events (issue 24): raised by the message-channels jobs from the miners' data.
  miner_offline: { group: 'mining', params: z.object({ miner: value, pool: value, minutes: z.number().int().positive() }) },
  capacity_drop: { group: 'mining', params: z.object({ pool: value, percent: z.number().int().positive(), from: value, to: value }) },
  block_found: { group: 'mining', params: z.object({ pool: value, height: value }) },
  income_settled: { group: 'mining', params: z.object({ ...amount, pool: value, day: value }) },
  // System announcements (issue 24): the back office's notices, routed to the channels of the users who chose them
  // (the in-site message is the notice's own); the title and plain text in the reader's language.
  system_notice: { group: 'system', params: z.object({ title: z.string().min(1).max(NOTICE_TITLE_MAX), text: z.string().max(NOTICE_CONTENT_MAX) }) },
} as const satisfies Record<string, { group: EventGroup; params: z.ZodObject }>;

export type EventKey = keyof typeof eventCatalogue;
export const EVENT_KEYS = Object.keys(eventCatalogue) as EventKey[];
export type EventParams<K extends EventKey> = z.infer<(typeof eventCatalogue)[K]['params']>;

/**
 * One occurrence of an event for one user. `subject` names what it is about (a deposit id, a
 * withdrawal id, a sign-in attempt…): the same event about the same subject reaches a user
 * once, however often the job that raises it runs.
 */
export type UserEvent = { [K in EventKey]: { key: K; subject: string; params: EventParams<K> } }[EventKey];
