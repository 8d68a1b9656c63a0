import { NUMBER_OF_PARTIALS_TARGET, TIME_TARGET } from './constants.ts';

/** One recent partial of a farmer: when it came (unix seconds) and at which difficulty. */
export interface RecentPartial {
  at: number;
  difficulty: bigint;
}

/** What the adjustment needs of the farmer's last partials (one database row instead of 300). */
export interface RecentSummary {
  count: number;
  /** Unix seconds of the newest and the oldest of them. */
  newest: number;
  oldest: number;
  /** True when every one of them was at the current difficulty. */
  allAtCurrent: boolean;
}

export function summarise(recent: readonly RecentPartial[], current: bigint): RecentSummary | null {
  const newest = recent[0];
  const oldest = recent[recent.length - 1];
  if (!newest || !oldest) return null;
  return { count: recent.length, newest: newest.at, oldest: oldest.at, allAtCurrent: recent.every((p) => p.difficulty === current) };
}

/**
 * The next difficulty of a farmer after a partial, as the reference pool adjusts it:
 * `recent` are the farmer's last partials (at most `target` of them), newest first.
 *
 * - No partial yet, or a partial at another difficulty among them (it just changed): keep.
 * - Silence: the newest partial over 3 hours old divides by 5, over 1 hour by 1.5.
 * - Fewer than `target` partials at this difficulty, within `timeTarget`: keep.
 * - Fewer, over a longer time: scale as if `target` partials had taken time · target / count.
 * - Otherwise scale so that `target` partials take `timeTarget` seconds.
 * Never below `minimum`.
 */
export function nextDifficulty(input: {
  /** The farmer's last partials (at most `target`), or their summary; null when none. */
  recent: readonly RecentPartial[] | RecentSummary | null;
  current: bigint;
  now: number;
  minimum: bigint;
  target?: number;
  timeTarget?: number;
}): bigint {
  const { recent, current, now, minimum } = input;
  const target = input.target ?? NUMBER_OF_PARTIALS_TARGET;
  const timeTarget = BigInt(input.timeTarget ?? TIME_TARGET);
  const atLeast = (value: bigint) => (value > minimum ? value : minimum);
  const summary = recent === null || 'count' in recent ? recent : summarise(recent, current);
  if (!summary || summary.count === 0) return current;
  if (!summary.allAtCurrent) return current;
  const silence = now - summary.newest;
  if (silence > 3 * 3600) return atLeast(current / 5n);
  // current // 1.5 in the reference: the floor of current * 2 / 3.
  if (silence > 3600) return atLeast((current * 2n) / 3n);
  const taken = BigInt(Math.max(1, summary.newest - summary.oldest));
  // Fewer than the target count: keep until they span the time target, then scale the time
  // they took up to the target count (time_taken · target / count).
  if (summary.count < target) {
    if (taken < timeTarget) return current;
    return atLeast((current * timeTarget * BigInt(summary.count)) / (taken * BigInt(target)));
  }
  return atLeast((current * timeTarget) / taken);
}
