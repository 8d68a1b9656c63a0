import { AppError, type Deposit } from '@platter/domain';
import { sql } from 'kysely';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { coinRules, show } from '../coins/coins.ts';
import { notify } from '../events/events.service.ts';

/**
 * Deposits (recharge): one address per user and coin from the chain adapter; transfers into
 * it are recorded as they appear and credited to the available balance once they have the
 * coin's confirmations — asked of the chain again then: a transfer a reorganisation dropped is
 * marked `dropped`, never credited — exactly once (a deposit row is credited under its row
 * lock). Transfers into no user's address are kept in `unowned_transfers` for the operator.
 */

export async function rechargeAddress(db: Db, chains: ChainRegistry, userId: string, coinType: string) {
  const coin = await coinRules(db, coinType);
  if (coin.closed) throw new AppError('DEPOSIT_CLOSED');
  const existing = await db.selectFrom('deposit_addresses').select('address').where('user_id', '=', userId).where('coin', '=', coin.type).executeTakeFirst();
  if (existing) return { coin: coin.type, address: existing.address, confirmation: coin.confirmation };
  let address: string;
  try {
    address = await chains.adapter(coin.type).depositAddress(userId);
  } catch {
    throw new AppError('DEPOSIT_ADDRESS_UNAVAILABLE');
  }
  await db
    .insertInto('deposit_addresses')
    .values({ user_id: userId, coin: coin.type, address })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db.selectFrom('deposit_addresses').select('address').where('user_id', '=', userId).where('coin', '=', coin.type).executeTakeFirstOrThrow();
  return { coin: coin.type, address: row.address, confirmation: coin.confirmation };
}

/**
 * Refuses a platform deposit address as a withdrawal target: the hot wallet would see the coin
 * its own spend created as change, record no incoming transaction, and credit no one (issue 15
 * item 7). An internal transfer does the same for free.
 */
export async function assertNotDepositAddress(db: Db, coin: string, address: string): Promise<void> {
  const owned = await db.selectFrom('deposit_addresses').select('user_id').where('coin', '=', coin).where('address', '=', address).executeTakeFirst();
  if (owned) throw new AppError('WITHDRAW_TO_DEPOSIT_ADDRESS');
}

const RESCAN_BLOCKS = 3;

