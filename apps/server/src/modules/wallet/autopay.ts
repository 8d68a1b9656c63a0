import { AppError, autoPayOutcomes, planAutoPay, RATIO_WHOLE, type AutoPay, type AutoPayOutcome, type SetAutoPayBody } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { postTransaction, userBalances } from '../../ledger/ledger.service.ts';
import { assertWithdrawalAllowed, userWithdrawLockedUntil } from '../security/security.service.ts';
import { coinRules, show, units, type CoinRules } from '../coins/coins.ts';
import { batchOf, openWithdrawal, type ReviewSchedule } from '../withdraw/withdraw.service.ts';
import { notifyAutoPay } from '../events/events.service.ts';
import { walletRepository } from './wallet.repository.ts';

/**
 * Auto Pay (spec doc 1 §5, §9): mining income waits in pending earnings; once a day before
 * 08:00 UTC (after the 00:00 settlement), at most once per 24 hours, it is split among the
 * user's Auto Pay addresses by their ratios into withdrawals that are sent without manual
 * review. Skipped, the income staying pending, when the ratios do not total 100 % or a share
 * is below its recipient's minimum pay. With Auto Pay off, income goes to the available balance.
 */

const DAY_MS = 24 * 3600_000;

const autoPayRecipients = walletRepository.autoPayRecipients;

export async function getAutoPay(db: Db, userId: string, coinType: string): Promise<AutoPay> {
  const coin = await coinRules(db, coinType);
  const setting = await walletRepository.autoPaySetting(db, userId, coin.type);
  const recipients = await autoPayRecipients(db, userId, coin.type);
  return {
    coin: coin.type,
    enabled: setting?.enabled ?? false,
    recipients: recipients.map((r) => ({ address_id: r.id, address: r.address, remark: r.remark, ratio: r.ratio, min_pay: show(r.min_pay, coin.scale) })),
    last_run_at: setting?.last_run_at ? Math.floor(setting.last_run_at.getTime() / 1000) : null,
    last_outcome: autoPayOutcomes.find((o) => o === setting?.last_outcome) ?? null,
  };
}

/**
 * Saves the recipients (ratios must total 100 % when enabled); turning it off releases pending
 * income. Inside the caller's transaction: turning it on or changing its recipients comes after
 * the security verification `autopay` (walletService.setAutoPay), and waits for the end of the
 * 24-hour lock after a security change (WITHDRAW_LOCKED), like every other way out (issue 17).
 */
export async function setAutoPay(trx: Db, userId: string, body: SetAutoPayBody): Promise<void> {
  const coin = await coinRules(trx, body.coin);
  const ids = body.recipients.map((r) => r.address_id);
  if (new Set(ids).size !== ids.length) throw new AppError('INVALID_PARAMETER', { field: 'recipients' });
  if (body.enabled && body.recipients.reduce((sum, r) => sum + r.ratio, 0) !== RATIO_WHOLE) throw new AppError('AUTO_PAY_INVALID');
  if (body.enabled) await assertWithdrawalAllowed(trx, userId);
  await walletRepository.lockUser(trx, userId);
  if (ids.length) {
    const owned = await walletRepository.ownedAddressIds(trx, userId, coin.type, ids);
    if (owned.length !== ids.length) throw new AppError('WITHDRAW_ADDRESS_NOT_FOUND');
  }
  await walletRepository.clearAutoPayRecipients(trx, userId, coin.type);
  for (const r of body.recipients) {
    await walletRepository.setAutoPayRecipient(trx, r.address_id, { ratio: r.ratio, minPay: units(r.min_pay, coin.scale) });
  }
  await walletRepository.upsertAutoPaySetting(trx, userId, coin.type, body.enabled);
  if (!body.enabled) {
    const pending = (await userBalances(trx, userId, coin.type)).get(coin.type)?.pending_earnings ?? 0n;
    if (pending > 0n) {
      await postTransaction(trx, {
        kind: 'autopay_release',
        postings: [
          { account: { kind: 'user', userId, coin: coin.type, bucket: 'pending_earnings' }, amount: -pending },
          { account: { kind: 'user', userId, coin: coin.type, bucket: 'available' }, amount: pending },
        ],
      });
    }
  }
}

/**
 * Where each user's mining income of `coin` lands: pending earnings when Auto Pay is on (the
 * morning's run pays it out), else straight in the available balance.
 */
