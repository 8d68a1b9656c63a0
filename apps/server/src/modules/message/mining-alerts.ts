import { EVENT_THRESHOLDS, formatCapacityText, type CapacityBase } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { show } from '../coins/coins.ts';
import { notify } from '../events/events.service.ts';
import { messageRepository } from './message.repository.ts';
import { miningAlertsRepository as repo } from './mining-alerts.repository.ts';

/**
 * The mining events (issue 24), raised from the data the pool already keeps, for the users who
 * chose a channel for them (they are opt-in, with the user's threshold):
 *
 * - `miner_offline`: a miner's last share is older than the user's minutes — once per silence
 *   (the subject is the miner and the moment it was last seen, so a miner that comes back and
 *   goes quiet again is news again);
 * - `capacity_drop`: a settled day's capacity fell by at least the user's percentage from the
 *   day before — once per pool and day;
 * - `block_found`: a block found by the user's miner — once per block;
 * - `income_settled`: the day's income credited to the balance — once per pool and day.
 *
 * Silence is measured at `now`, on the clock the reports stamp their miners with.
 * Each goes through `notify`, so it is an in-site message too and reaches the channels through
 * the outbox; running again raises nothing twice.
 */
export async function raiseMiningEvents(db: Db, now: Date = new Date()): Promise<{ offline: number; drops: number; blocks: number; settled: number }> {
  const counts = { offline: 0, drops: 0, blocks: 0, settled: 0 };
  const raise = async (userId: string, event: Parameters<typeof notify>[2]) => {
    const written = await db.transaction().execute((trx) => notify(trx, userId, event));
    return written ? 1 : 0;
  };

  for (const sub of await messageRepository.subscribers(db, 'miner_offline')) {
    const minutes = sub.threshold ?? EVENT_THRESHOLDS.miner_offline.default;
    for (const miner of await repo.silentMiners(db, sub.user_id, minutes, now)) {
      counts.offline += await raise(sub.user_id, {
        key: 'miner_offline',
        subject: `${miner.id}:${miner.last_seen_at.toISOString()}`,
        params: { miner: miner.name || `#${miner.id}`, pool: miner.pool, minutes },
      });
    }
  }

  for (const sub of await messageRepository.subscribers(db, 'block_found')) {
    for (const block of await repo.foundBlocks(db, sub.user_id)) {
      counts.blocks += await raise(sub.user_id, { key: 'block_found', subject: `block:${block.id}`, params: { pool: block.pool, height: String(block.height) } });
    }
  }

  const settledFor = new Map<string, Awaited<ReturnType<typeof repo.settledCredits>>>();
  const credits = async (userId: string) => {
    if (!settledFor.has(userId)) settledFor.set(userId, await repo.settledCredits(db, userId));
    return settledFor.get(userId) ?? [];
  };

  for (const sub of await messageRepository.subscribers(db, 'income_settled')) {
    for (const c of await credits(sub.user_id)) {
      counts.settled += await raise(sub.user_id, {
        key: 'income_settled',
        subject: `${c.pool_type}:${c.day}`,
        params: { amount: show(c.amount_units, c.scale), unit: c.unit, pool: c.pool, day: c.day },
      });
    }
  }

  for (const sub of await messageRepository.subscribers(db, 'capacity_drop')) {
    const percent = sub.threshold ?? EVENT_THRESHOLDS.capacity_drop.default;
    for (const c of await credits(sub.user_id)) {
      const before = BigInt(c.previous_bytes ?? '0');
      const now = BigInt(c.capacity_bytes);
      if (before <= 0n || now >= before) continue;
      const dropped = Number(((before - now) * 100n) / before);
      if (dropped < percent) continue;
      const base = c.capacity_base as CapacityBase;
      counts.drops += await raise(sub.user_id, {
        key: 'capacity_drop',
        subject: `${c.pool_type}:${c.day}`,
        params: { pool: c.pool, percent: dropped, from: formatCapacityText(before, base), to: formatCapacityText(now, base) },
      });
    }
  }
  return counts;
}
