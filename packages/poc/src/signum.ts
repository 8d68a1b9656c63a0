/**
 * Signum-only deadline transforms (not BHD-family; signum-node's GeneratorImpl): from the
 * SODIUM fork (height 765,000) the legacy deadline is taken logarithmically, and from PoC+
 * (height 878,000) divided first by the commitment factor clamp(ratio^0.4515449935, 1/8, 8).
 */

/** floor(ln(legacy) · blockTime / ln(blockTime)). */
export function sodiumDeadline(legacyDeadline: bigint, blockTimeSeconds: number): bigint {
  if (legacyDeadline <= 0n) return 0n;
  return BigInt(Math.floor((Math.log(Number(legacyDeadline)) * blockTimeSeconds) / Math.log(blockTimeSeconds)));
}

/** The PoC+ commitment factor of a miner committing `ratio` times the network average. */
export function commitmentFactor(ratio: number): number {
  return Math.min(8, Math.max(0.125, Math.pow(ratio, 0.4515449935)));
}

/** floor(ln(legacy / cf) · blockTime / ln(blockTime)). */
export function pocPlusDeadline(legacyDeadline: bigint, blockTimeSeconds: number, commitmentRatio: number): bigint {
  const adjusted = Number(legacyDeadline) / commitmentFactor(commitmentRatio);
  if (adjusted <= 1) return 0n;
  return BigInt(Math.floor((Math.log(adjusted) * blockTimeSeconds) / Math.log(blockTimeSeconds)));
}