/** Records new transfers into deposit addresses and credits those with enough confirmations. */
export async function scanDeposits(db: Db, chains: ChainRegistry, coinType: string): Promise<{ seen: number; credited: number }> {
  const coin = await coinRules(db, coinType);
  const adapter = chains.adapter(coin.type);
  const tip = await adapter.height();
  const cursor = await db.selectFrom('chain_cursors').select('scanned_height').where('coin', '=', coin.type).executeTakeFirst();
  // Re-read a few blocks behind the cursor: a transfer committed late into a block already
  // scanned is still found (rows are unique per coin, so nothing is recorded twice).
  const from = Math.max(0, (cursor ? Number(cursor.scanned_height) : 0) - RESCAN_BLOCKS);
  let seen = 0;
  if (tip > from) {
    const transfers = await adapter.incoming(from, tip);
    const addresses = [...new Set(transfers.map((t) => t.address))];
    const owners = addresses.length
      ? await db.selectFrom('deposit_addresses').select(['user_id', 'address']).where('coin', '=', coin.type).where('address', 'in', addresses).execute()
      : [];
    const ownerOf = new Map(owners.map((o) => [o.address, o.user_id]));
    const rows = transfers
      .filter((t) => ownerOf.has(t.address) && t.amount > 0n)
      .map((t) => ({
        user_id: ownerOf.get(t.address) ?? '',
        coin: coin.type,
        address: t.address,
        txid: t.txid,
        output_index: t.outputIndex,
        coin_id: t.coinId,
        amount: t.amount,
        height: t.height,
      }));
    // Coins to no user's deposit address: kept for the operator (README 'Custody'), never dropped silently.
    const unowned = transfers
      .filter((t) => !ownerOf.has(t.address) && t.amount > 0n)
      .map((t) => ({ coin: coin.type, address: t.address, txid: t.txid, output_index: t.outputIndex, coin_id: t.coinId, amount: t.amount, height: t.height }));
    await db.transaction().execute(async (trx) => {
      if (rows.length) {
        // Deposits are keyed on the coin, never on the wallet's record name (issue 15 item 10):
        // a coin seen again under another record name is the same deposit — still uncredited,
        // it follows the new name (the one the chain is asked at crediting time); a deposit a
        // reorganisation dropped counts again when the chain has it again.
        const values = sql.join(rows.map((r) => sql`(${r.coin_id}, ${r.txid}, ${r.output_index}::integer, ${r.height}::bigint)`));
        const refreshed = await sql<{ id: string }>`UPDATE deposits SET txid = v.txid, output_index = v.output_index, height = v.height, status = 'pending'
          FROM (VALUES ${values}) AS v (coin_id, txid, output_index, height)
          WHERE deposits.coin = ${coin.type} AND deposits.coin_id = v.coin_id AND deposits.status <> 'credited'
            AND (deposits.status = 'dropped' OR deposits.txid <> v.txid)
          RETURNING deposits.id`.execute(trx);
        // No conflict target: a row of either key (the coin, or an older row's record name) is kept as it is.
        const inserted = await trx
          .insertInto('deposits')
          .values(rows)
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .execute();
        seen = inserted.length + refreshed.rows.length;
      }
      if (unowned.length) {
        await trx
          .insertInto('unowned_transfers')
          .values(unowned)
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      await sql`INSERT INTO chain_cursors (coin, scanned_height) VALUES (${coin.type}, ${tip})
        ON CONFLICT (coin) DO UPDATE SET scanned_height = GREATEST(chain_cursors.scanned_height, EXCLUDED.scanned_height)`.execute(trx);
    });
  }
  const confirmedHeight = tip - Math.max(coin.confirmation, 1) + 1;
  const due = await db
    .selectFrom('deposits')
    .select('id')
    .where('coin', '=', coin.type)
    .where('status', '=', 'pending')
    .where('height', '<=', String(confirmedHeight))
    .orderBy('id')
    .execute();
  let credited = 0;
  for (const { id } of due) {
    // Asked of the chain again at crediting time: a reorganisation may have dropped the
    // transfer, or moved it to a later block (issue 14 item 7).
    const recorded = await db.selectFrom('deposits').select(['txid', 'output_index', 'height']).where('id', '=', id).executeTakeFirstOrThrow();
    const height = await adapter.transferHeight({ txid: recorded.txid, outputIndex: recorded.output_index });
    if (height === undefined) {
      await db.updateTable('deposits').set({ status: 'dropped' }).where('id', '=', id).where('status', '=', 'pending').execute();
      continue;
    }
    if (height !== Number(recorded.height)) {
      await db.updateTable('deposits').set({ height }).where('id', '=', id).where('status', '=', 'pending').execute();
      if (height > confirmedHeight) continue;
    }
    const done = await db.transaction().execute(async (trx) => {
      const deposit = await trx.selectFrom('deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!deposit || deposit.status !== 'pending') return false;
      const { transactionId } = await postTransaction(trx, {
        kind: 'deposit',
        reference: `deposit:${id}`,
        memo: deposit.txid,
        postings: [
          { account: { kind: 'system', code: 'chain', coin: deposit.coin }, amount: -BigInt(deposit.amount) },
          { account: { kind: 'user', userId: deposit.user_id, coin: deposit.coin, bucket: 'available' }, amount: BigInt(deposit.amount) },
        ],
      });
      await trx
        .updateTable('deposits')
        .set({ status: 'credited', transaction_id: transactionId, credited_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      await notify(trx, deposit.user_id, { key: 'deposit_credited', subject: id, params: { amount: show(deposit.amount, coin.scale), unit: coin.unit, txid: deposit.txid } });
      return true;
    });
    if (done) credited++;
  }
  return { seen, credited };
}

/** Coins with at least one deposit address: the ones worth scanning. */
export async function coinsToScan(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('deposit_addresses').select('coin').distinct().execute();
  return rows.map((r) => r.coin);
}

export async function depositLog(
  db: Db,
  chains: ChainRegistry,
  userId: string,
  query: { coin?: string | undefined; page: number; count: number },
): Promise<{ list: Deposit[]; total: number }> {
  let base = db.selectFrom('deposits').where('user_id', '=', userId);
  if (query.coin) base = base.where('coin', '=', query.coin);
  const { rows, total } = await paginate(base, query, (from) => from.selectAll().orderBy('id', 'desc'));
  const coins = new Map<string, { scale: number; confirmation: number; tip: number }>();
  for (const coin of new Set(rows.map((r) => r.coin))) {
    const rules = await coinRules(db, coin);
    coins.set(coin, { scale: rules.scale, confirmation: rules.confirmation, tip: await chains.adapter(coin).height() });
  }
  return {
    total,
    list: rows.map((r) => {
      const c = coins.get(r.coin) ?? { scale: 0, confirmation: 0, tip: 0 };
      return {
        id: r.id,
        coin: r.coin,
        address: r.address,
        amount: show(r.amount, c.scale),
        txid: r.txid,
        confirmations: Math.max(0, c.tip - Number(r.height) + 1),
        required: c.confirmation,
        status: r.status,
        created_at: Math.floor(r.created_at.getTime() / 1000),
      };
    }),
  };
}
