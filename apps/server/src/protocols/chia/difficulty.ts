import { NUMBER_OF_PARTIALS_TARGET, TIME_TARGET } from './constants.ts';

/** One recent partial of a farmer: when it came (unix seconds) and at which difficulty. */
export interface RecentPartial {
  at: number;
  difficulty: bigint;
}

/**
 * The next difficulty of a farmer after a partial, as the reference pool adjusts it:
 * `recent` are the farmer's last partials (at most `target` of them), newest first.
 *
 * - No partial yet, or a partial at another difficulty among them (it just changed): keep.
 * - Silence: the newest partial over 3 hours old divides by 5, over 1 hour by 1.5.
 * - Fewer than `target` partials at this difficulty: keep.
 * - Otherwise scale so that `target` partials take `timeTarget` seconds.
 * Never below `minimum`.
 */
export function nextDifficulty(input: {
  recent: readonly RecentPartial[];
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
  const newest = recent[0];
  const oldest = recent[recent.length - 1];
  if (!newest || !oldest) return current;
  if (recent.some((p) => p.difficulty !== current)) return current;
  const silence = now - newest.at;
  if (silence > 3 * 3600) return atLeast(current / 5n);
  // current // 1.5 in the reference: the floor of current * 2 / 3.
  if (silence > 3600) return atLeast((current * 2n) / 3n);
  if (recent.length < target) return current;
  const taken = BigInt(Math.max(1, newest.at - oldest.at));
  return atLeast((current * timeTarget) / taken);
}
