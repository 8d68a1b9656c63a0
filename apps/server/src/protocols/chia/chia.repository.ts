import { utcDay } from '@platter/domain';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { ensureSharePartition } from '../../modules/pool/report.ts';
import type { ChiaFarmersTable, PendingFarmerUpdate, PoolState } from './chia.schema.ts';
import type { RecentSummary } from './difficulty.ts';

/** SQL of the Chia pool protocol: farmers, partials, and the points they add to shares. */

export interface FarmerRecord {
  launcherId: string;
  pool: string;
  p2SingletonPuzzleHash: string;
  delayTime: number;
  delayPuzzleHash: string;
  authenticationPublicKey: string;
  ownerPublicKey: string;
  payoutInstructions: string;
  singletonTip: string;
  singletonTipHeight: number;
  singletonTipState: PoolState;
  difficulty: bigint;
  totalPoints: bigint;
  isPoolMember: boolean;
  joinedAt: Date;
  leftAt: Date | null;
  pendingUpdateAt: Date | null;
  userId: string | null;
  minerId: string | null;
  boundAt: Date | null;
  lastPartialAt: Date | null;
}

type Row = Selectable<ChiaFarmersTable>;

function record(row: Row): FarmerRecord {
  return {
    launcherId: row.launcher_id,
    pool: row.pool,
    p2SingletonPuzzleHash: row.p2_singleton_puzzle_hash,
    delayTime: Number(row.delay_time),
    delayPuzzleHash: row.delay_puzzle_hash,
    authenticationPublicKey: row.authentication_public_key,
    ownerPublicKey: row.owner_public_key,
    payoutInstructions: row.payout_instructions,
    singletonTip: row.singleton_tip,
    singletonTipHeight: Number(row.singleton_tip_height),
    singletonTipState: row.singleton_tip_state,
    difficulty: BigInt(row.difficulty),
    totalPoints: BigInt(row.total_points),
    isPoolMember: row.is_pool_member,
    joinedAt: row.joined_at,
    leftAt: row.left_at,
    pendingUpdateAt: row.pending_update_at,
    userId: row.user_id,
    minerId: row.miner_id,
    boundAt: row.bound_at,
    lastPartialAt: row.last_partial_at,
  };
}

export async function findFarmer(db: Db | Transaction<Database>, launcherId: string): Promise<FarmerRecord | undefined> {
  const row = await db.selectFrom('chia_farmers').selectAll().where('launcher_id', '=', launcherId).executeTakeFirst();
  return row ? record(row) : undefined;
}

export async function farmersOfUser(db: Db, userId: string, pool: string): Promise<FarmerRecord[]> {
  const rows = await db.selectFrom('chia_farmers').selectAll().where('user_id', '=', userId).where('pool', '=', pool).orderBy('created_at').execute();
  return rows.map(record);
}

type JoiningFarmer = Omit<FarmerRecord, 'totalPoints' | 'joinedAt' | 'leftAt' | 'pendingUpdateAt' | 'userId' | 'minerId' | 'boundAt' | 'lastPartialAt'>;

/** The columns a POST /farmer sets, for a new record or one moving in from another pool. */
function joinColumns(farmer: JoiningFarmer) {
  return {
    pool: farmer.pool,
    p2_singleton_puzzle_hash: farmer.p2SingletonPuzzleHash,
    delay_time: farmer.delayTime,
    delay_puzzle_hash: farmer.delayPuzzleHash,
    authentication_public_key: farmer.authenticationPublicKey,
    owner_public_key: farmer.ownerPublicKey,
    payout_instructions: farmer.payoutInstructions,
    singleton_tip: farmer.singletonTip,
    singleton_tip_height: farmer.singletonTipHeight,
    singleton_tip_state: JSON.stringify(farmer.singletonTipState),
    difficulty: farmer.difficulty,
    is_pool_member: farmer.isPoolMember,
  };
}

