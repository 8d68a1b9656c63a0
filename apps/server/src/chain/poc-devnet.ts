import { computeDeadline, nextGenerationSignature, parseGenerationSignature, POC_COIN_TIMING, type DeadlineResult, type Submission } from '@platter/poc';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { devnetAddress } from './devnet.ts';
import type { PointTerm } from '@platter/domain';
import type { PlotterBinding, PocBlock, PocChain, PocMiningInfo, PointTransfer } from './poc.ts';
import { pocDevnetRepository as repo, type DevnetPocBlockRow, type DevnetPocChainRow } from './poc-devnet.repository.ts';

/** BHD's node answers a target deadline of 2^32 − 1 seconds (it takes any deadline up to it). */
export const NODE_TARGET_DEADLINE = 4_294_967_295n;
const TWO_64 = 2 ** 64;
/** Blocks the base target's retarget averages over. */
const RETARGET_BLOCKS = 4;

/** The devnet's block reward of each proof-of-capacity coin, base units at its scale (the real chains' figures, rounded). */
const BLOCK_REWARD_COINS: Record<string, string> = { BHD: '4.75', LHD: '5', HDD: '45', XHD: '10', BURST: '100', DEPINC: '67.5' };

/** The block timing of a PoC coin (POC_COIN_TIMING by its lower-case name; BURST's for the others). */
export function pocTiming(coin: string) {
  return POC_COIN_TIMING[coin.toLowerCase() as keyof typeof POC_COIN_TIMING] ?? POC_COIN_TIMING.burst;
}

export interface PocDevnetOptions {
  /** The devnet's own secret (addresses of the network's competitors). */
  secret: string;
  /** Target seconds between blocks; 0: the coin's own block time (BHD 180 s, LHD/HDD/XHD 300 s). */
  blockSeconds: number;
  /** The simulated network competitors' plots, in nonces (256 KiB each). */
  networkNonces: number;
  /** The coin's scale (base units per coin = 10^scale). */
  scale: number;
  /** How the node checks a nonce (default: computeDeadline in this thread; the pool hands its worker pool). */
  verify?: (submission: Submission) => Promise<DeadlineResult>;
  random?: () => number;
}

/** The network competitors' best deadline for a block: the least hit of `nonces` uniform hits, over the base target. */
export function networkDeadline(nonces: number, baseTarget: bigint, random: () => number = Math.random): bigint {
  const exponential = -Math.log(1 - random());
  return BigInt(Math.floor((exponential * TWO_64) / (nonces * Number(baseTarget))));
}

/**
 * The next base target: the average of the window's base targets (newest first, the block just
 * made included) times the window's mean block time over the target — slow blocks raise it, which
 * shortens deadlines — within ½–2× of the current one.
 */
export function retargetBaseTarget(baseTarget: bigint, newestFirst: readonly { time: Date; baseTarget: bigint }[], targetSeconds: number): bigint {
  if (newestFirst.length < 2) return baseTarget;
  const spans = newestFirst.length - 1;
  const seconds = Math.max(1, ((newestFirst[0]?.time.getTime() ?? 0) - (newestFirst[spans]?.time.getTime() ?? 0)) / 1000);
  const average = newestFirst.slice(0, spans).reduce((sum, b) => sum + b.baseTarget, 0n) / BigInt(spans);
  let next = (average * BigInt(Math.round(seconds * 1000))) / BigInt(spans * targetSeconds * 1000);
  if (next > baseTarget * 2n) next = baseTarget * 2n;
  if (next < baseTarget / 2n) next = baseTarget / 2n;
  return next > 0n ? next : 1n;
}

/**
 * A simulated BHD-family chain (issue 21), kept in the database as the other devnet chains are:
 * the generation signature of each block is the real chaining (shabal256(genSig ‖ generator)),
 * the base target starts from the coin's genesis value scaled to the devnet's simulated
 * capacity and block time (exactly the genesis value for 1 TiB at the coin's own block time) and
 * is retargeted over the last four blocks; each height, simulated network competitors draw their
 * best deadline from their capacity, and the nonce the pool submitted wins when its deadline is
 * lower — the block then pays the address its plotter is bound to. Plotters are bound and unbound
 * with transactions mined into the next block.
 */
