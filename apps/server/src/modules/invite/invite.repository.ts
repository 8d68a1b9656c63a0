import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The invitations' and rebates' SQL (invite.service.ts holds the rules and their order). */

type Paging = { page: number; count: number };
const offset = (p: Paging) => (p.page - 1) * p.count;

export interface RebateFilter {
  inviterId?: string;
  inviteeId?: string;
  /** Either side's uid (back office). */
  uid?: string;
  pool?: string;
  coin?: string;
  day?: string;
}

function rebatesWhere(f: RebateFilter) {
  return sql.join(
    [
      sql`true`,
      ...(f.inviterId ? [sql`r.inviter_id = ${f.inviterId}::bigint`] : []),
      ...(f.inviteeId ? [sql`r.invitee_id = ${f.inviteeId}::bigint`] : []),
      ...(f.uid ? [sql`(ie.uid = ${f.uid} OR ir.uid = ${f.uid})`] : []),
      ...(f.pool ? [sql`r.pool = ${f.pool}`] : []),
      ...(f.coin ? [sql`r.coin = ${f.coin}`] : []),
      ...(f.day ? [sql`r.day = ${f.day}::date`] : []),
    ],
    sql` AND `,
  );
}

export interface RebateRow {
  day: string;
  pool: string;
  coin: string;
  income_units: string;
  fee_units: string;
  share_bp: number;
  rebate_units: string;
  invitee_uid: string;
  invitee_email: string;
  inviter_uid: string;
  inviter_email: string;
}

/** The UTC day an on-chain reward was credited on (its fee taken). */
const rewardDay = sql`(r.created_at AT TIME ZONE 'UTC')::date`;

interface RebateInput {
  pool: string;
  day: string;
  coin: string;
  shareBp: number;
}

/**
 * Writes a day's rebates in one statement from `picked` (the last of the given CTEs: invitee_id,
 * inviter_id, income, fee — the invitee's part of the day's fee): their inviter gets ⌊fee × share ÷
 * 10,000⌋ (inviteRebate); rows with a rebate are written, the (invitee, pool, day) key refusing a
 * second. Answers the sums per inviter of the rows written now, and how many invitees were picked.
 */
async function insertPicked(trx: Db, input: RebateInput, ctes: RawBuilder<unknown>) {
  const { rows } = await sql<{ inviter_id: string | null; amount: string | null; invitees: string }>`
    WITH ${ctes}, rebates AS (SELECT *, div(fee * ${input.shareBp}, 10000) AS rebate FROM picked),
    inserted AS (
      INSERT INTO invite_rebates (invitee_id, pool, day, inviter_id, coin, income_units, fee_units, share_bp, rebate_units)
      SELECT invitee_id, ${input.pool}, ${input.day}::date, inviter_id, ${input.coin}, income, fee, ${input.shareBp}, rebate FROM rebates WHERE rebate > 0
      ON CONFLICT DO NOTHING RETURNING inviter_id, rebate_units
    ), sums AS (SELECT inviter_id, sum(rebate_units) AS amount FROM inserted GROUP BY inviter_id)
    SELECT s.inviter_id::text, s.amount::text, (SELECT count(*) FROM picked)::text AS invitees FROM (SELECT 1) one LEFT JOIN sums s ON true
    ORDER BY s.inviter_id`.execute(trx);
  const invitees = Number(rows[0]?.invitees ?? 0);
  const credits = rows.filter((r) => r.inviter_id !== null).map((r) => ({ inviterId: r.inviter_id as string, amount: BigInt(r.amount ?? '0') }));
  return { invitees, credits };
}

