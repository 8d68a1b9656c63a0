/**
 * Effective capacity from deadlines (Nogrod's `eeps`, signum-pool's MinerMaths): a miner's best
 * deadlines over its last nConf rounds estimate its plot size. With hit_i = deadline_i ·
 * baseTarget_i (its "weighted deadline"),
 *
 *   EC[TiB] = α(nConf) · T · (nConf − 1) · genesisBaseTarget / Σ hit_i
 *
 * T the coin's block time and genesisBaseTarget its base target at genesis (T · genesisBT ≈
 * 2^42, so a TiB is a TiB on every coin). α corrects the bias of a window of nConf rounds out
 * of nAvg: α(n) = 1 − (nAvg − n)/n · ln(nAvg / (nAvg − n)); 0 below nMin; 1 from nAvg on.
 * Floating point in the same order as Nogrod so the vectors match to the last bit.
 */

export interface CoinTiming {
  /** Target block time, seconds. */
  blockTimeSeconds: number;
  /** Base target at genesis (= 4398046511104 / block time). */
  genesisBaseTarget: bigint;
}

/** Per coin (../research/burst_pool_protocol.json, bhd_depinc_pledge.json). */
export const POC_COIN_TIMING = {
  burst: { blockTimeSeconds: 240, genesisBaseTarget: 18325193796n },
  signa: { blockTimeSeconds: 240, genesisBaseTarget: 18325193796n },
  /** BHD after BHDIP008 (height 197,568). */
  bhd: { blockTimeSeconds: 180, genesisBaseTarget: 24433591728n },
  lhd: { blockTimeSeconds: 300, genesisBaseTarget: 14660155037n },
  hdd: { blockTimeSeconds: 300, genesisBaseTarget: 14660155037n },
  xhd: { blockTimeSeconds: 300, genesisBaseTarget: 14660155037n },
} as const satisfies Record<string, CoinTiming>;

export type PocCoin = keyof typeof POC_COIN_TIMING;

export interface EstimateWindow {
  /** Rounds averaged over (Nogrod and signum-pool: 360). */
  nAvg: number;
  /** Fewer confirmed rounds than this give no estimate (α = 0). */
  nMin: number;
}

export const DEFAULT_ESTIMATE_WINDOW: EstimateWindow = { nAvg: 360, nMin: 10 };

/** α(nConf) of the finite-window correction. */
export function alpha(nConf: number, window: EstimateWindow = DEFAULT_ESTIMATE_WINDOW): number {
  const { nAvg, nMin } = window;
  if (!Number.isInteger(nConf) || nConf <= 0) return 0;
  if (nConf >= nAvg) return 1;
  if (nConf < nMin) return 0;
  return 1.0 - ((nAvg - nConf) / nConf) * Math.log(nAvg / (nAvg - nConf));
}

/** deadline · baseTarget, the hit up to the deadline's truncation. */
export function weightDeadline(deadline: bigint, baseTarget: bigint): bigint {
  return deadline * baseTarget;
}

/** The estimate in TiB from nConf rounds and the sum of their weighted deadlines. */
export function estimateCapacityTiB(nConf: number, weightedDeadlineSum: number, coin: CoinTiming, window: EstimateWindow = DEFAULT_ESTIMATE_WINDOW): number {
  if (weightedDeadlineSum === 0 || nConf <= 1) return 0;
  return (alpha(nConf, window) * coin.blockTimeSeconds * (nConf - 1)) / (weightedDeadlineSum / Number(coin.genesisBaseTarget));
}

/** The estimate in TiB from a miner's best (deadline, baseTarget) of each round in the window. */
export function estimateCapacityFromDeadlines(
  rounds: readonly { deadline: bigint; baseTarget: bigint }[],
  coin: CoinTiming,
  window: EstimateWindow = DEFAULT_ESTIMATE_WINDOW,
): number {
  let sum = 0n;
  for (const r of rounds) sum += weightDeadline(r.deadline, r.baseTarget);
  return estimateCapacityTiB(rounds.length, Number(sum), coin, window);
}

/**
 * The plain estimate without the α correction: (nConf − 1) / Σ hits is the unbiased estimate of
 * the rate of nConf exponential best hits, so T · genesisBaseTarget · (nConf − 1) / Σ(deadline ·
 * baseTarget) TiB is right on average from two rounds on. The pools split revenue by it round by
 * round (a miner's points do not wait for a full window); the α-corrected figure is the one shown.
 */
export function estimateCapacityUncorrectedTiB(nConf: number, weightedDeadlineSum: number, coin: CoinTiming): number {
  if (weightedDeadlineSum === 0 || nConf <= 1) return 0;
  return (coin.blockTimeSeconds * (nConf - 1)) / (weightedDeadlineSum / Number(coin.genesisBaseTarget));
}
