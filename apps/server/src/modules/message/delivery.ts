import { NOTICE_CONTENT_MAX, type EventKey, type Lang, type LocalizedText } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { plainText } from '../content/sanitize.ts';
import { renderEvent } from '../events/render.ts';
import { DeliveryError, RATE_PER_MINUTE, type ChannelSender } from './channels.ts';
import { messageRepository as repo } from './message.repository.ts';
import { channelBox, userLang } from './sealed.ts';

/**
 * The outbox of the message channels (issue 24).
 *
 * `enqueueEvent` runs inside the transaction that raises an event (events.service `notify`):
 * one row per verified channel the user chose for the event, with its text in the user's
 * language and an idempotency key. A rollback leaves none; a commit always has them.
 *
 * `deliverDue` (the `message-delivery` job) takes due rows with a lease, sends each through
 * its channel and records the outcome: sent; failed and tried again later with exponential
 * backoff (or when the service said); dead after `maxAttempts` or at once when trying again
 * cannot help. Channels are worked side by side, each at most at its rate per minute, so a
 * slow or failing channel never holds up another. A process killed between sending and
 * recording leaves the row pending: it is sent again when the lease runs out, with the same
 * idempotency key — at most one more time per crash.
 */

export async function enqueueEvent(trx: Db, userId: string, event: { key: EventKey; subject: string | undefined; params: Record<string, unknown> }): Promise<number> {
  const targets = await repo.targets(trx, userId, event.key);
  if (targets.length === 0) return 0;
  const lang = userLang(await repo.userLanguage(trx, userId));
  const { title, body } = renderEvent(event.key, event.params, lang);
  return repo.enqueue(
    trx,
    targets.map((t) => ({ channel_id: t.id, user_id: userId, event: event.key, subject: event.subject, title, body: body.join('\n') })),
  );
}

/**
 * A back office announcement (the `system` group's `system_notice`) to these users' channels,
 * inside the transaction that writes their in-site copies (inmail's notice batch): one row per
 * verified channel a user chose, in the user's language (the operator's text as plain text),
 * once per notice and channel. Answers the rows written.
 */
export async function enqueueNotice(trx: Db, userIds: readonly string[], notice: { id: string; title: LocalizedText; content: LocalizedText }): Promise<number> {
  const targets = await repo.targetsOfUsers(trx, userIds, 'system_notice');
  if (targets.length === 0) return 0;
  const texts = new Map<Lang, { title: string; body: string }>();
  const textIn = (lang: Lang) => {
    let text = texts.get(lang);
    if (!text) {
      const params = { title: notice.title[lang] || notice.title.en, text: plainText(notice.content[lang] || notice.content.en, NOTICE_CONTENT_MAX) };
      const rendered = renderEvent('system_notice', params, lang);
      text = { title: rendered.title, body: rendered.body.join('\n') };
      texts.set(lang, text);
    }
    return text;
  };
  return repo.enqueue(
    trx,
    targets.map((t) => ({ channel_id: t.id, user_id: t.user_id, event: 'system_notice', subject: `notice:${notice.id}`, ...textIn(userLang(t.language)) })),
  );
}

export interface DeliveryOptions {
  send: ChannelSender;
  secret: string;
  /** Rows taken per run. */
  batch?: number;
  /** Seconds a taken row stays away from other runs (longer than a send can take). */
  leaseSeconds?: number;
  maxAttempts?: number;
  /** The first retry's delay; each further one doubles, up to an hour. */
  backoffSeconds?: number;
}

export const DELIVERY_DEFAULTS = { batch: 200, leaseSeconds: 120, maxAttempts: 8, backoffSeconds: 30 };

export function backoffSeconds(attempt: number, first: number): number {
  return Math.min(first * 2 ** Math.max(0, attempt - 1), 3600);
}

export async function deliverDue(db: Db, options: DeliveryOptions): Promise<{ sent: number; retried: number; dead: number; deferred: number }> {
  const o = { ...DELIVERY_DEFAULTS, ...options };
  const box = channelBox(o.secret);
  const claimed = await repo.claim(db, o.batch, o.leaseSeconds);
  const result = { sent: 0, retried: 0, dead: 0, deferred: 0 };
  if (claimed.length === 0) return result;

  const byChannel = new Map<string, typeof claimed>();
  for (const row of claimed) byChannel.set(row.channel_id, [...(byChannel.get(row.channel_id) ?? []), row]);
  const recent = await repo.recentTries(
    db,
    [...byChannel.keys()],
    claimed.map((r) => r.id),
  );

  await Promise.all(
    [...byChannel.entries()].map(async ([channelId, rows]) => {
      const first = rows[0];
      if (!first) return;
      // A verification code sent through the channel in the last minute counts against its rate too.
      const codeSent = first.code_sent_at && Date.now() - first.code_sent_at.getTime() < 60_000 ? 1 : 0;
      const allowed = Math.max(0, RATE_PER_MINUTE[first.kind] - (recent.get(channelId) ?? 0) - codeSent);
      const now = rows.slice(0, allowed);
      const later = rows.slice(allowed);
      if (later.length > 0) {
        await repo.release(
          db,
          later.map((r) => r.id),
          60,
        );
        result.deferred += later.length;
      }
      let config;
      try {
        config = box.open(first.config);
      } catch {
        config = undefined;
      }
      for (const row of now) {
        try {
          if (!config) throw new DeliveryError('the channel’s settings cannot be read (server secret changed)', true);
          await o.send(config, { title: row.title, text: row.body, event: row.event, idempotencyKey: row.idempotency_key });
          await repo.markSent(db, row.id);
          result.sent += 1;
        } catch (error) {
          const failure = error instanceof DeliveryError ? error : new DeliveryError((error as Error).message, false);
          const dead = failure.permanent || row.attempts >= o.maxAttempts;
          const wait = Math.max(backoffSeconds(row.attempts, o.backoffSeconds), Math.ceil((failure.retryAfterMs ?? 0) / 1000));
          await repo.markFailed(db, row.id, { dead, retryInSeconds: wait, error: failure.message });
          if (dead) result.dead += 1;
          else result.retried += 1;
          // A channel the service throttled: its other rows wait too (they would fail the same way).
          if (!dead && failure.retryAfterMs !== undefined) {
            const rest = now.slice(now.indexOf(row) + 1).map((r) => r.id);
            await repo.release(db, rest, wait);
            result.deferred += rest.length;
            break;
          }
        }
      }
    }),
  );
  return result;
}
