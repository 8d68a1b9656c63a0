import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** SQL of the devnet chain simulator (devnet.ts): its chains, transfers and identity rewards, kept in tables. */
export const devnetRepository = {
  /** The coin's chain height, or undefined before its first block. */
  height: async (db: Db, coin: string) => (await db.selectFrom('devnet_chain').select('height').where('coin', '=', coin).executeTakeFirst())?.height,

  /** Transfers into addresses (not the platform's payments, not dropped) in (from, to]. */
  incoming: (db: Db, coin: string, fromHeight: number, toHeight: number) =>
    db
      .selectFrom('devnet_transactions')
      .select(['txid', 'to_address', 'amount', 'height'])
      .where('coin', '=', coin)
      .where('client_id', 'is', null)
      .where('dropped', '=', false)
      .where('height', '>', String(fromHeight))
      .where('height', '<=', String(toHeight))
      .orderBy('id')
      .execute(),

  /** A transfer's height, unless dropped. */
  transferHeight: async (db: Db, coin: string, txid: string) =>
    (await db.selectFrom('devnet_transactions').select('height').where('coin', '=', coin).where('txid', '=', txid).where('dropped', '=', false).executeTakeFirst())?.height,

  /** A payment at the tip's height; nothing when its payment id is taken already. */
  insertPayment: async (db: Db, coin: string, payment: { txid: string; paymentId: string; to: string; memo: string; amount: bigint }) => {
    await sql`
      INSERT INTO devnet_transactions (coin, txid, client_id, to_address, memo, amount, height)
      VALUES (${coin}, ${payment.txid}, ${payment.paymentId}, ${payment.to}, ${payment.memo}, ${payment.amount.toString()},
              COALESCE((SELECT height FROM devnet_chain WHERE coin = ${coin}), 1))
      ON CONFLICT (client_id) DO NOTHING`.execute(db);
  },

  /** The payment sent under this id to this address for this amount, or undefined. */
  findPayment: (db: Db, payment: { paymentId: string; to: string; amount: bigint }) =>
    db
      .selectFrom('devnet_transactions')
      .select(['txid', 'fee'])
      .where('client_id', '=', payment.paymentId)
      .where('to_address', '=', payment.to)
      .where('amount', '=', payment.amount.toString())
      .executeTakeFirst(),

  paymentRow: (db: Db, coin: string, txid: string) =>
    db.selectFrom('devnet_transactions').select(['height', 'failure']).where('coin', '=', coin).where('txid', '=', txid).executeTakeFirst(),

  coinScale: async (db: Db, coin: string) => (await db.selectFrom('coins').select('scale').where('type', '=', coin).executeTakeFirstOrThrow()).scale,

  /** The chain moves from `tip` to the next block (a chain not started yet starts at 2). */
  advanceFrom: async (db: Db, coin: string, tip: number) => {
    const moved = await sql`UPDATE devnet_chain SET height = height + 1, updated_at = now() WHERE coin = ${coin} AND height = ${tip}`.execute(db);
    if (moved.numAffectedRows === 0n) {
      await sql`INSERT INTO devnet_chain (coin, height) VALUES (${coin}, 2) ON CONFLICT (coin) DO NOTHING`.execute(db);
    }
  },

  /** Identity rewards (not dropped) in (from, to]. */
  identityRewards: (db: Db, coin: string, fromHeight: number, toHeight: number) =>
    db
      .selectFrom('devnet_identity_rewards')
      .select(['reward_id', 'identity', 'amount', 'height'])
      .where('coin', '=', coin)
      .where('dropped', '=', false)
      .where('height', '>', String(fromHeight))
      .where('height', '<=', String(toHeight))
      .orderBy('id')
      .execute(),

  rewardHeight: async (db: Db, coin: string, rewardId: string) =>
    (await db.selectFrom('devnet_identity_rewards').select('height').where('coin', '=', coin).where('reward_id', '=', rewardId).where('dropped', '=', false).executeTakeFirst())
      ?.height,

  /** One block on the coin's chain, or on every coin's. */
  tick: async (db: Db, coin?: string) => {
    if (coin) {
      await sql`INSERT INTO devnet_chain (coin, height) VALUES (${coin}, 2)
        ON CONFLICT (coin) DO UPDATE SET height = devnet_chain.height + 1, updated_at = now()`.execute(db);
      return;
    }
    await sql`INSERT INTO devnet_chain (coin, height) SELECT type, 2 FROM coins
      ON CONFLICT (coin) DO UPDATE SET height = devnet_chain.height + 1, updated_at = now()`.execute(db);
  },

  /** The chain back to `to`: the transfers and rewards above it dropped. */
  reorg: (db: Db, coin: string, to: number) =>
    db.transaction().execute(async (trx) => {
      await trx.updateTable('devnet_transactions').set({ dropped: true }).where('coin', '=', coin).where('client_id', 'is', null).where('height', '>', String(to)).execute();
      await trx.updateTable('devnet_identity_rewards').set({ dropped: true }).where('coin', '=', coin).where('height', '>', String(to)).execute();
      await trx
        .updateTable('devnet_chain')
        .set({ height: String(to) })
        .where('coin', '=', coin)
        .execute();
    }),

  failPayment: async (db: Db, coin: string, txid: string, reason: string) => {
    await db.updateTable('devnet_transactions').set({ failure: reason }).where('coin', '=', coin).where('txid', '=', txid).execute();
  },

  /** An identity reward in the next block; answers its height. */
  insertIdentityReward: async (db: Db, coin: string, reward: { rewardId: string; identity: string; amount: bigint }) =>
    Number(
      (
        await sql<{ height: string }>`
          INSERT INTO devnet_identity_rewards (coin, reward_id, identity, amount, height)
          VALUES (${coin}, ${reward.rewardId}, ${reward.identity}, ${reward.amount.toString()}, COALESCE((SELECT height FROM devnet_chain WHERE coin = ${coin}), 1) + 1)
          RETURNING height`.execute(db)
      ).rows[0]?.height ?? 0,
    ),

  /** A transfer from outside in the next block; answers its height. */
  insertTransfer: async (db: Db, coin: string, transfer: { txid: string; address: string; amount: bigint }) =>
    Number(
      (
        await sql<{ height: string }>`
          INSERT INTO devnet_transactions (coin, txid, to_address, amount, height)
          VALUES (${coin}, ${transfer.txid}, ${transfer.address}, ${transfer.amount.toString()}, COALESCE((SELECT height FROM devnet_chain WHERE coin = ${coin}), 1) + 1)
          RETURNING height`.execute(db)
      ).rows[0]?.height ?? 0,
    ),
};
