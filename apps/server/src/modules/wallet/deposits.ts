import { AppError, type Deposit } from '@platter/domain';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { coinRules, show } from '../coins/coins.ts';
import { notify } from '../events/events.service.ts';
import { walletRepository } from './wallet.repository.ts';

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
  const existing = await walletRepository.depositAddress(db, userId, coin.type);
  const adapter = chains.adapter(coin.type);
  // A shared account with a memo (Signum) is the same for everyone and cheap to ask: a stored row that is not it (e.g. made on the
  // devnet before BURST_RPC_URL was set — an address nobody holds) is replaced, so nobody is shown it again. Its deposits keep
  // their own address and history. Any other coin keeps the address it gave the user first.
  if (existing && !adapter.depositMemo) return { coin: coin.type, address: existing.address, memo: existing.memo, confirmation: coin.confirmation };
  let address: string;
  try {
    address = await adapter.depositAddress(userId);
  } catch {
    throw new AppError('DEPOSIT_ADDRESS_UNAVAILABLE');
  }
  const memo = adapter.depositMemo?.(userId) ?? '';
  // The same account with a memo already: kept (a user may have saved it), even if the adapter would draw another today.
  if (existing && existing.address === address && (existing.memo !== '' || memo === '')) return { coin: coin.type, address, memo: existing.memo, confirmation: coin.confirmation };
  if (existing) await walletRepository.replaceDepositAddress(db, userId, coin.type, address, memo);
  else await walletRepository.insertDepositAddress(db, userId, coin.type, address, memo);
  const row = await walletRepository.depositAddress(db, userId, coin.type);
  if (!row) throw new Error(`no deposit address of ${coin.type} for user ${userId}`);
  return { coin: coin.type, address: row.address, memo: row.memo, confirmation: coin.confirmation };
}

const RESCAN_BLOCKS = 3;
/** How far below the tip a scan on a newly attached chain starts (a deposit made just before the first scan is still seen). */
const FIRST_SCAN_BLOCKS = 30;
/** The longest memo kept (Signum's plain messages reach 1,000 characters; a deposit memo is 16 digits). */
const MEMO_MAX = 200;

/**
 * A transfer's memo as matched and stored: anyone can put any bytes in a Signum message, and a NUL (which PostgreSQL text refuses) or
 * any control character would make the scan's insert fail for every deposit of the coin; removed, trimmed, capped.
 */
export function depositMemoOf(memo: string | undefined): string {
  return (memo ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, MEMO_MAX);
}

