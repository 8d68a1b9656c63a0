import { sql } from 'kysely';
import { POC_NONCE_BYTES } from '@platter/domain';
import type { Db } from '../../db/database.ts';

/** Bindings under which a registered plotter's nonces count (an unbinding waits for review meanwhile). */
const MINING_STATUSES = ['CONFIRMED', 'UNBIND_AUDITING', 'UNBIND_SENT'] as const;

/** The Burst pool protocol's SQL (issue 21): plotters, miners, rounds, best deadlines, the block cursor. */
/** The most plot files kept per plotter and pool. */
export const POC_PLOT_FILES_MAX = 1000;

export const pocRepository = {
  /**
   * The user a plotter id is registered to in `pool` — or, for a merged coin (LHD, HDD, XHD
   * share BHD's plots), in the pool of the same kind of the coin it merges with.
   */
  async plotterOwner(db: Db, pool: string, plotterId: bigint): Promise<{ userId: string; pool: string } | undefined> {
    const row = await sql<{ user_id: string; pool: string }>`
      SELECT p.user_id, p.pool FROM plots p
      WHERE p.plot_id = ${plotterId.toString()} AND p.bind_status = ANY(${[...MINING_STATUSES]}::text[])
        AND (p.pool = ${pool} OR p.pool IN (
          SELECT m.type FROM pools me JOIN coins c ON c.type = me.coin JOIN pools m ON m.coin = c.merge_pool AND m.pool_type = me.pool_type
          WHERE me.type = ${pool}))
      ORDER BY (p.pool = ${pool}) DESC, p.id LIMIT 1`.execute(db);
    const found = row.rows[0];
    return found ? { userId: found.user_id, pool: found.pool } : undefined;
  },

  /** The miner of a nonce (by its computer name), made on first sight; its figures and last-seen time refreshed. */
  async upsertMiner(db: Db, m: { userId: string; pool: string; name: string; version: string; capacityBytes: bigint; now: Date }): Promise<string> {
    const row = await sql<{ id: string }>`
      INSERT INTO miners AS m (user_id, pool, name, version, capacity_bytes, last_seen_at)
      VALUES (${m.userId}, ${m.pool}, ${m.name}, ${m.version}, ${m.capacityBytes.toString()}, ${m.now})
      ON CONFLICT (user_id, pool, name) DO UPDATE SET
        version = CASE WHEN excluded.version <> '' THEN excluded.version ELSE m.version END,
        capacity_bytes = CASE WHEN excluded.capacity_bytes > 0 THEN excluded.capacity_bytes ELSE m.capacity_bytes END,
        last_seen_at = excluded.last_seen_at
      RETURNING id`.execute(db);
    return (row.rows[0] as { id: string }).id;
  },

  async ensureRound(db: Db, r: { pool: string; height: number; generationSignature: string; baseTarget: bigint }): Promise<void> {
    await db
      .insertInto('poc_rounds')
      .values({ pool: r.pool, height: r.height, generation_signature: r.generationSignature, base_target: r.baseTarget, closed_at: null })
      .onConflict((oc) => oc.columns(['pool', 'height']).doNothing())
      .execute();
  },

  /** Keeps a miner's best deadline of a round; answers the round's best deadline of the pool afterwards. */
  async recordDeadline(
    db: Db,
    d: { pool: string; height: number; minerId: string; userId: string; plotterId: bigint; nonce: bigint; deadline: bigint; baseTarget: bigint; at: Date },
  ): Promise<bigint> {
    await sql`
      INSERT INTO poc_deadlines AS d (pool, height, miner_id, user_id, plotter_id, nonce, deadline, base_target, submitted_at)
      VALUES (${d.pool}, ${d.height}, ${d.minerId}, ${d.userId}, ${d.plotterId.toString()}, ${d.nonce.toString()}, ${d.deadline.toString()}, ${d.baseTarget.toString()}, ${d.at})
      ON CONFLICT (pool, height, miner_id) DO UPDATE SET
        plotter_id = excluded.plotter_id, nonce = excluded.nonce, deadline = excluded.deadline, submitted_at = excluded.submitted_at
      WHERE excluded.deadline < d.deadline`.execute(db);
    const best = await db
      .selectFrom('poc_deadlines')
      .select(sql<string>`min(deadline)`.as('best'))
      .where('pool', '=', d.pool)
      .where('height', '=', d.height)
      .executeTakeFirstOrThrow();
    return BigInt(best.best);
  },

  async openRounds(db: Db, pool: string, belowHeight: number) {
    return db
      .selectFrom('poc_rounds')
      .select(['height', 'started_at'])
      .where('pool', '=', pool)
      .where('height', '<', belowHeight)
      .where('closed_at', 'is', null)
      .orderBy('height')
      .execute();
  },

  /** The miners' best deadlines of a round. */
  async roundDeadlines(db: Db, pool: string, height: number) {
    return db.selectFrom('poc_deadlines').select(['miner_id', 'user_id', 'deadline', 'base_target']).where('pool', '=', pool).where('height', '=', height).execute();
  },

  /**
   * A miner's window for the estimate: the pool's last `rounds` rounds up to `height`, and the
   * sum of the miner's weighted deadlines (deadline · baseTarget) in those where it took part.
   */
  async minerWindows(db: Db, pool: string, height: number, rounds: number, minerIds: string[]) {
    if (minerIds.length === 0) return [];
    const result = await sql<{ miner_id: string; n: string; weighted: string }>`
      SELECT d.miner_id, count(*) AS n, sum(d.deadline * d.base_target)::text AS weighted
      FROM poc_deadlines d
      WHERE d.pool = ${pool} AND d.miner_id = ANY(${minerIds}::bigint[]) AND d.height <= ${height} AND d.height > ${height - rounds}
      GROUP BY d.miner_id`.execute(db);
    return result.rows;
  },

  /**
   * A plot file the miner named (X-Plotfile) for an accepted nonce: kept per pool and plotter,
   * and the plotter's registrations in the pool then show the files' sum (size, count, last seen).
   */
  async recordPlotFile(db: Db, row: { pool: string; plotterId: bigint; file: string; startNonce: bigint; nonces: bigint; at: Date }): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      // One plotter's files one at a time: the checks below hold against a concurrent submission.
      await trx.selectFrom('plots').select('id').where('pool', '=', row.pool).where('plot_id', '=', row.plotterId.toString()).forUpdate().execute();
      const plotter = trx.selectFrom('poc_plot_files').where('pool', '=', row.pool).where('plotter_id', '=', row.plotterId.toString());
      const known = await plotter.select('file').where('file', '=', row.file).executeTakeFirst();
      if (!known) {
        // A miner names its files itself: a new one counts only while the plotter has fewer than POC_PLOT_FILES_MAX and its
        // nonces overlap none already kept, so crafted headers cannot inflate the plots page or its size.
        const { files } = await plotter.select(sql<string>`count(*)::text`.as('files')).executeTakeFirstOrThrow();
        if (Number(files) >= POC_PLOT_FILES_MAX) return false;
        const overlap = await plotter
          .select('file')
          .where('start_nonce', '<', (row.startNonce + row.nonces).toString())
          .where(sql<boolean>`start_nonce + nonces > ${row.startNonce.toString()}::numeric`)
          .executeTakeFirst();
        if (overlap) return false;
      }
      await trx
        .insertInto('poc_plot_files')
        .values({ pool: row.pool, plotter_id: row.plotterId, file: row.file, start_nonce: row.startNonce, nonces: row.nonces, last_seen_at: row.at })
        .onConflict((oc) => oc.columns(['pool', 'plotter_id', 'file']).doUpdateSet({ last_seen_at: row.at, start_nonce: row.startNonce, nonces: row.nonces }))
        .execute();
      const sum = await trx
        .selectFrom('poc_plot_files')
        .select([sql<string>`coalesce(sum(nonces), 0)::text`.as('nonces'), sql<string>`count(*)::text`.as('files')])
        .where('pool', '=', row.pool)
        .where('plotter_id', '=', row.plotterId.toString())
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('plots')
        .set({ size_bytes: (BigInt(sum.nonces) * POC_NONCE_BYTES).toString(), file_count: Number(sum.files), last_seen_at: row.at })
        .where('pool', '=', row.pool)
        .where('plot_id', '=', row.plotterId.toString())
        .execute();
      return true;
    });
  },

  async setEstimate(db: Db, minerId: string, bytes: bigint, rounds: number): Promise<void> {
    await db.updateTable('miners').set({ estimated_bytes: bytes, estimate_rounds: rounds }).where('id', '=', minerId).execute();
  },

  async closeRound(db: Db, pool: string, height: number, at: Date): Promise<boolean> {
    const done = await db.updateTable('poc_rounds').set({ closed_at: at }).where('pool', '=', pool).where('height', '=', height).where('closed_at', 'is', null).executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  },

  /** Who found a block: the miner whose deadline row holds that plotter and nonce at that height. */
  async finder(db: Db, pool: string, height: number, plotterId: bigint, nonce: bigint) {
    return db
      .selectFrom('poc_deadlines')
      .select(['user_id', 'miner_id'])
      .where('pool', '=', pool)
      .where('height', '=', height)
      .where('plotter_id', '=', plotterId.toString())
      .where('nonce', '=', nonce.toString())
      .executeTakeFirst();
  },

  /** The pool's estimated capacity now (its miners' estimates). */
  async poolEstimate(db: Db, pool: string): Promise<bigint> {
    const row = await db
      .selectFrom('miners')
      .select(sql<string>`coalesce(sum(estimated_bytes), 0)::text`.as('bytes'))
      .where('pool', '=', pool)
      .executeTakeFirstOrThrow();
    return BigInt(row.bytes);
  },

  async cursor(db: Db, pool: string) {
    return db.selectFrom('poc_block_cursor').select(['height', 'hash']).where('pool', '=', pool).executeTakeFirst();
  },

  async setCursor(db: Db, pool: string, height: number, hash: string | null): Promise<void> {
    await db
      .insertInto('poc_block_cursor')
      .values({ pool, height, hash })
      .onConflict((oc) => oc.column('pool').doUpdateSet({ height, hash }))
      .execute();
  },

  /** Plotter registrations of the pool waiting for the chain (BIND_SENT, reviewed or without review) or for their unbinding's confirmations. */
  async pendingBindings(db: Db, pool: string) {
    return db
      .selectFrom('plots')
      .select(['id', 'plot_id', 'bind_status', 'bind_height'])
      .where('pool', '=', pool)
      .where('bind_status', 'in', ['BIND_SENT', 'UNBIND_SENT'])
      .where((eb) => eb.or([eb('review', 'is', null), eb('review', '<>', 'pending')]))
      .execute();
  },

  async confirmBinding(db: Db, id: string, now: Date): Promise<number> {
    const done = await db
      .updateTable('plots')
      .set({ bind_status: 'CONFIRMED', confirmed_at: now, flag: null, updated_at: now })
      .where('id', '=', id)
      .where('bind_status', '=', 'BIND_SENT')
      .executeTakeFirst();
    return Number(done.numUpdatedRows);
  },

  async finishUnbinding(db: Db, id: string, now: Date): Promise<number> {
    const done = await db.updateTable('plots').set({ bind_status: 'UNBIND', updated_at: now }).where('id', '=', id).where('bind_status', '=', 'UNBIND_SENT').executeTakeFirst();
    return Number(done.numUpdatedRows);
  },

  async poolConfirmations(db: Db, pool: string): Promise<number> {
    const row = await db.selectFrom('pools as p').innerJoin('coins as c', 'c.type', 'p.coin').select('c.confirmation').where('p.type', '=', pool).executeTakeFirstOrThrow();
    return row.confirmation;
  },
};