export const inviteRepository = {
  // --- invitations ---------------------------------------------------------------------------

  /** The active or pending (not banned) user whose invite id (uid) this is. */
  inviterByUid: (db: Db, uid: string) => db.selectFrom('users').select(['id', 'uid']).where('uid', '=', uid).where('status', '!=', 'banned').executeTakeFirst(),

  insertInvitation: (trx: Db, inviteeId: string, inviterId: string) => trx.insertInto('invitations').values({ invitee_id: inviteeId, inviter_id: inviterId }).execute(),

  inviterOf: (db: Db, inviteeId: string) =>
    db.selectFrom('invitations as i').innerJoin('users as u', 'u.id', 'i.inviter_id').select(['u.uid', 'i.created_at']).where('i.invitee_id', '=', inviteeId).executeTakeFirst(),

  uidOf: async (db: Db, userId: string) => (await db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow()).uid,

  countInvitees: async (db: Db, inviterId: string) =>
    Number(
      (
        await db
          .selectFrom('invitations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('inviter_id', '=', inviterId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  invitees: (db: Db, inviterId: string, p: Paging) =>
    db
      .selectFrom('invitations as i')
      .innerJoin('users as u', 'u.id', 'i.invitee_id')
      .select(['u.email', 'u.status', 'i.created_at'])
      .where('i.inviter_id', '=', inviterId)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.invitee_id', 'desc')
      .limit(p.count)
      .offset(offset(p))
      .execute(),

  async adminInvitations(db: Db, uid: string | undefined, p: Paging) {
    const where = uid ? sql`(ie.uid = ${uid} OR ir.uid = ${uid})` : sql`true`;
    const rows = await sql<{ invitee_uid: string; invitee_email: string; inviter_uid: string; inviter_email: string; created_at: Date; total: string }>`
      SELECT ie.uid AS invitee_uid, ie.email AS invitee_email, ir.uid AS inviter_uid, ir.email AS inviter_email, i.created_at,
             count(*) OVER () AS total
      FROM invitations i JOIN users ie ON ie.id = i.invitee_id JOIN users ir ON ir.id = i.inviter_id
      WHERE ${where}
      ORDER BY i.created_at DESC, i.invitee_id DESC LIMIT ${p.count} OFFSET ${offset(p)}`.execute(db);
    return rows.rows;
  },

  countAdminInvitations: async (db: Db, uid: string | undefined) => {
    const where = uid ? sql`(ie.uid = ${uid} OR ir.uid = ${uid})` : sql`true`;
    const row = await sql<{ n: string }>`
      SELECT count(*) AS n FROM invitations i JOIN users ie ON ie.id = i.invitee_id JOIN users ir ON ir.id = i.inviter_id WHERE ${where}`.execute(db);
    return Number(row.rows[0]?.n ?? 0);
  },

  // --- rebates -------------------------------------------------------------------------------

  /** Total rebate per coin an inviter has received. */
  totalsByCoin: (db: Db, inviterId: string) =>
    db
      .selectFrom('invite_rebates as r')
      .innerJoin('coins as c', 'c.type', 'r.coin')
      .select(['r.coin', sql<string>`sum(r.rebate_units)`.as('total')])
      .where('r.inviter_id', '=', inviterId)
      .groupBy('r.coin')
      .orderBy('r.coin')
      .execute(),

  async rebates(db: Db, f: RebateFilter, p: Paging): Promise<RebateRow[]> {
    const rows = await sql<RebateRow>`
      SELECT r.day::text AS day, r.pool, r.coin, r.income_units::text, r.fee_units::text, r.share_bp, r.rebate_units::text,
             ie.uid AS invitee_uid, ie.email AS invitee_email, ir.uid AS inviter_uid, ir.email AS inviter_email
      FROM invite_rebates r JOIN users ie ON ie.id = r.invitee_id JOIN users ir ON ir.id = r.inviter_id
      WHERE ${rebatesWhere(f)}
      ORDER BY r.day DESC, r.pool, r.invitee_id LIMIT ${p.count} OFFSET ${offset(p)}`.execute(db);
    return rows.rows;
  },

  async countRebates(db: Db, f: RebateFilter): Promise<number> {
    const row = await sql<{ n: string }>`
      SELECT count(*) AS n FROM invite_rebates r JOIN users ie ON ie.id = r.invitee_id JOIN users ir ON ir.id = r.inviter_id
      WHERE ${rebatesWhere(f)}`.execute(db);
    return Number(row.rows[0]?.n ?? 0);
  },

  // --- the pools' shares ---------------------------------------------------------------------

  poolShares: (db: Db) =>
    db
      .selectFrom('pools as p')
      .innerJoin('pool_configs as c', 'c.pool', 'p.type')
      .leftJoin('invite_rebate_pools as r', 'r.pool', 'p.type')
      .select(['p.type as pool', 'p.coin', 'c.fee_bp', 'r.share_bp'])
      .orderBy('p.type')
      .execute(),

  poolShare: async (db: Db, pool: string) => (await db.selectFrom('invite_rebate_pools').select('share_bp').where('pool', '=', pool).executeTakeFirst())?.share_bp,

  setPoolShare: (trx: Db, pool: string, shareBp: number) =>
    trx
      .insertInto('invite_rebate_pools')
      .values({ pool, share_bp: shareBp })
      .onConflict((oc) => oc.column('pool').doUpdateSet({ share_bp: shareBp, updated_at: sql<Date>`now()` }))
      .execute(),

  // --- development only ----------------------------------------------------------------------

  /** The user's miner on a pool, by name, with its capacity (made or refreshed). */
  devMiner: async (db: Db, input: { userId: string; pool: string; name: string; capacity: bigint; at: Date }) =>
    (
      await db
        .insertInto('miners')
        .values({ user_id: input.userId, pool: input.pool, name: input.name, capacity_bytes: input.capacity, last_seen_at: input.at })
        .onConflict((oc) => oc.columns(['user_id', 'pool', 'name']).doUpdateSet({ capacity_bytes: input.capacity, last_seen_at: input.at }))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  blockDay: async (db: Db, id: string) =>
    (
      await db
        .selectFrom('blocks')
        .select(sql<string>`day::text`.as('day'))
        .where('id', '=', id)
        .executeTakeFirst()
    )?.day,

  poolCoin: (db: Db, pool: string) => db.selectFrom('pools').select(['type', 'coin']).where('type', '=', pool).executeTakeFirst(),

  // --- the rebate job ------------------------------------------------------------------------

  /**
   * The (pool, day)s whose rebates are due and not decided yet, oldest first: settled days whose
   * credits are all in their members' balances, and the on-chain-reward pools' days (UTC, by when
   * each reward was credited) that are over and whose credited rewards are all past the pool's
   * look-back (onchainDayDue).
   */
  async dueDays(db: Db, limit: number) {
    const { rows } = await sql<{ pool: string; day: string }>`
      SELECT pool, day::text AS day FROM (
        SELECT s.pool, s.day FROM settlements s
        WHERE s.status = 'SETTLEMENT' AND s.credits_applied_at IS NOT NULL
        UNION ALL
        SELECT r.pool, ${rewardDay} AS day FROM onchain_rewards r JOIN onchain_reward_lookback l ON l.pool = r.pool
        WHERE r.status = 'credited' AND r.decided_at IS NULL
        GROUP BY r.pool, ${rewardDay}, l.from_height, l.checked_at
        HAVING max(r.height) <= l.from_height AND l.checked_at >= ((${rewardDay} + 1)::timestamp AT TIME ZONE 'UTC')
      ) due
      WHERE NOT EXISTS (SELECT 1 FROM invite_rebate_days d WHERE d.pool = due.pool AND d.day = due.day AND d.done_at IS NOT NULL)
      ORDER BY day, pool LIMIT ${limit}`.execute(db);
    return rows;
  },

  /** The day's rebate row, made if new, then locked: racing workers queue here and find it done. */
  async lockDay(trx: Db, pool: string, day: string) {
    await trx
      .insertInto('invite_rebate_days')
      .values({ pool, day })
      .onConflict((oc) => oc.columns(['pool', 'day']).doNothing())
      .execute();
    return trx.selectFrom('invite_rebate_days').select('done_at').where('pool', '=', pool).where('day', '=', day).forUpdate().executeTakeFirstOrThrow();
  },

  /** Whether the pool's income is on-chain rewards (fee per reward, no daily settlement). */
  isOnchainPool: async (db: Db, pool: string) => (await db.selectFrom('pools').select('protocol').where('type', '=', pool).executeTakeFirst())?.protocol === 'onchain-reward',

  /**
   * An on-chain-reward pool's day, decided when it is due: the day is over (the pool's last pass
   * began after it) and every reward credited that day is at or below the height the pass no
   * longer looks back at. Then the day's credited rewards are stamped decided (final: the
   * reversal refuses them, the row locks ordering the two) and the day's fee is their fees' sum;
   * undefined while not due.
   */
  async decideOnchainDay(trx: Db, pool: string, day: string) {
    const due = await sql<{ coin: string }>`
      SELECT p.coin FROM pools p JOIN onchain_reward_lookback l ON l.pool = p.type
      WHERE p.type = ${pool} AND l.checked_at >= ((${day}::date + 1)::timestamp AT TIME ZONE 'UTC')
        AND NOT EXISTS (
          SELECT 1 FROM onchain_rewards r
          WHERE r.pool = ${pool} AND ${rewardDay} = ${day}::date AND r.status = 'credited' AND r.height > l.from_height)`.execute(trx);
    const coin = due.rows[0]?.coin;
    if (coin === undefined) return undefined;
    const { rows } = await sql<{ fee: string }>`
      WITH decided AS (
        UPDATE onchain_rewards r SET decided_at = now()
        WHERE r.pool = ${pool} AND ${rewardDay} = ${day}::date AND r.status = 'credited'
        RETURNING r.fee_units
      ) SELECT coalesce(sum(fee_units), 0)::text AS fee FROM decided`.execute(trx);
    return { coin, fee: BigInt(rows[0]?.fee ?? '0') };
  },

  /** The settled day as the settlement left it (under the job's lock it no longer changes). */
  settledDay: (trx: Db, pool: string, day: string) =>
    trx
      .selectFrom('settlements as s')
      .innerJoin('pools as p', 'p.type', 's.pool')
      .select(['s.status', 's.fee_units', 's.credits_applied_at', 'p.coin'])
      .where('s.pool', '=', pool)
      .where('s.day', '=', day)
      .executeTakeFirst(),

  /**
   * A settled day's rebates: every invitee with a settlement record of the day gets the part of
   * the fee taken from their income (fee × points ÷ the day's shared points, floored: memberFee).
   */
  insertRebates: (trx: Db, input: RebateInput & { fee: bigint; minCapacity: bigint }) =>
    insertPicked(
      trx,
      input,
      sql`credits AS MATERIALIZED (
        SELECT c.user_id, c.points, c.amount_units, (c.points > 0 AND c.capacity_bytes >= ${input.minCapacity.toString()}::numeric) AS shared
        FROM settlement_credits c WHERE c.pool = ${input.pool} AND c.day = ${input.day}::date
      ), total AS (SELECT coalesce(sum(points) FILTER (WHERE shared), 0) AS points FROM credits),
      picked AS (
        SELECT c.user_id AS invitee_id, i.inviter_id, c.amount_units AS income,
               CASE WHEN c.shared AND t.points > 0 THEN div(${input.fee.toString()}::numeric * c.points, t.points) ELSE 0 END AS fee
        FROM credits c JOIN invitations i ON i.invitee_id = c.user_id CROSS JOIN total t
      )`,
    ),

  /**
   * An on-chain-reward pool's decided day's rebates: each reward's fee is its owner's own, so an
   * invitee's part is the sum of the fees of their rewards credited that day and decided (a reward
   * reversed before is not among them), their income the rest.
   */
  insertOnchainRebates: (trx: Db, input: RebateInput) =>
    insertPicked(
      trx,
      input,
      sql`picked AS (
        SELECT r.user_id AS invitee_id, i.inviter_id, sum(r.amount_units - r.fee_units) AS income, sum(r.fee_units) AS fee
        FROM onchain_rewards r JOIN invitations i ON i.invitee_id = r.user_id
        WHERE r.pool = ${input.pool} AND ${rewardDay} = ${input.day}::date AND r.status = 'credited' AND r.decided_at IS NOT NULL
        GROUP BY r.user_id, i.inviter_id
      )`,
    ),

  /** The day's rebates point at their ledger transaction, and the day is done. */
  async finishDay(trx: Db, pool: string, day: string, done: { shareBp: number; fee: bigint; rebate: bigint; invitees: number; transactionId: string | null }) {
    if (done.transactionId) {
      await trx
        .updateTable('invite_rebates')
        .set({ transaction_id: done.transactionId })
        .where('pool', '=', pool)
        .where('day', '=', day)
        .where('transaction_id', 'is', null)
        .execute();
    }
    await trx
      .updateTable('invite_rebate_days')
      .set({ share_bp: done.shareBp, fee_units: done.fee, rebate_units: done.rebate, invitees: done.invitees, transaction_id: done.transactionId, done_at: sql<Date>`now()` })
      .where('pool', '=', pool)
      .where('day', '=', day)
      .execute();
  },
};
