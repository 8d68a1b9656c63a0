import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DevnetPocChainTable, DevnetPocBlocksTable } from '../protocols/poc/poc.schema.ts';
import type { Selectable } from 'kysely';
import type { PointTerm } from '@platter/domain';

export type DevnetPocChainRow = Selectable<DevnetPocChainTable>;
export type DevnetPocBlockRow = Selectable<DevnetPocBlocksTable>;

/** The devnet PoC chains' SQL (issue 21): the block being mined, the blocks, the plotter bindings. */
export const pocDevnetRepository = {
  async chain(db: Db, coin: string, lock = false): Promise<DevnetPocChainRow | undefined> {
    let query = db.selectFrom('devnet_poc_chain').selectAll().where('coin', '=', coin);
    if (lock) query = query.forUpdate();
    return query.executeTakeFirst();
  },

  async createChain(db: Db, row: Omit<DevnetPocChainRow, 'updated_at' | 'best_plotter_id' | 'best_nonce' | 'best_deadline' | 'best_address'>): Promise<void> {
    await db
      .insertInto('devnet_poc_chain')
      .values({ ...row, best_plotter_id: null, best_nonce: null, best_deadline: null, best_address: null })
      .onConflict((oc) => oc.column('coin').doNothing())
      .execute();
  },

  /** The block being mined moves on (a new height, or the same after a reorganisation). */
  async setMining(db: Db, coin: string, row: Pick<DevnetPocChainRow, 'height' | 'generation_signature' | 'base_target' | 'tip_time' | 'network_deadline'>): Promise<void> {
    await db
      .updateTable('devnet_poc_chain')
      .set({ ...row, best_plotter_id: null, best_nonce: null, best_deadline: null, best_address: null, updated_at: new Date() })
      .where('coin', '=', coin)
      .execute();
  },

  async setBest(db: Db, coin: string, best: { plotterId: bigint; nonce: bigint; deadline: bigint; address: string }): Promise<void> {
    await db
      .updateTable('devnet_poc_chain')
      .set({ best_plotter_id: best.plotterId, best_nonce: best.nonce, best_deadline: best.deadline, best_address: best.address, updated_at: new Date() })
      .where('coin', '=', coin)
      .execute();
  },

  async insertBlock(db: Db, block: DevnetPocBlockRow): Promise<void> {
    await db.insertInto('devnet_poc_blocks').values(block).execute();
  },

  async blocks(db: Db, coin: string, fromHeight: number, toHeight: number): Promise<DevnetPocBlockRow[]> {
    return db.selectFrom('devnet_poc_blocks').selectAll().where('coin', '=', coin).where('height', '>', fromHeight).where('height', '<=', toHeight).orderBy('height').execute();
  },

  /** The newest blocks, newest first (the retarget's window). */
  async lastBlocks(db: Db, coin: string, count: number): Promise<DevnetPocBlockRow[]> {
    return db.selectFrom('devnet_poc_blocks').selectAll().where('coin', '=', coin).orderBy('height', 'desc').limit(count).execute();
  },

  async block(db: Db, coin: string, height: number): Promise<DevnetPocBlockRow | undefined> {
    return db.selectFrom('devnet_poc_blocks').selectAll().where('coin', '=', coin).where('height', '=', height).executeTakeFirst();
  },

  async dropBlocksAbove(db: Db, coin: string, height: number): Promise<void> {
    await db.deleteFrom('devnet_poc_blocks').where('coin', '=', coin).where('height', '>', height).execute();
    // Bindings mined in the dropped blocks go back to the mempool.
    await db.updateTable('devnet_poc_bindings').set({ height: null }).where('coin', '=', coin).where('height', '>', height).execute();
    await db.updateTable('devnet_poc_points').set({ height: null }).where('coin', '=', coin).where('height', '>', height).execute();
    await db.updateTable('devnet_poc_points').set({ withdraw_height: null }).where('coin', '=', coin).where('withdraw_height', '>', height).execute();
  },

  async addBinding(db: Db, row: { coin: string; plotterId: bigint; address: string; txid: string; unbind: boolean }): Promise<void> {
    await db
      .insertInto('devnet_poc_bindings')
      .values({ coin: row.coin, plotter_id: row.plotterId, address: row.address, txid: row.txid, unbind: row.unbind, height: null })
      .execute();
  },

  /** The mempool's binding transactions are mined into the block at `height`. */
  async mineBindings(db: Db, coin: string, height: number): Promise<void> {
    await db.updateTable('devnet_poc_bindings').set({ height }).where('coin', '=', coin).where('height', 'is', null).execute();
    await db.updateTable('devnet_poc_points').set({ height }).where('coin', '=', coin).where('height', 'is', null).execute();
    await db
      .updateTable('devnet_poc_points')
      .set({ withdraw_height: height })
      .where('coin', '=', coin)
      .where('withdraw_txid', 'is not', null)
      .where('withdraw_height', 'is', null)
      .execute();
  },

  /** A point transaction (issue 22), in the mempool until the next block. */
  async addPoint(db: Db, row: { coin: string; txid: string; from: string; to: string; amount: bigint; term: PointTerm }): Promise<void> {
    await db
      .insertInto('devnet_poc_points')
      .values({ coin: row.coin, txid: row.txid, from_address: row.from, to_address: row.to, amount_units: row.amount, term: row.term, height: null })
      .execute();
  },

  /** The point's withdrawpledge; false when there is no such standing point. */
  async withdrawPoint(db: Db, coin: string, txid: string, withdrawTxid: string): Promise<boolean> {
    const result = await db
      .updateTable('devnet_poc_points')
      .set({ withdraw_txid: withdrawTxid })
      .where('coin', '=', coin)
      .where('txid', '=', txid)
      .where('withdraw_txid', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Points from or to an address not withdrawn in a block: mined or in the mempool (the devnet shows both). */
  async standingPoints(db: Db, coin: string, side: 'from_address' | 'to_address', address: string) {
    return db
      .selectFrom('devnet_poc_points')
      .select(['txid', 'from_address', 'to_address', 'amount_units', 'term', 'height'])
      .where('coin', '=', coin)
      .where(side, '=', address)
      .where('withdraw_height', 'is', null)
      .orderBy('id')
      .execute();
  },

  /**
   * Every bind transaction to `address`, newest first, with whether it is the plotter's binding
   * in force: mined, and no later mined bind or unbind of the plotter.
   */
  async bindingsOf(db: Db, coin: string, address: string) {
    const result = await sql<{ plotter_id: string; address: string; txid: string; height: number | null; active: boolean }>`
      SELECT b.plotter_id, b.address, b.txid, b.height,
        (b.height IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM devnet_poc_bindings l
          WHERE l.coin = b.coin AND l.plotter_id = b.plotter_id AND l.height IS NOT NULL AND l.id > b.id)) AS active
      FROM devnet_poc_bindings b
      WHERE b.coin = ${coin} AND b.address = ${address} AND NOT b.unbind
      ORDER BY b.id DESC`.execute(db);
    return result.rows;
  },
};