export async function incomeBuckets(trx: Db, coin: string, userIds: readonly string[]): Promise<(userId: string) => 'pending_earnings' | 'available'> {
  const autoPay = new Set(await walletRepository.autoPayUsers(trx, coin, userIds));
  return (userId) => (autoPay.has(userId) ? 'pending_earnings' : 'available');
}

/**
 * Credits mining income to one user, into the bucket incomeBuckets says, inside the caller's
 * transaction; the pool's revenue account pays it. (The settlement credits its members the
 * same way, many at a time.)
 */
export async function creditMiningIncome(trx: Db, userId: string, coin: string, amount: bigint, reference: string): Promise<void> {
  const bucketOf = await incomeBuckets(trx, coin, [userId]);
  await postTransaction(trx, {
    kind: 'mining_income',
    reference,
    postings: [
      { account: { kind: 'system', code: 'pool_revenue', coin }, amount: -amount },
      { account: { kind: 'user', userId, coin, bucket: bucketOf(userId) }, amount },
    ],
  });
}

export type AutoPayResult = { userId: string; coin: string; outcome: AutoPayOutcome };

/** One user's run, in its own transaction; the setting's row lock makes it once per 24 hours. */
export async function runAutoPayFor(db: Db, schedule: ReviewSchedule, userId: string, coinType: string, now: Date): Promise<AutoPayResult | undefined> {
  const coin = await coinRules(db, coinType);
  return db.transaction().execute(async (trx) => {
    const setting = await walletRepository.lockAutoPaySetting(trx, userId, coin.type);
    if (!setting?.enabled) return undefined;
    if (setting.last_run_at && now.getTime() - setting.last_run_at.getTime() < DAY_MS) return undefined;
    const { outcome, paid } = await planRun(trx, schedule, userId, coin, now);
    await notifyAutoPay(trx, userId, { coin, day: now, outcome, paid });
    await walletRepository.recordAutoPayRun(trx, userId, coin.type, { at: now, outcome });
    return { userId, coin: coin.type, outcome };
  });
}

/** The run's payouts, or why there are none; the income stays pending when skipped. */
async function planRun(trx: Db, schedule: ReviewSchedule, userId: string, coin: CoinRules, now: Date): Promise<{ outcome: AutoPayOutcome; paid: bigint[] }> {
  // Money leaving the account: the 24-hour lock after a security change holds here as on
  // every withdrawal and transfer (issue 17); the run is skipped, not failed.
  if (await userWithdrawLockedUntil(trx, userId, now.getTime())) return { outcome: 'security_locked', paid: [] };
  const pending = (await userBalances(trx, userId, coin.type)).get(coin.type)?.pending_earnings ?? 0n;
  const recipients = await autoPayRecipients(trx, userId, coin.type);
  // A share must reach the coin's minimum payout (the pool page's threshold) and its
  // recipient's minimum pay, and exceed the withdrawal fee: below it nothing would arrive.
  const plan = planAutoPay(
    pending,
    recipients.map((r) => {
      const floors = [BigInt(r.min_pay), coin.minPayout, coin.withdrawFee + (r.activated ? 0n : coin.activationFee) + 1n];
      return { id: r.id, ratio: r.ratio, minPay: floors.reduce((a, b) => (a > b ? a : b)) };
    }),
  );
  if (!plan.run) return { outcome: plan.reason, paid: [] };
  const paid: bigint[] = [];
  for (const part of plan.parts) {
    const address = recipients.find((r) => r.id === part.id);
    if (!address) continue;
    const activation = address.activated ? 0n : coin.activationFee;
    await openWithdrawal(trx, {
      userId,
      coin: coin.type,
      address,
      amount: part.amount,
      fee: coin.withdrawFee + activation,
      activation,
      status: 'SENT_PENDING',
      source: 'autopay',
      batch: batchOf(schedule, now),
      sendAfter: now,
      from: 'pending_earnings',
    });
    paid.push(part.amount);
  }
  return { outcome: 'paid', paid };
}

/** The daily run: every enabled user, once the Auto Pay hour has come and before 08:00 UTC. */
export async function runAutoPay(db: Db, schedule: ReviewSchedule, hourUtc: number, now = new Date(), options: { force?: boolean } = {}): Promise<AutoPayResult[]> {
  const hour = now.getUTCHours();
  if (!options.force && (hour < hourUtc || hour >= 8)) return [];
  const due = await walletRepository.dueAutoPays(db, new Date(now.getTime() - DAY_MS));
  const results: AutoPayResult[] = [];
  for (const row of due) {
    const result = await runAutoPayFor(db, schedule, row.user_id, row.coin, now);
    if (result) results.push(result);
  }
  return results;
}