/** Records new transfers into deposit addresses and credits those with enough confirmations. */
export async function scanDeposits(db: Db, chains: ChainRegistry, coinType: string): Promise<{ seen: number; credited: number }> {
  const coin = await coinRules(db, coinType);
  const adapter = chains.adapter(coin.type);
  const tip = await adapter.height();
  let cursor = await walletRepository.chainCursor(db, coin.type);
  // A cursor of another chain (the devnet's heights, before the node was attached) is no height of this one: start near the tip
  // rather than read the pool account's whole history (every old payment would land in the operator's unowned list).
  const source = adapter.source ?? '';
  if (cursor ? cursor.source !== source : source !== '') {
    const start = Math.max(0, tip - FIRST_SCAN_BLOCKS);
    await walletRepository.resetCursor(db, coin.type, start, source);
    cursor = { scanned_height: String(start), source };
  }
  // Re-read a few blocks behind the cursor: a transfer committed late into a block already
  // scanned is still found (rows are unique per coin, so nothing is recorded twice).
  const from = Math.max(0, (cursor ? Number(cursor.scanned_height) : 0) - RESCAN_BLOCKS);
  let seen = 0;
  if (tip > from) {
    const transfers = await adapter.incoming(from, tip);
    const addresses = [...new Set(transfers.map((t) => t.address))];
    const owners = await walletRepository.depositOwners(db, coin.type, addresses);
    // An address and the memo a deposit must carry (Signum's shared account); '' for an address of the user's own.
    const ownerKey = (address: string, memo: string) => `${address}\n${memo}`;
    const owner = new Map(owners.map((o) => [ownerKey(o.address, o.memo), o.user_id]));
    // Digit-only memos (Signum's) also match on their digits: "1234 5678 9012 3456" or "memo: 1234567890123456" is the same memo.
    const byDigits = new Map(owners.filter((o) => /^\d+$/.test(o.memo)).map((o) => [ownerKey(o.address, o.memo), o.user_id]));
    const ownerOfTransfer = (t: (typeof transfers)[number]) => {
      const memo = depositMemoOf(t.memo);
      const digits = memo.replace(/\D/g, '');
      return owner.get(ownerKey(t.address, memo)) ?? (digits ? byDigits.get(ownerKey(t.address, digits)) : undefined) ?? (memo ? owner.get(ownerKey(t.address, '')) : undefined);
    };
    const ownerOf = new Map(transfers.map((t) => [t, ownerOfTransfer(t)]));
    const found = (t: (typeof transfers)[number]) => ({
      coin: coin.type,
      address: t.address,
      txid: t.txid,
      output_index: t.outputIndex,
      coin_id: t.coinId,
      amount: t.amount,
      height: t.height,
    });
    const rows = transfers.filter((t) => ownerOf.get(t) !== undefined && t.amount > 0n).map((t) => ({ user_id: ownerOf.get(t) ?? '', ...found(t) }));
    // Coins to no user's deposit address: kept for the operator (README 'Custody'), never dropped silently.
    const unowned = transfers.filter((t) => ownerOf.get(t) === undefined && t.amount > 0n).map((t) => ({ ...found(t), memo: depositMemoOf(t.memo) }));
    await db.transaction().execute(async (trx) => {
      if (rows.length) {
        // Deposits are keyed on the coin, never on the wallet's record name (issue 15 item 10):
        // a coin seen again under another record name is the same deposit — still uncredited,
        // it follows the new name (the one the chain is asked at crediting time); a deposit a
        // reorganisation dropped counts again when the chain has it again.
        const refreshed = await walletRepository.refreshDeposits(trx, coin.type, rows);
        // No conflict target: a row of either key (the coin, or an older row's record name) is kept as it is.
        seen = (await walletRepository.insertDeposits(trx, rows)) + refreshed;
      }
      if (unowned.length) await walletRepository.insertUnowned(trx, unowned);
      await walletRepository.advanceCursor(trx, coin.type, tip);
    });
  }
  const confirmedHeight = tip - Math.max(coin.confirmation, 1) + 1;
  const due = await walletRepository.pendingDepositIds(db, coin.type, confirmedHeight);
  let credited = 0;
  for (const { id } of due) {
    // Asked of the chain again at crediting time: a reorganisation may have dropped the
    // transfer, or moved it to a later block (issue 14 item 7).
    const recorded = await walletRepository.depositTransfer(db, id);
    const height = await adapter.transferHeight({ txid: recorded.txid, outputIndex: recorded.output_index });
    if (height === undefined) {
      await walletRepository.dropDeposit(db, id);
      continue;
    }
    if (height !== Number(recorded.height)) {
      await walletRepository.moveDeposit(db, id, height);
      if (height > confirmedHeight) continue;
    }
    const done = await db.transaction().execute(async (trx) => {
      const deposit = await walletRepository.lockDeposit(trx, id);
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
      await walletRepository.markDepositCredited(trx, id, transactionId);
      await notify(trx, deposit.user_id, { key: 'deposit_credited', subject: id, params: { amount: show(deposit.amount, coin.scale), unit: coin.unit, txid: deposit.txid } });
      return true;
    });
    if (done) credited++;
  }
  return { seen, credited };
}

/** Coins with at least one deposit address: the ones worth scanning. */
export async function coinsToScan(db: Db): Promise<string[]> {
  return walletRepository.depositCoins(db);
}

export async function depositLog(
  db: Db,
  chains: ChainRegistry,
  userId: string,
  query: { coin?: string | undefined; page: number; count: number },
): Promise<{ list: Deposit[]; total: number }> {
  const { rows, total } = await walletRepository.depositPage(db, userId, query);
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
