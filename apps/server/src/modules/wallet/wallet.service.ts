import { AppError, type AddWithdrawAddressBody, type SecurityAction, type SecurityCodes, type SetAutoPayBody, type TransferBody, type WithdrawBody } from '@platter/domain';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { idempotent, postTransaction } from '../../ledger/ledger.service.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';
import { addAddress } from './addresses.ts';
import { notifyTransferReceived } from '../events/events.service.ts';
import { setAutoPay } from './autopay.ts';
import { assertWithdrawalAllowed } from '../security/security.service.ts';
import { coinRules, show, units } from '../coins/coins.ts';
import { createWithdrawal, type ReviewSchedule } from '../withdraw/withdraw.service.ts';
import { walletRepository } from './wallet.repository.ts';

/**
 * The wallet's money-moving calls, each behind an idempotency key and, where the spec asks
 * for it, the security verification (whose one-time codes are used in the same commit).
 */

/** Runs `work` after the user's security verification for `action`, in its transaction. */
export type Verify = <T>(userId: string, action: SecurityAction, codes: SecurityCodes, work: (trx: Db) => Promise<T>) => Promise<T>;

export interface WalletDeps {
  db: Db;
  chains: ChainRegistry;
  schedule: ReviewSchedule;
  verify: Verify;
}

const codesOf = (body: SecurityCodes): SecurityCodes => ({
  ...(body.email_code ? { email_code: body.email_code } : {}),
  ...(body.sms_code ? { sms_code: body.sms_code } : {}),
  ...(body.google_code ? { google_code: body.google_code } : {}),
  ...(body.telegram_code ? { telegram_code: body.telegram_code } : {}),
});

/** The request as the idempotency key remembers it: what it does, not the one-time codes. */
const intent = <T extends SecurityCodes>(body: T) => {
  const { email_code: _e, sms_code: _s, google_code: _g, telegram_code: _t, ...rest } = body;
  return rest;
};

export function walletService(deps: WalletDeps) {
  const { db, schedule, verify } = deps;

  return {
    /** POST /api/assets/withdraw */
    async withdraw(userId: string, body: WithdrawBody): Promise<{ id: string }> {
      const request = intent(body);
      return idempotent(
        db,
        `withdraw:${userId}`,
        body.request_id,
        request,
        (trx) => createWithdrawal(trx, schedule, userId, { coin: body.coin, addressId: body.address_id, amount: body.amount }),
        (work) => verify(userId, 'withdraw', codesOf(body), work),
      );
    },

    /** POST /api/user/addwithdrawaddress (security verification 'address'). */
    addAddress(userId: string, body: AddWithdrawAddressBody): Promise<{ id: string }> {
      return verify(userId, 'address', codesOf(body), (trx) => addAddress(trx, userId, body));
    },

    /**
     * POST /api/user/SetAutoWithdrawAddress. Turning Auto Pay on or changing its recipients
     * sends income out without review: the security verification `autopay` first, as for a
     * withdrawal (issue 17). Turning it off only releases income to the balance.
     */
    setAutoPay(userId: string, body: SetAutoPayBody): Promise<void> {
      if (!body.enabled) return db.transaction().execute((trx) => setAutoPay(trx, userId, body));
      return verify(userId, 'autopay', codesOf(body), (trx) => setAutoPay(trx, userId, body));
    },

    /** Internal transfer to another user: real time, free (spec doc 1 §9). */
    async transfer(userId: string, body: TransferBody): Promise<{ transaction_id: string; amount: string; to: string }> {
      const coin = await coinRules(db, body.coin);
      if (coin.closed) throw new AppError('FEATURE_NOT_OPEN');
      const amount = units(body.amount, coin.scale);
      if (amount <= 0n) throw new AppError('AMOUNT_INVALID');
      if (amount < coin.minTransfer) throw new AppError('TRANSFER_BELOW_MIN');
      const target = body.to.trim();
      const recipient = await walletRepository.findRecipient(db, target);
      if (!recipient || recipient.status !== 'active') throw new AppError('USER_NOT_EXIST');
      if (recipient.id === userId) throw new AppError('TRANSFER_TO_SELF');
      return idempotent(
        db,
        `transfer:${userId}`,
        body.request_id,
        intent(body),
        async (trx) => {
          // Money leaving the account: the 24-hour lock after a security change holds here too,
          // or a hijacker would move the balance to an account of their own and withdraw there.
          await assertWithdrawalAllowed(trx, userId);
          const { transactionId } = await postTransaction(trx, {
            kind: 'transfer',
            reference: `transfer:${userId}:${body.request_id}`,
            createdBy: userId,
            postings: [
              { account: { kind: 'user', userId, coin: coin.type, bucket: 'available' }, amount: -amount },
              { account: { kind: 'user', userId: recipient.id, coin: coin.type, bucket: 'available' }, amount },
            ],
          });
          await notifyTransferReceived(trx, { from: userId, to: recipient.id, transactionId, amount: show(amount, coin.scale), unit: coin.unit });
          return { transaction_id: transactionId, amount: show(amount, coin.scale), to: recipient.uid };
        },
        (work) => verify(userId, 'transfer', codesOf(body), work),
      );
    },

    /** Admin updatewithdrawfee. */
    async updateWithdrawFee(by: AuditBy, coinType: string, fee: string): Promise<void> {
      const coin = await coinRules(db, coinType);
      const feeUnits = units(fee, coin.scale);
      await db.transaction().execute(async (trx) => {
        await walletRepository.setWithdrawFee(trx, coin.type, feeUnits);
        await recordAudit(trx, by, {
          action: 'updatewithdrawfee',
          target: `coin:${coin.type}`,
          before: { fee: show(coin.withdrawFee, coin.scale) },
          after: { fee: show(feeUnits, coin.scale) },
        });
      });
    },
  };
}

export type WalletService = ReturnType<typeof walletService>;

/** The audit log moved to modules/admin/audit.ts; kept here for callers that import it from the wallet. */
export { audit } from '../admin/audit.ts';
