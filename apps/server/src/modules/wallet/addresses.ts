import { AppError, addressValid, MAX_WITHDRAW_ADDRESSES, RATIO_WHOLE, type WithdrawAddress } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { addressBelongsToMainnet, allCoinRules, coinRules, show } from '../coins/coins.ts';
import { assertNotDepositAddress, pendingAutoPayPayouts } from '../withdraw/withdraw.service.ts';
import { walletRepository } from './wallet.repository.ts';

/**
 * The address book (spec doc 1 §3 'Withdrawal address', §5): per coin, format-checked, a remark
 * of at most 32 characters, a memo where the coin takes one, at most 20 live addresses; an
 * address with pending income (an Auto Pay recipient while income waits, or a payout on its
 * way) cannot be deleted.
 */

/**
 * Pending income of each address (spec doc 1 §5; issue 14): the Auto Pay payouts on their way
 * to it (not yet sent), and — while it is an Auto Pay recipient — its ratio's part of the
 * user's pending earnings of its coin, which the next run would pay to it.
 */
async function pendingIncome(db: Db, userId: string, addresses: readonly { id: string; coin: string; auto_pay: boolean; ratio: number }[]): Promise<Map<string, bigint>> {
  if (addresses.length === 0) return new Map();
  const pending = await pendingAutoPayPayouts(
    db,
    addresses.map((a) => a.id),
  );
  const earnings = await userBalances(db, userId);
  for (const a of addresses) {
    if (!a.auto_pay) continue;
    const waiting = earnings.get(a.coin)?.pending_earnings ?? 0n;
    // At least one base unit while anything waits: a share rounded to 0 still keeps the address.
    const share = waiting > 0n ? (waiting * BigInt(a.ratio)) / BigInt(RATIO_WHOLE) || 1n : 0n;
    pending.set(a.id, (pending.get(a.id) ?? 0n) + share);
  }
  return pending;
}

export async function listAddresses(db: Db, userId: string, coin?: string): Promise<WithdrawAddress[]> {
  const rows = await walletRepository.liveAddresses(db, userId, coin);
  const pending = await pendingIncome(db, userId, rows);
  const scales = new Map((await allCoinRules(db)).map((c) => [c.type, c.scale]));
  return rows.map((r) => {
    const scale = scales.get(r.coin) ?? 0;
    return {
      id: r.id,
      coin: r.coin,
      address: r.address,
      remark: r.remark,
      memo: r.memo,
      auto_pay: r.auto_pay,
      ratio: r.ratio,
      min_pay: show(r.min_pay, scale),
      pending_income: show(pending.get(r.id) ?? 0n, scale),
      activated: r.activated,
      created_at: Math.floor(r.created_at.getTime() / 1000),
    };
  });
}

/** Adds an address inside the caller's transaction (after the security verification). */
export async function addAddress(trx: Db, userId: string, input: { coin: string; address: string; remark: string; memo: string }): Promise<{ id: string }> {
  const coin = await coinRules(trx, input.coin);
  if (!addressValid(coin, input.address)) throw new AppError('WALLET_ADDRESS_INVALID');
  if (await addressBelongsToMainnet(trx, coin, input.address)) throw new AppError('TESTNET_TO_MAINNET');
  await assertNotDepositAddress(trx, coin.type, input.address);
  if (input.memo && !coin.memoSupported) throw new AppError('INVALID_PARAMETER', { field: 'memo' });
  // Serialise additions per user so the limit holds under concurrent requests.
  await walletRepository.lockUser(trx, userId);
  const live = await walletRepository.liveAddresses(trx, userId, coin.type);
  if (live.some((a) => a.address === input.address)) throw new AppError('ADDRESS_EXISTS');
  if (live.length >= MAX_WITHDRAW_ADDRESSES) throw new AppError('TOO_MANY_ADDRESSES');
  const row = await walletRepository.insertAddress(trx, { user_id: userId, coin: coin.type, address: input.address, remark: input.remark, memo: input.memo });
  return { id: row.id };
}

export async function updateRemark(db: Db, userId: string, id: string, remark: string): Promise<void> {
  if (!(await walletRepository.updateRemark(db, userId, id, remark))) throw new AppError('WITHDRAW_ADDRESS_NOT_FOUND');
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const address = await walletRepository.lockLiveAddress(trx, userId, id);
    if (!address) throw new AppError('WITHDRAW_ADDRESS_NOT_FOUND');
    const pending = (await pendingIncome(trx, userId, [address])).get(id) ?? 0n;
    if (pending > 0n) throw new AppError('ADDRESS_HAS_PENDING_INCOME');
    await walletRepository.softDeleteAddress(trx, id);
  });
}
