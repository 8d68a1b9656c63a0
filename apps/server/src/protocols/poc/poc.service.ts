import {
  MINER_NAME_PATTERN,
  parsePocPlotFile,
  parseU64,
  POC_ESTIMATE_ROUNDS,
  POC_NONCE_BYTES,
  signumAccountId,
  utcDay,
  reportedCapacityBytes,
  type PocEstimateReading,
  type PocRequest,
} from '@platter/domain';
import { estimateCapacityTiB, estimateCapacityUncorrectedTiB, parseGenerationSignature, type CoinTiming, type DeadlineResult, type Submission } from '@platter/poc';
import type { PocChain, PocMiningInfo } from '../../chain/poc.ts';
import { pocTiming } from '../../chain/poc-devnet.ts';
import type { Db } from '../../db/database.ts';
import { recordBlock } from '../../modules/pool/blocks.ts';
import { ensureSharePartition, recordVerifiedShares } from '../../modules/pool/shares.repository.ts';
import { pocRepository as repo } from './poc.repository.ts';

/** signum-pool's messages, which miners show as they are (burst_pool_protocol.json). */
export const POC_ERRORS = {
  ACCOUNT: 'Account ID not set',
  NONCE: 'Nonce not set or invalid',
  HEIGHT: 'Submission for another block height',
  NO_INFO: 'Pool does not have mining info',
  UNBOUND: 'Reward recipient not set to pool',
  DEADLINE: 'Deadline exceeds maximum allowed deadline',
  REQUEST: 'Unknown requestType',
  BUSY: 'Too many submissions: slow down',
} as const;

/** A refusal of the protocol, answered as `{result: message, deadline: null, errorCode, errorDescription}`. */
export class PocProtocolError extends Error {
  constructor(
    message: string,
    readonly errorCode = 1000,
  ) {
    super(message);
  }
}

export interface PocPoolSettings {
  pool: string;
  coin: string;
  /** The pool's address on the chain: plotters bind to it, blocks pay it. */
  address: string;
  /** The pool's target deadline (seconds): recomputed deadlines above it are refused. */
  targetDeadline: bigint;
  /** Rounds a miner needs before its capacity is estimated (and its rounds earn). */
  estimateMinRounds: number;
  /** The estimate the pages show: α-corrected (Burst pools' figure, the default) or plain (POC_ESTIMATE_SHOWN). */
  estimateShown?: PocEstimateReading;
}

export interface MinerHeaders {
  miner?: string | undefined;
  minerName?: string | undefined;
  capacity?: string | undefined;
  /** X-Plotfile: the file the nonce is from (`<plotter>_<start>_<nonces>`). */
  plotfile?: string | undefined;
}

/** Nonces per TiB (POC_NONCE_BYTES each). */
const NONCES_PER_TIB = Number(2n ** 40n / POC_NONCE_BYTES);

/**
 * A round's points in the BHD-family pools' unit, nonce-seconds (packages/domain
 * `NONCE_SECONDS`): the miner's estimated capacity in nonces × the round's seconds, so that any
 * window's points give back the capacity (dashboard, rankings, income records) and a day splits
 * by capacity × time. A round counts between 1 s and an hour (a restart's first round is short;
 * a stalled node's long round is capped).
 */
export function roundPoints(nonces: number, roundSeconds: number): bigint {
  const seconds = Math.min(3600, Math.max(1, Math.round(roundSeconds)));
  return BigInt(Math.round(nonces)) * BigInt(seconds);
}
/**
 * A miner's capacity estimate, TiB, from its best deadlines of `n` rounds (of the pool's last
 * POC_ESTIMATE_ROUNDS) summing `weighted` (Σ deadline · baseTarget), in either reading:
 * `plain`, the unbiased estimate points are credited from (from `minRounds` on; 0 before);
 * `alpha`, the finite-window α-corrected estimate Burst pools show (0 below `minRounds`, low
 * for a new farm, the plain one from POC_ESTIMATE_ROUNDS on).
 */