export async function insertFarmer(db: Db, farmer: JoiningFarmer): Promise<boolean> {
  const inserted = await db
    .insertInto('chia_farmers')
    .values({ launcher_id: farmer.launcherId, ...joinColumns(farmer) })
    .onConflict((oc) => oc.column('launcher_id').doNothing())
    .returning('launcher_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * A launcher known to another of this install's Chia pools whose plot NFT now farms to this
 * one (the owner moved it on chain and signed the join): the record moves with it, as a new
 * member (new keys, payout and difficulty, joined now, no update waiting). Its owner's binding
 * stays (the same plot NFT, the same owner), under a miner of that user in the new pool.
 * False when the record is no longer in `fromPool` (a racing join moved it first).
 */
export async function moveFarmer(db: Db, fromPool: string, farmer: JoiningFarmer, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('chia_farmers')
      .set({
        ...joinColumns(farmer),
        joined_at: now,
        left_at: null,
        pending_update: null,
        pending_update_at: null,
        miner_id: null,
        updated_at: now,
      })
      .where('launcher_id', '=', farmer.launcherId)
      .where('pool', '=', fromPool)
      .returning(['user_id'])
      .executeTakeFirst();
    if (!moved) return false;
    if (moved.user_id) {
      const miner = await trx
        .insertInto('miners')
        .values({ user_id: moved.user_id, pool: farmer.pool, name: `plotnft-${farmer.launcherId.slice(0, 8)}`, version: 'chia-pool-v1', last_seen_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'pool', 'name']).doUpdateSet({ version: 'chia-pool-v1' }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('chia_farmers').set({ miner_id: miner.id }).where('launcher_id', '=', farmer.launcherId).execute();
    }
    return true;
  });
}

/** Stores a changed singleton state; membership changes stamp the join or leave time. */
export async function updateSingleton(db: Db, launcherId: string, tip: string, tipHeight: number, state: PoolState, isPoolMember: boolean, now: Date): Promise<void> {
  await db
    .updateTable('chia_farmers')
    .set((eb) => ({
      singleton_tip: tip,
      singleton_tip_height: tipHeight,
      singleton_tip_state: JSON.stringify(state),
      owner_public_key: state.owner_pubkey,
      is_pool_member: isPoolMember,
      left_at: isPoolMember ? null : eb.fn.coalesce('left_at', sql<Date>`${now}::timestamptz`),
      joined_at: isPoolMember
        ? eb
            .case()
            .when('is_pool_member', '=', false)
            .then(sql<Date>`${now}::timestamptz`)
            .else(eb.ref('joined_at'))
            .end()
        : eb.ref('joined_at'),
      updated_at: now,
    }))
    .where('launcher_id', '=', launcherId)
    .execute();
}

/** Applies a PUT /farmer's new authentication key and payout instructions at once. */
export async function applyFarmerKeys(db: Db, launcherId: string, keys: { authentication_public_key?: string; payout_instructions?: string }, now: Date): Promise<void> {
  await db
    .updateTable('chia_farmers')
    .set({
      ...(keys.authentication_public_key !== undefined ? { authentication_public_key: keys.authentication_public_key } : {}),
      ...(keys.payout_instructions !== undefined ? { payout_instructions: keys.payout_instructions } : {}),
      updated_at: now,
    })
    .where('launcher_id', '=', launcherId)
    .execute();
}

/** Schedules a PUT /farmer difficulty after the cool-down; one already waiting is replaced, its due time kept. */
export async function scheduleUpdate(db: Db, launcherId: string, update: PendingFarmerUpdate, at: Date): Promise<void> {
  await db
    .updateTable('chia_farmers')
    .set((eb) => ({ pending_update: JSON.stringify(update), pending_update_at: eb.fn.coalesce('pending_update_at', sql<Date>`${at}::timestamptz`) }))
    .where('launcher_id', '=', launcherId)
    .execute();
}

/** Applies the PUT /farmer changes whose cool-down has passed. */
export async function applyDueUpdates(db: Db, now: Date): Promise<number> {
  const result = await sql`
    UPDATE chia_farmers SET
      authentication_public_key = coalesce(pending_update->>'authentication_public_key', authentication_public_key),
      payout_instructions = coalesce(pending_update->>'payout_instructions', payout_instructions),
      difficulty = coalesce((pending_update->>'difficulty')::bigint, difficulty),
      pending_update = NULL, pending_update_at = NULL, updated_at = ${now}
    WHERE pending_update_at IS NOT NULL AND pending_update_at <= ${now}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export async function setDifficulty(db: Db, launcherId: string, difficulty: bigint): Promise<void> {
  await db.updateTable('chia_farmers').set({ difficulty }).where('launcher_id', '=', launcherId).execute();
}

/** Day partitions of chia_partials made (or being made), per database: one creation per day. */
const knownPartitions = new WeakMap<Db, Map<string, Promise<void>>>();

function ensurePartialPartition(db: Db, day: string): Promise<void> {
  const known = knownPartitions.get(db) ?? new Map<string, Promise<void>>();
  knownPartitions.set(db, known);
  let made = known.get(day);
  if (!made) {
    made = sql`SELECT ensure_chia_partial_partition(${day}::date)`.execute(db).then(() => undefined);
    // A failure is not remembered: the next partial tries again.
    made.catch(() => known.delete(day));
    known.set(day, made);
  }
  return made;
}

export interface NewPartial {
  launcherId: string;
  pool: string;
  receivedAt: Date;
  difficulty: bigint;
  spHash: string;
  endOfSubSlot: boolean;
  posHash: string;
  harvesterId: string;
  plotSize: number;
}

/** A difficulty summary as SQL answers it: count, newest, oldest, and whether all were at the current difficulty. */
export interface RecentRow {
  count: string;
  newest: Date | null;
  oldest: Date | null;
  all_at_current: boolean | null;
}

export function recentSummary(row: RecentRow | undefined): RecentSummary | null {
  if (!row || row.count === '0' || !row.newest || !row.oldest) return null;
  const seconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);
  return { count: Number(row.count), newest: seconds(row.newest), oldest: seconds(row.oldest), allAtCurrent: row.all_at_current === true };
}

/**
 * Records an accepted partial as pending (its points count after the confirmation delay) and
 * answers the summary of the farmer's last `limit` confirmed partials, in one round trip. Only
 * confirmed partials count for the difficulty, as in the reference (whose partials table holds
 * the confirmed ones): the confirmation drops duplicates and reverted signage points, so a
 * replayed proof can neither raise nor lower the difficulty its points are credited at.
 */
export async function insertPartial(db: Db, partial: NewPartial, limit: number): Promise<RecentSummary | null> {
  const day = utcDay(partial.receivedAt);
  await ensurePartialPartition(db, day);
  const result = await sql<RecentRow>`
    WITH recent AS (
      SELECT received_at, difficulty FROM chia_partials
      WHERE launcher_id = ${partial.launcherId} AND status = 'confirmed'
      ORDER BY received_at DESC LIMIT ${limit}
    ), added AS (
      INSERT INTO chia_partials (day, launcher_id, pool, received_at, difficulty, sp_hash, end_of_sub_slot, pos_hash, harvester_id, plot_size)
      VALUES (${day}::date, ${partial.launcherId}, ${partial.pool}, ${partial.receivedAt}, ${partial.difficulty.toString()}, ${partial.spHash},
              ${partial.endOfSubSlot}, ${partial.posHash}, ${partial.harvesterId}, ${partial.plotSize})
    ), seen AS (
      UPDATE chia_farmers SET last_partial_at = ${partial.receivedAt} WHERE launcher_id = ${partial.launcherId}
    )
    SELECT count(*)::text AS count, max(received_at) AS newest, min(received_at) AS oldest, bool_and(difficulty = ${partial.difficulty.toString()}) AS all_at_current
    FROM recent`.execute(db);
  return recentSummary(result.rows[0]);
}

export interface PendingPartial {
  day: string;
  id: string;
  launcherId: string;
  pool: string;
  receivedAt: Date;
  difficulty: bigint;
  spHash: string;
  endOfSubSlot: boolean;
  posHash: string;
}

/** Pending partials received at or before `before`, oldest first. */
export async function duePartials(db: Db, before: Date, limit: number): Promise<PendingPartial[]> {
  const rows = await db
    .selectFrom('chia_partials')
    .select(['day', 'id', 'launcher_id', 'pool', 'received_at', 'difficulty', 'sp_hash', 'end_of_sub_slot', 'pos_hash'])
    .where('status', '=', 'pending')
    .where('received_at', '<=', before)
    .orderBy('received_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    day: r.day,
    id: r.id,
    launcherId: r.launcher_id,
    pool: r.pool,
    receivedAt: r.received_at,
    difficulty: BigInt(r.difficulty),
    spHash: r.sp_hash,
    endOfSubSlot: r.end_of_sub_slot,
    posHash: r.pos_hash,
  }));
}

/** Proof hashes already confirmed among `hashes` (the last two days: a proof answers one signage point). */
export async function confirmedProofs(db: Db, hashes: string[], since: string): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.selectFrom('chia_partials').select('pos_hash').where('day', '>=', since).where('status', '=', 'confirmed').where('pos_hash', 'in', hashes).execute();
  return new Set(rows.map((r) => r.pos_hash));
}

export async function rejectPartial(db: Db, partial: PendingPartial, reason: string, now: Date): Promise<void> {
  await db
    .updateTable('chia_partials')
    .set({ status: 'rejected', reason, confirmed_at: now })
    .where('day', '=', partial.day)
    .where('id', '=', partial.id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * A verified proof's points as a share of the day in the pool core (which the daily settlement
 * pays by), and its miner seen: the one way a Chia proof (PP partial or OG proof) earns. The
 * share partition of `at`'s day must exist (ensureSharePartition, outside the transaction).
 */
export async function creditShare(trx: Transaction<Database>, share: { pool: string; userId: string; minerId: string; difficulty: bigint; at: Date }): Promise<void> {
  await trx
    .insertInto('shares')
    .values({ day: utcDay(share.at), pool: share.pool, user_id: share.userId, miner_id: share.minerId, difficulty: share.difficulty, created_at: share.at })
    .execute();
  await trx.updateTable('miners').set({ last_seen_at: share.at }).where('id', '=', share.minerId).execute();
}

/**
 * Confirms a partial: its points join the farmer's total and, when the launcher is bound to
 * a user, become a share of the day in the pool core (which the daily settlement pays by).
 */
export async function confirmPartial(db: Db, partial: PendingPartial, now: Date): Promise<void> {
  await ensureSharePartition(db, utcDay(now));
  await db.transaction().execute(async (trx) => {
    const farmerNow = await trx.selectFrom('chia_farmers').select(['user_id', 'miner_id']).where('launcher_id', '=', partial.launcherId).forUpdate().executeTakeFirst();
    const credited = farmerNow?.user_id && farmerNow.miner_id ? farmerNow.user_id : null;
    const updated = await trx
      .updateTable('chia_partials')
      .set({ status: 'confirmed', confirmed_at: now, credited_user_id: credited })
      .where('day', '=', partial.day)
      .where('id', '=', partial.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!updated) return;
    const farmer = await trx
      .updateTable('chia_farmers')
      .set((eb) => ({ total_points: eb('total_points', '+', partial.difficulty.toString()) }))
      .where('launcher_id', '=', partial.launcherId)
      .returning(['user_id', 'miner_id'])
      .executeTakeFirst();
    if (farmer?.user_id && farmer.miner_id) {
      await creditShare(trx, { pool: partial.pool, userId: farmer.user_id, minerId: farmer.miner_id, difficulty: partial.difficulty, at: now });
    }
  });
}

/** Confirmed points of a launcher since `since` (today's points, or a day's for the estimate). */
export async function pointsSince(db: Db, launcherIds: string[], since: Date): Promise<Map<string, bigint>> {
  if (launcherIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chia_partials')
    .select(['launcher_id', sql<string>`sum(difficulty)`.as('points')])
    .where('day', '>=', utcDay(since))
    .where('received_at', '>=', since)
    .where('status', '=', 'confirmed')
    .where('launcher_id', 'in', launcherIds)
    .groupBy('launcher_id')
    .execute();
  return new Map(rows.map((r) => [r.launcher_id, BigInt(r.points)]));
}

/**
 * Points of a launcher since the pool's last payout: partials confirmed after the last settled
 * day (a partial's points are a share of the day it is confirmed on, which that day's
 * settlement pays), however long ago they were received.
 */
export async function pointsSinceLastPayout(db: Db, launcherId: string, pool: string): Promise<bigint> {
  const result = await sql<{ points: string | null }>`
    WITH settled AS (
      SELECT max(day) AS day FROM settlements WHERE pool = ${pool} AND status IN ('SETTLEMENT', 'UNSETTLEMENT')
    )
    SELECT sum(p.difficulty)::text AS points FROM chia_partials p, settled
    WHERE p.launcher_id = ${launcherId} AND p.status = 'confirmed'
      AND (settled.day IS NULL OR (p.day >= settled.day AND p.confirmed_at >= (settled.day + 1)::timestamp AT TIME ZONE 'UTC'))`.execute(db);
  return BigInt(result.rows[0]?.points ?? '0');
}

/** Confirmed points of launchers while they were bound to nobody (never credited to a user). */
export async function unissuedPoints(db: Db, launcherIds: string[]): Promise<Map<string, bigint>> {
  if (launcherIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chia_partials')
    .select(['launcher_id', sql<string>`sum(difficulty)`.as('points')])
    .where('launcher_id', 'in', launcherIds)
    .where('status', '=', 'confirmed')
    .where('credited_user_id', 'is', null)
    .groupBy('launcher_id')
    .execute();
  return new Map(rows.map((r) => [r.launcher_id, BigInt(r.points)]));
}

/** The pool's fee in basis points (pool_info shows it as a fraction). */
export async function poolFeeBp(db: Db, pool: string): Promise<number> {
  const row = await db.selectFrom('pool_configs').select('fee_bp').where('pool', '=', pool).executeTakeFirst();
  return row?.fee_bp ?? 0;
}

/** A one-time sign-in grant of a farmer's launcher (GET /login). */
export async function insertLoginGrant(db: Db, grant: { token_hash: string; launcher_id: string; expires_at: Date }): Promise<void> {
  await db.insertInto('chia_login_grants').values(grant).execute();
}
