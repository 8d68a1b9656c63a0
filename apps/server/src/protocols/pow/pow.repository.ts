import type { PowHeader } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of the proof-of-work pools: jobs, the solutions taken for them, and the shares they credit. */

export interface PowJob {
  id: string;
  pool: string;
  height: number;
  header: PowHeader;
  networkTarget: bigint;
  shareDifficulty: bigint;
  reward: bigint;
  createdAt: Date;
}

const toJob = (r: {
  id: string;
  pool: string;
  height: string;
  header: PowHeader;
  network_target: string;
  share_difficulty: string;
  reward_units: string;
  created_at: Date;
}): PowJob => ({
  id: r.id,
  pool: r.pool,
  height: Number(r.height),
  header: r.header,
  networkTarget: BigInt(`0x${r.network_target}`),
  shareDifficulty: BigInt(r.share_difficulty),
  reward: BigInt(r.reward_units),
  createdAt: r.created_at,
});

const JOB_COLUMNS = ['id', 'pool', 'height', 'header', 'network_target', 'share_difficulty', 'reward_units', 'created_at'] as const;

export async function latestJob(db: Db, pool: string): Promise<PowJob | undefined> {
  const row = await db.selectFrom('pow_jobs').select(JOB_COLUMNS).where('pool', '=', pool).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? toJob(row) : undefined;
}

export async function findJob(db: Db, id: string): Promise<PowJob | undefined> {
  const row = await db.selectFrom('pow_jobs').select(JOB_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toJob(row) : undefined;
}

export async function insertJob(db: Db, job: Omit<PowJob, 'id' | 'createdAt'>): Promise<PowJob> {
  const row = await db
    .insertInto('pow_jobs')
    .values({
      pool: job.pool,
      height: job.height,
      header: JSON.stringify(job.header),
      network_target: job.networkTarget.toString(16).padStart(64, '0'),
      share_difficulty: job.shareDifficulty,
      reward_units: job.reward,
    })
    .returning(JOB_COLUMNS)
    .executeTakeFirstOrThrow();
  return toJob(row);
}

/** The miner row of a worker name (made on first use), seen now. */
export async function touchMiner(db: Db, owner: { userId: string; pool: string }, name: string, now: Date): Promise<string> {
  const row = await db
    .insertInto('miners')
    .values({ user_id: owner.userId, pool: owner.pool, name, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'pool', 'name']).doUpdateSet({ last_seen_at: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes a verified solution once: the solution row (unique per job, graffiti and randomness)
 * and its share at the job's share difficulty, in one transaction. False when it was taken before.
 */
export async function takeSolution(
  db: Db,
  solution: { job: PowJob; graffiti: string; randomness: string; userId: string; minerId: string; hash: string; block: boolean; day: string; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .insertInto('pow_solutions')
      .values({
        job_id: solution.job.id,
        graffiti: solution.graffiti,
        randomness: solution.randomness,
        user_id: solution.userId,
        miner_id: solution.minerId,
        hash: solution.hash,
        block: solution.block,
        created_at: solution.now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('job_id')
      .executeTakeFirst();
    if (!taken) return false;
    await sql`INSERT INTO shares (day, pool, user_id, miner_id, difficulty, created_at)
      VALUES (${solution.day}::date, ${solution.job.pool}, ${solution.userId}::bigint, ${solution.minerId}::bigint, ${solution.job.shareDifficulty.toString()}::bigint, ${solution.now})`.execute(
      trx,
    );
    return true;
  });
}

/** A pool's coin and protocol. */
export async function poolProtocol(db: Db, pool: string): Promise<{ coin: string; protocol: string }> {
  return db.selectFrom('pools').select(['coin', 'protocol']).where('type', '=', pool).executeTakeFirstOrThrow();
}