export function pocDevnet(db: Db, coin: string, options: PocDevnetOptions) {
  const timing = pocTiming(coin);
  const targetSeconds = options.blockSeconds > 0 ? options.blockSeconds : timing.blockTimeSeconds;
  const random = options.random ?? Math.random;
  const verify = options.verify ?? ((s: Submission) => Promise.resolve(computeDeadline(s)));
  const reward = (() => {
    const [whole = '0', fraction = ''] = (BLOCK_REWARD_COINS[coin] ?? '10').split('.');
    return BigInt(whole + fraction.padEnd(options.scale, '0').slice(0, options.scale));
  })();
  /** 1 TiB is 2^22 nonces: the genesis base target makes a TiB's best deadline the block time. */
  const startBaseTarget = (timing.genesisBaseTarget * 4_194_304n * BigInt(timing.blockTimeSeconds)) / (BigInt(Math.max(1, options.networkNonces)) * BigInt(targetSeconds));
  const networkAddress = devnetAddress(options.secret, coin, 'poc-network');

  async function current(): Promise<DevnetPocChainRow> {
    const row = await repo.chain(db, coin);
    if (row) return row;
    const genesis = createHash('sha256').update(`platter-devnet-poc:${coin}`).digest('hex');
    await repo.createChain(db, {
      coin,
      height: 1,
      generation_signature: genesis,
      base_target: startBaseTarget.toString(),
      tip_time: new Date(),
      network_deadline: networkDeadline(options.networkNonces, startBaseTarget, random).toString(),
    });
    return (await repo.chain(db, coin)) as DevnetPocChainRow;
  }

  function blockOf(row: DevnetPocBlockRow): PocBlock {
    return {
      height: row.height,
      hash: row.hash,
      time: Math.floor(row.time.getTime() / 1000),
      generationSignature: row.generation_signature,
      baseTarget: BigInt(row.base_target),
      plotterId: BigInt(row.plotter_id),
      nonce: BigInt(row.nonce),
      deadline: BigInt(row.deadline),
      rewardAddress: row.reward_address,
      reward: BigInt(row.reward_units),
    };
  }

  async function bindings(address: string): Promise<PlotterBinding[]> {
    return (await repo.bindingsOf(db, coin, address)).map((b) => ({
      plotterId: BigInt(b.plotter_id),
      address: b.address,
      txid: b.txid,
      ...(b.height !== null ? { height: b.height } : {}),
      active: b.active,
    }));
  }

  async function points(side: 'from_address' | 'to_address', address: string): Promise<PointTransfer[]> {
    return (await repo.standingPoints(db, coin, side, address)).map((p) => ({
      txid: p.txid,
      from: p.from_address,
      to: p.to_address,
      amount: BigInt(p.amount_units),
      ...(p.height !== null ? { height: p.height } : {}),
      term: p.term,
    }));
  }

  const chain: PocChain & {
    /**
     * Forges the block being mined when its best deadline has passed (one block a call); answers
     * it. `force` (tests): the block is made at once, stamped with its own time (tip time + deadline).
     */
    advance(now?: Date, options?: { force?: boolean }): Promise<PocBlock | undefined>;
    /** A bindplotter transaction (or an unbind): in the mempool until the next block. */
    bindPlotter(plotterId: bigint, address: string, unbind?: boolean): Promise<{ txid: string }>;
    /** A point (sendpledgetoaddress) from `from` to `to`: in the mempool until the next block. */
    sendPoint(from: string, to: string, amount: bigint, term?: PointTerm): Promise<{ txid: string }>;
    /** The point's withdrawpledge, mined into the next block; undefined when no such point stands. */
    withdrawPoint(txid: string): Promise<{ txid: string } | undefined>;
    /** A reorganisation: the blocks above `height` are dropped, mining resumes at height + 1. */
    reorg(height: number): Promise<void>;
    readonly targetSeconds: number;
  } = {
    coin,
    targetSeconds,
    async miningInfo(): Promise<PocMiningInfo> {
      const row = await current();
      return {
        height: row.height,
        generationSignature: row.generation_signature,
        baseTarget: BigInt(row.base_target),
        targetDeadline: NODE_TARGET_DEADLINE,
        tipTime: Math.floor(row.tip_time.getTime() / 1000),
      };
    },

    async submitNonce(submission) {
      const row = await current();
      if (submission.height !== row.height) return { accepted: false, reason: 'Submission for another block height' };
      const bound = (await bindings(submission.address)).some((b) => b.plotterId === submission.plotterId && b.active);
      if (!bound) return { accepted: false, reason: `plotter ${submission.plotterId} is not bound to ${submission.address}` };
      const { deadline } = await verify({
        genSig: parseGenerationSignature(row.generation_signature),
        height: row.height,
        accountId: submission.plotterId,
        nonce: submission.nonce,
        baseTarget: BigInt(row.base_target),
        version: 2,
      });
      if (deadline > NODE_TARGET_DEADLINE) return { accepted: false, reason: 'Deadline exceeds the target deadline' };
      await db.transaction().execute(async (trx) => {
        const locked = await repo.chain(trx, coin, true);
        if (!locked || locked.height !== submission.height) return;
        if (locked.best_deadline !== null && BigInt(locked.best_deadline) <= deadline) return;
        await repo.setBest(trx, coin, { plotterId: submission.plotterId, nonce: submission.nonce, deadline, address: submission.address });
      });
      return { accepted: true, deadline };
    },

    async blocks(fromHeight, toHeight) {
      return (await repo.blocks(db, coin, fromHeight, toHeight)).map(blockOf);
    },

    async blockHash(height) {
      return (await repo.block(db, coin, height))?.hash;
    },

    plotterBindings: bindings,
    pointsFrom: (address) => points('from_address', address),
    pointsTo: (address) => points('to_address', address),

    async sendPoint(from, to, amount, term = 'Noterm') {
      const txid = randomBytes(32).toString('hex');
      await repo.addPoint(db, { coin, txid, from, to, amount, term });
      return { txid };
    },

    async withdrawPoint(txid) {
      const withdrawTxid = randomBytes(32).toString('hex');
      return (await repo.withdrawPoint(db, coin, txid, withdrawTxid)) ? { txid: withdrawTxid } : undefined;
    },

    async advance(now = new Date(), how = {}) {
      await current();
      return db.transaction().execute(async (trx) => {
        const row = await repo.chain(trx, coin, true);
        if (!row) return undefined;
        const network = BigInt(row.network_deadline);
        const pool = row.best_deadline !== null ? BigInt(row.best_deadline) : undefined;
        const poolWins = pool !== undefined && pool < network;
        const deadline = poolWins ? pool : network;
        const due = row.tip_time.getTime() + Number(deadline) * 1000;
        if (now.getTime() < due && !how.force) return undefined;
        // After a long stop the chain does not replay the missed time: the block is made now.
        const time = new Date(!how.force && now.getTime() - due > targetSeconds * 10_000 ? now.getTime() : due);
        const plotterId = poolWins
          ? BigInt(row.best_plotter_id as string)
          : BigInt(`0x${createHash('sha256').update(`competitor:${coin}:${row.height}:${random()}`).digest('hex').slice(0, 16)}`);
        const nonce = poolWins ? BigInt(row.best_nonce as string) : BigInt(Math.floor(random() * 2 ** 40));
        const previous = row.height > 1 ? await repo.block(trx, coin, row.height - 1) : undefined;
        const hash = createHash('sha256')
          .update(`${previous?.hash ?? 'genesis'}:${coin}:${row.height}:${row.generation_signature}:${plotterId}:${nonce}:${randomBytes(8).toString('hex')}`)
          .digest('hex');
        const block: DevnetPocBlockRow = {
          coin,
          height: row.height,
          hash,
          time,
          generation_signature: row.generation_signature,
          base_target: row.base_target,
          plotter_id: plotterId.toString(),
          nonce: nonce.toString(),
          deadline: deadline.toString(),
          reward_address: poolWins ? (row.best_address as string) : networkAddress,
          reward_units: reward.toString(),
        };
        await repo.insertBlock(trx, block);
        await repo.mineBindings(trx, coin, row.height);
        const window = (await repo.lastBlocks(trx, coin, RETARGET_BLOCKS + 1)).map((b) => ({ time: b.time, baseTarget: BigInt(b.base_target) }));
        const baseTarget = retargetBaseTarget(BigInt(row.base_target), window, targetSeconds);
        await repo.setMining(trx, coin, {
          height: row.height + 1,
          generation_signature: Buffer.from(nextGenerationSignature(parseGenerationSignature(row.generation_signature), plotterId)).toString('hex'),
          base_target: baseTarget.toString(),
          tip_time: time,
          network_deadline: networkDeadline(options.networkNonces, baseTarget, random).toString(),
        });
        return blockOf(block);
      });
    },

    async bindPlotter(plotterId, address, unbind = false) {
      const txid = randomBytes(32).toString('hex');
      await repo.addBinding(db, { coin, plotterId, address, txid, unbind });
      return { txid };
    },

    async reorg(height) {
      await current();
      await db.transaction().execute(async (trx) => {
        await repo.chain(trx, coin, true);
        await repo.dropBlocksAbove(trx, coin, height);
        const tip = await repo.block(trx, coin, height);
        const genSig = tip
          ? Buffer.from(nextGenerationSignature(parseGenerationSignature(tip.generation_signature), BigInt(tip.plotter_id))).toString('hex')
          : createHash('sha256').update(`platter-devnet-poc:${coin}`).digest('hex');
        const baseTarget = tip ? BigInt(tip.base_target) : startBaseTarget;
        await repo.setMining(trx, coin, {
          height: height + 1,
          generation_signature: genSig,
          base_target: baseTarget.toString(),
          tip_time: tip?.time ?? new Date(),
          network_deadline: networkDeadline(options.networkNonces, baseTarget, random).toString(),
        });
      });
    },
  };

  return chain;
}
export type PocDevnet = ReturnType<typeof pocDevnet>;