export function shownEstimateTiB(reading: PocEstimateReading, n: number, weighted: number, timing: CoinTiming, minRounds: number): number {
  if (n < minRounds || weighted <= 0) return 0;
  if (reading === 'plain') return estimateCapacityUncorrectedTiB(n, weighted, timing);
  return estimateCapacityTiB(n, weighted, timing, { nAvg: POC_ESTIMATE_ROUNDS, nMin: minRounds });
}

/** Seconds the mining info is cached between node calls. */
const INFO_CACHE_MS = 1000;
/** Seconds the pool's plotter bindings on the chain are cached. */
const BINDINGS_CACHE_MS = 5000;

const clean = (value: string | undefined, max: number) =>
  (value ?? '')
    .replace(/[^\p{L}\p{N} ._@()+/:-]/gu, '')
    .trim()
    .slice(0, max);

/**
 * One `poc-burst` pool of the Burst pool protocol (issue 21). The pool hands out its chain's
 * mining info and takes nonces: each is rebuilt and its deadline recomputed (never the miner's
 * figure), refused above the pool's target deadline, for another height or from a plotter not
 * registered here and bound to the pool's address on the chain; each miner's best deadline of a
 * round is kept, and the pool's best of the round goes to the node, which forges the block if
 * it wins. When a round closes every miner that took part earns its estimated capacity in
 * points (the shares the daily settlement splits revenue by); blocks paid to the pool's address
 * are booked as its revenue once buried.
 */
