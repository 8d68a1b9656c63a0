import { adminEndpoints, adminWalletEndpoints, adminWithdrawEndpoints, type auditResultSchema, type updateBalanceBody } from '@platter/domain';
import type { z } from 'zod';
import { api } from '../../api/index.ts';
import { walletKeys } from './walletApi.ts';

/**
 * The back office's wallet writes beyond the review (spec doc 2 §7 'Admin'): cancelling
 * approved withdrawals before they are sent, the per-coin withdrawal fee, balance adjustments.
 * Writes return the envelope: the client has already shown a business code's message.
 */

export type AuditResult = z.infer<typeof auditResultSchema>;
export type BalanceAdjustment = z.input<typeof updateBalanceBody>;

export const walletAdminKeys = {
  /** Under walletKeys.all, so a write that invalidates the wallet refreshes these too. */
  sendPending: [...walletKeys.all, 'admin', 'sendPending'] as const,
};

/** Approved withdrawals the sender has not picked up yet (only these can still be cancelled). */
export const fetchSendPending = () => api.call(adminWithdrawEndpoints.withdraw, { status: 'SENT_PENDING', page: 1, count: 200 });

export const cancelBatch = (ids: string[], reason: string) => api.send(adminWithdrawEndpoints.auditbatchcancelwithdrawbalance, { ids, reason }, { userTriggered: true });

export const updateWithdrawFee = (coin: string, fee: string) => api.send(adminWalletEndpoints.updatewithdrawfee, { coin, fee }, { userTriggered: true });

export const adjustBalance = (body: BalanceAdjustment) => api.send(adminEndpoints.updateBalance, body, { userTriggered: true });
