import { utcDay } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { ensureSharePartition } from '../../modules/pool/report.ts';
import { creditShare, recentSummary, type RecentRow } from './chia.repository.ts';
import type { RecentSummary } from './difficulty.ts';

/** SQL of the Chia OG pool: its miners' difficulties and their verified proofs. */

export interface OgMiner {
  minerId: string;
  difficulty: bigint;
}

/** The difficulty of a user's miner (by name) in an OG pool, or null when it has sent no proof yet. */
export async function findOgMiner(db: Db, owner: { userId: string; pool: string }, name: string): Promise<OgMiner | null> {
  const row = await db
    .selectFrom('miners as m')
    .innerJoin('chia_og_miners as o', 'o.miner_id', 'm.id')
    .select(['m.id', 'o.difficulty'])
    .where('m.user_id', '=', owner.userId)
    .where('m.pool', '=', owner.pool)
    .where('m.name', '=', name)
    .executeTakeFirst();
  return row ? { minerId: row.id, difficulty: BigInt(row.difficulty) } : null;
}

/** The user's miner of that name in the OG pool, made at `difficulty` on its first proof. */
export async function ensureOgMiner(db: Db, owner: { userId: string; pool: string }, name: string, difficulty: bigint, now: Date): Promise<OgMiner> {
  const result = await sql<{ id: string; difficulty: string }>`
    WITH miner AS (
      INSERT INTO miners AS m (user_id, pool, name, version, last_seen_at)
      VALUES (${owner.userId}, ${owner.pool}, ${name}, 'chia-og', ${now})
      ON CONFLICT (user_id, pool, name) DO UPDATE SET last_seen_at = greatest(m.last_seen_at, excluded.last_seen_at)
      RETURNING id
    ), og AS (
      INSERT INTO chia_og_miners (miner_id, pool, difficulty)
      SELECT id, ${owner.pool}, ${difficulty.toString()} FROM miner
      ON CONFLICT (miner_id) DO UPDATE SET miner_id = excluded.miner_id
      RETURNING miner_id, difficulty
    )
    SELECT miner_id AS id, difficulty::text AS difficulty FROM og`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`OG miner ${name} not made`);
  return { minerId: row.id, difficulty: BigInt(row.difficulty) };
}

export async function setOgDifficulty(db: Db, minerId: string, difficulty: bigint): Promise<void> {
  await db.updateTable('chia_og_miners').set({ difficulty }).where('miner_id', '=', minerId).execute();
}

export interface OgProof {
  pool: string;
  userId: string;
  minerId: string;
  receivedAt: Date;
  difficulty: bigint;
  spHash: string;
  posHash: string;
  plotPublicKey: string;
  plotSize: number;
}

/**
 * Records a verified proof and credits its points as a share, in one transaction; answers the
 * summary of the miner's last `limit` proofs before it (for the difficulty), or 'replay' when
 * this proof was counted before (nothing changes then).
 */
export async function creditOgProof(db: Db, proof: OgProof, limit: number): Promise<RecentSummary | null | 'replay'> {
  await ensureSharePartition(db, utcDay(proof.receivedAt));
  return db.transaction().execute(async (trx) => {
    const recent = await sql<RecentRow>`
      WITH recent AS (
        SELECT received_at, difficulty FROM chia_og_proofs WHERE miner_id = ${proof.minerId} ORDER BY received_at DESC LIMIT ${limit}
      )
      SELECT count(*)::text AS count, max(received_at) AS newest, min(received_at) AS oldest, bool_and(difficulty = ${proof.difficulty.toString()}) AS all_at_current
      FROM recent`.execute(trx);
    const added = await trx
      .insertInto('chia_og_proofs')
      .values({
        pool: proof.pool,
        user_id: proof.userId,
        miner_id: proof.minerId,
        received_at: proof.receivedAt,
        difficulty: proof.difficulty,
        sp_hash: proof.spHash,
        pos_hash: proof.posHash,
        plot_public_key: proof.plotPublicKey,
        plot_size: proof.plotSize,
      })
      .onConflict((oc) => oc.column('pos_hash').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!added) return 'replay';
    await creditShare(trx, { pool: proof.pool, userId: proof.userId, minerId: proof.minerId, difficulty: proof.difficulty, at: proof.receivedAt });
    return recentSummary(recent.rows[0]);
  });
}
