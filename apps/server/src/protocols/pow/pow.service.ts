import { ironfishHeaderBytes, meetsTarget, targetFromDifficulty, utcDay, type PowHeader, type PowRefusal } from '@platter/domain';
import { blake3 } from '@noble/hashes/blake3.js';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { recordBlock } from '../../modules/pool/blocks.ts';
import { ensureSharePartition } from '../../modules/pool/report.ts';
import { findJob, insertJob, latestJob, poolProtocol, takeSolution, touchMiner, type PowJob } from './pow.repository.ts';

/**
 * Proof-of-work shares (issue 18): the pool's own jobs (block templates from the chain adapter)
 * and the check of every solution a miner sends for one. A share is the pool's evidence of
 * work: it counts only for the pool's current job, once, when its BLAKE3 hash meets the share
 * target, and it is credited at the job's share difficulty (the miner states no number).
 */

export interface PowContext {
  db: Db;
  chains: ChainRegistry;
  /** The pool's share difficulty (POW_SHARE_DIFFICULTY). */
  shareDifficulty: bigint;
}

/** A job is renewed this often even on the same block (a fresh timestamp, as Iron Fish pools do). */
export const JOB_REFRESH_MS = 60_000;

/** Iron Fish's hash of a header: BLAKE3 of the 180-byte mineable header. */
export const hashPowHeader = (header: PowHeader): Uint8Array => blake3(ironfishHeaderBytes(header));

/** The header a solution names: the job's, with the connection's graffiti and the miner's randomness. */
export const solvedHeader = (job: PowJob, graffiti: string, randomness: string): PowHeader => ({ ...job.header, graffiti, randomness });

async function poolCoin(db: Db, pool: string): Promise<string> {
  const row = await poolProtocol(db, pool);
  if (row.protocol !== 'pow-share') throw new Error(`pool ${pool} does not take proof-of-work shares`);
  return row.coin;
}

/** The pool's current job: the latest one while it still builds on the chain's tip, else a new one from the chain's template. */
export async function currentJob(ctx: PowContext, pool: string, now = new Date()): Promise<PowJob> {
  const adapter = ctx.chains.adapter(await poolCoin(ctx.db, pool));
  if (!adapter.powTemplate) throw new Error(`the ${adapter.coin} chain gives no mining templates`);
  const template = await adapter.powTemplate();
  const latest = await latestJob(ctx.db, pool);
  if (latest && latest.height === template.height && latest.shareDifficulty === ctx.shareDifficulty && now.getTime() - latest.createdAt.getTime() < JOB_REFRESH_MS) return latest;
  return insertJob(ctx.db, {
    pool,
    height: template.height,
    header: template.header,
    networkTarget: BigInt(`0x${template.header.target}`),
    shareDifficulty: ctx.shareDifficulty,
    reward: template.reward,
  });
}

export type SubmitOutcome = { accepted: true; block: boolean; difficulty: bigint } | { accepted: false; reason: PowRefusal };

/**
 * Checks one solution and credits it: refused when the job is unknown or not the pool's
 * current one (stale), when the hash misses the share target, or when the same solution was
 * taken before (a replay). A solution that also meets the network target goes to the chain as a
 * block, recorded with the job's reward for the pool.
 */
export async function submitSolution(
  ctx: PowContext,
  work: { userId: string; pool: string; minerName: string; jobId: string; graffiti: string; randomness: string },
  now = new Date(),
): Promise<SubmitOutcome> {
  const job = await findJob(ctx.db, work.jobId);
  if (!job || job.pool !== work.pool) return { accepted: false, reason: 'unknown job' };
  const latest = await latestJob(ctx.db, work.pool);
  const adapter = ctx.chains.adapter(await poolCoin(ctx.db, work.pool));
  if (latest?.id !== job.id || (await adapter.height()) !== job.height) return { accepted: false, reason: 'stale job' };
  const header = solvedHeader(job, work.graffiti, work.randomness);
  const hash = hashPowHeader(header);
  if (!meetsTarget(hash, targetFromDifficulty(job.shareDifficulty))) return { accepted: false, reason: 'low difficulty' };
  const block = meetsTarget(hash, job.networkTarget);
  const day = utcDay(now);
  await ensureSharePartition(ctx.db, day);
  const minerId = await touchMiner(ctx.db, work, work.minerName, now);
  const hashHex = Buffer.from(hash).toString('hex');
  const taken = await takeSolution(ctx.db, { job, graffiti: work.graffiti, randomness: work.randomness, userId: work.userId, minerId, hash: hashHex, block, day, now });
  if (!taken) return { accepted: false, reason: 'duplicate share' };
  if (block && adapter.submitPowBlock && (await adapter.submitPowBlock(header))) {
    await recordBlock(ctx.db, { pool: work.pool, height: job.height + 1, foundAt: now, finderUserId: work.userId, finderMinerId: minerId, reward: job.reward });
  }
  return { accepted: true, block, difficulty: job.shareDifficulty };
}
