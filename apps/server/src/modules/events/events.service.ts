import { eventCatalogue, maskEmail, type AutoPayOutcome, type SecurityChangeKind, type UserEvent } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { accountRepository } from '../account/account.repository.ts';
import { show } from '../coins/coins.ts';
import { inmailRepository } from '../inmail/inmail.repository.ts';
import { enqueueEvent } from '../message/delivery.ts';
import { renderInmail } from './render.ts';

/**
 * Event messages (issue 20): `notify` tells a user that something happened to their account —
 * an event of the catalogue (packages/domain events.ts), its texts from templates.ts — as an
 * in-site message in en, zh and ru (each reader sees their interface language; the bell and
 * /inmail list them). Call it with the transaction of the change it reports: a rollback leaves
 * no message and a commit always has one. The same event about the same subject reaches a user
 * once, so a job that runs again sends nothing twice. (The channels of the message-settings
 * issue hang off this one function: the event's key, group and parameters are stored with it.)
 */

/** An event as raised: `subject` may be left out where once per transaction is the right count (security changes). */
export type NotifyEvent = UserEvent extends infer E ? (E extends UserEvent ? Omit<E, 'subject'> & { subject?: string | undefined } : never) : never;

/** Writes the event's message unless the user has it already; true when written. Throws on parameters the catalogue refuses. */
export async function notify(db: Db, userId: string, event: NotifyEvent): Promise<boolean> {
  const entry = eventCatalogue[event.key];
  const params = entry.params.parse(event.params) as Record<string, unknown>;
  const { title, content } = renderInmail(event.key, params);
  const written = await inmailRepository.insertEvent(db, userId, { type: entry.group, title, content, event: event.key, subject: event.subject, params });
  // The user's chosen channels (issue 24): their outbox rows in the same transaction.
  if (written) await enqueueEvent(db, userId, { key: event.key, subject: event.subject, params });
  return written;
}

/**
 * A security change (password changed or reset, authenticator, phone, e-mail, Telegram bound
 * or unbound): call it inside the transaction that makes the change, with the requester's IP.
 * Once per transaction (no subject needed).
 */
export function notifySecurityChange(trx: Db, userId: string, change: SecurityChangeKind, ip: string): Promise<boolean> {
  return notify(trx, userId, { key: 'security_changed', params: { change, ip } });
}

/** A transfer arrived: tells the recipient who sent it (their e-mail masked), in the transfer's transaction. */
export async function notifyTransferReceived(trx: Db, t: { from: string; to: string; transactionId: string; amount: string; unit: string }): Promise<boolean> {
  const sender = await accountRepository(trx).findById(t.from);
  const from = sender ? maskEmail(sender.email) : '—';
  return notify(trx, t.to, { key: 'transfer_received', subject: t.transactionId, params: { amount: t.amount, unit: t.unit, from } });
}

/**
 * The day's Auto Pay run of a coin, in the run's transaction: what it paid, or why it paid
 * nothing — except when there was nothing to pay (a daily note about no income is noise).
 * Once per user, coin and UTC day.
 */
export async function notifyAutoPay(
  trx: Db,
  userId: string,
  run: { coin: { type: string; unit: string; scale: number }; day: Date; outcome: AutoPayOutcome; paid: readonly bigint[] },
): Promise<boolean> {
  const subject = `${run.coin.type}:${run.day.toISOString().slice(0, 10)}`;
  if (run.outcome === 'paid') {
    const total = run.paid.reduce((sum, part) => sum + part, 0n);
    return notify(trx, userId, { key: 'autopay_paid', subject, params: { amount: show(total, run.coin.scale), unit: run.coin.unit, payouts: run.paid.length } });
  }
  if (run.outcome === 'nothing_to_pay') return false;
  return notify(trx, userId, { key: 'autopay_skipped', subject, params: { unit: run.coin.unit, reason: run.outcome } });
}