export function pocPoolService(deps: { db: Db; chain: PocChain; verify: (submission: Submission) => Promise<DeadlineResult>; settings: PocPoolSettings; now?: () => Date }) {
  const { db, chain, settings } = deps;
  const now = deps.now ?? (() => new Date());
  let info: { at: number; value: PocMiningInfo } | undefined;
  let bound: { at: number; plotters: Set<bigint> } | undefined;

  async function miningInfo(): Promise<PocMiningInfo> {
    const at = Date.now();
    if (info && at - info.at < INFO_CACHE_MS) return info.value;
    const value = await chain.miningInfo();
    info = { at, value };
    return value;
  }

  async function boundOnChain(plotterId: bigint): Promise<boolean> {
    const at = Date.now();
    if (!bound || at - bound.at >= BINDINGS_CACHE_MS || !bound.plotters.has(plotterId)) {
      const bindings = await chain.plotterBindings(settings.address);
      bound = { at, plotters: new Set(bindings.filter((b) => b.active).map((b) => b.plotterId)) };
    }
    return bound.plotters.has(plotterId);
  }

  return {
    settings,
    miningInfo,

    /** getMiningInfo as miners parse it: height a number, baseTarget a string (it passes 2^53), targetDeadline the pool's. */
    async miningInfoAnswer() {
      const current = await miningInfo().catch(() => {
        throw new PocProtocolError(POC_ERRORS.NO_INFO, 1005);
      });
      const target = current.targetDeadline < settings.targetDeadline ? current.targetDeadline : settings.targetDeadline;
      return {
        height: current.height,
        generationSignature: current.generationSignature,
        baseTarget: current.baseTarget.toString(),
        targetDeadline: Number(target),
      };
    },

    /** submitNonce: the recomputed deadline, or a PocProtocolError with the protocol's message. */
    async submitNonce(request: PocRequest, headers: MinerHeaders): Promise<{ result: 'success'; deadline: number }> {
      // The numeric account id, or its Signum address (S-…, BURST-…) as Signum's miners may send it.
      const plotterId = signumAccountId(request.accountId);
      if (plotterId === undefined) throw new PocProtocolError(POC_ERRORS.ACCOUNT, 1001);
      const nonce = parseU64(request.nonce);
      if (nonce === undefined) throw new PocProtocolError(POC_ERRORS.NONCE, 1002);
      const heightGiven = request.blockheight !== undefined && request.blockheight !== '';
      let current = await miningInfo().catch(() => {
        throw new PocProtocolError(POC_ERRORS.NO_INFO, 1005);
      });
      // A miner may see the next block before the cached mining info does: ask the node again.
      if (heightGiven && request.blockheight !== String(current.height)) {
        info = undefined;
        current = await miningInfo();
      }
      if (heightGiven && request.blockheight !== String(current.height)) throw new PocProtocolError(POC_ERRORS.HEIGHT, 1003);
      const owner = await repo.plotterOwner(db, settings.pool, plotterId);
      if (!owner || !(await boundOnChain(plotterId))) throw new PocProtocolError(POC_ERRORS.UNBOUND, 1004);
      const { deadline } = await deps.verify({
        genSig: parseGenerationSignature(current.generationSignature),
        height: current.height,
        accountId: plotterId,
        nonce,
        baseTarget: current.baseTarget,
        version: 2,
      });
      if (deadline > settings.targetDeadline) throw new PocProtocolError(POC_ERRORS.DEADLINE, 1008);

      const at = now();
      const name = clean(headers.minerName, 64);
      const minerId = await repo.upsertMiner(db, {
        userId: owner.userId,
        pool: settings.pool,
        name: MINER_NAME_PATTERN.test(name) ? name : `plotter-${plotterId}`,
        version: clean(headers.miner, 64),
        capacityBytes: reportedCapacityBytes(headers.capacity),
        now: at,
      });
      await repo.ensureRound(db, { pool: settings.pool, height: current.height, generationSignature: current.generationSignature, baseTarget: current.baseTarget });
      const best = await repo.recordDeadline(db, {
        pool: settings.pool,
        height: current.height,
        minerId,
        userId: owner.userId,
        plotterId,
        nonce,
        deadline,
        baseTarget: current.baseTarget,
        at,
      });
      // The pool's best of the round goes to the node (the node keeps the lowest it was handed) — before anything else: a block may hang on it.
      if (deadline <= best) {
        const outcome = await chain.submitNonce({ plotterId, nonce, height: current.height, address: settings.address });
        if (!outcome.accepted && outcome.reason === POC_ERRORS.HEIGHT) info = undefined;
      }
      // The plot file the miner names, when it is this plotter's and holds the nonce: best effort, after the node has the nonce
      // (a failure is logged, never the submission's).
      const file = headers.plotfile ? parsePocPlotFile(headers.plotfile) : undefined;
      if (file && file.plotterId === plotterId && nonce >= file.startNonce && nonce < file.startNonce + file.nonces) {
        const name = `${file.plotterId}_${file.startNonce}_${file.nonces}`;
        await repo
          .recordPlotFile(db, { pool: settings.pool, plotterId, file: name, startNonce: file.startNonce, nonces: file.nonces, at })
          .catch((error: unknown) => console.warn(`poc ${settings.pool}: plot file ${name} not recorded: ${error instanceof Error ? error.message : String(error)}`));
      }
      return { result: 'success', deadline: Number(deadline) };
    },

    /**
     * The rounds job's step: the round being mined is opened, earlier ones are closed (each
     * taking miner earning its estimated capacity in points), plotter bindings are confirmed
     * from the chain, and blocks the pool won are booked once buried under the coin's
     * confirmations (a block whose hash changed meanwhile was reorganised away: read again).
     */
    async follow(): Promise<{ closed: number; blocks: number; confirmed: number }> {
      info = undefined;
      const current = await miningInfo();
      await repo.ensureRound(db, { pool: settings.pool, height: current.height, generationSignature: current.generationSignature, baseTarget: current.baseTarget });
      let closed = 0;
      // A round's points are dated when it ended: when the chain made the block after it.
      const ended = new Date(current.tipTime * 1000);
      const open = await repo.openRounds(db, settings.pool, current.height);
      for (const [i, round] of open.entries()) {
        // A round lasted until the next one began (the last open one: until the tip was made).
        const end = open[i + 1]?.started_at ?? ended;
        if (await closeRound(round.height, ended, (end.getTime() - round.started_at.getTime()) / 1000)) closed++;
      }
      const confirmations = await repo.poolConfirmations(db, settings.pool);
      const tip = current.height - 1;
      const confirmed = await followBindings(tip, confirmations);
      const blocks = await followBlocks(tip, confirmations);
      return { closed, blocks, confirmed };
    },
  };

  async function closeRound(height: number, at: Date, seconds: number): Promise<boolean> {
    const timing = pocTiming(settings.coin);
    const window = { nAvg: POC_ESTIMATE_ROUNDS, nMin: settings.estimateMinRounds };
    const deadlines = await repo.roundDeadlines(db, settings.pool, height);
    const windows = await repo.minerWindows(
      db,
      settings.pool,
      height,
      window.nAvg,
      deadlines.map((d) => d.miner_id),
    );
    await ensureSharePartition(db, utcDay(at));
    return db.transaction().execute(async (trx) => {
      if (!(await repo.closeRound(trx, settings.pool, height, at))) return false;
      const shares = [];
      for (const d of deadlines) {
        const w = windows.find((x) => x.miner_id === d.miner_id);
        const n = Number(w?.n ?? 0);
        const weighted = Number(w?.weighted ?? 0);
        // Points: the plain estimate (right on average from two rounds on), once the miner has the pool's minimum of rounds.
        const plain = shownEstimateTiB('plain', n, weighted, timing, settings.estimateMinRounds);
        // Shown: the α-corrected estimate by default (low for a new farm), with the rounds it rests on.
        const shown = settings.estimateShown === 'plain' ? plain : shownEstimateTiB('alpha', n, weighted, timing, settings.estimateMinRounds);
        await repo.setEstimate(trx, d.miner_id, BigInt(Math.round(shown * 2 ** 40)), Math.min(n, window.nAvg));
        const points = roundPoints(plain * NONCES_PER_TIB, seconds);
        if (points > 0n) shares.push({ pool: settings.pool, userId: d.user_id, minerId: d.miner_id, difficulty: points, at });
      }
      await recordVerifiedShares(trx, shares, { partitionsMade: true });
      return true;
    });
  }

  async function followBindings(tip: number, confirmations: number): Promise<number> {
    const pending = await repo.pendingBindings(db, settings.pool);
    if (pending.length === 0) return 0;
    const onChain = await chain.plotterBindings(settings.address);
    let changed = 0;
    const at = now();
    for (const plot of pending) {
      if (plot.bind_status === 'BIND_SENT') {
        const id = parseU64(plot.plot_id);
        const binding = onChain.find((b) => b.plotterId === id && b.active && b.height !== undefined && tip >= b.height + confirmations - 1);
        if (binding) changed += await repo.confirmBinding(db, plot.id, at);
      } else if (tip >= Number(plot.bind_height ?? 0) + confirmations) {
        changed += await repo.finishUnbinding(db, plot.id, at);
      }
    }
    return changed;
  }

  async function followBlocks(tip: number, confirmations: number): Promise<number> {
    const buried = tip - Math.max(1, confirmations) + 1;
    let cursor = (await repo.cursor(db, settings.pool)) ?? { height: Math.max(0, buried - 1), hash: null };
    if (cursor.hash !== null && (await chain.blockHash(cursor.height)) !== cursor.hash) {
      // The last block read is no longer on the chain: read again from deeper down.
      cursor = { height: Math.max(0, cursor.height - Math.max(1, confirmations) * 2), hash: null };
    }
    if (buried <= cursor.height) return 0;
    const to = Math.min(buried, cursor.height + 500);
    let booked = 0;
    const blocks = await chain.blocks(cursor.height, to);
    for (const block of blocks) {
      if (block.rewardAddress !== settings.address) continue;
      const finder = await repo.finder(db, settings.pool, block.height, block.plotterId, block.nonce);
      const { created } = await recordBlock(db, {
        pool: settings.pool,
        height: block.height,
        foundAt: new Date(block.time * 1000),
        finderUserId: finder?.user_id ?? null,
        finderMinerId: finder?.miner_id ?? null,
        reward: block.reward,
        capacityBytes: await repo.poolEstimate(db, settings.pool),
      });
      if (created) booked++;
    }
    const last = blocks.at(-1);
    await repo.setCursor(db, settings.pool, to, last && last.height === to ? last.hash : ((await chain.blockHash(to)) ?? null));
    return booked;
  }
}
export type PocPoolService = ReturnType<typeof pocPoolService>;
