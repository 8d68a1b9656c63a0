import type { auditResultSchema, updateBalanceBody, UpdateBalanceResult } from '@platter/domain';
import type { z } from 'zod';
import { api, dataOf } from '../../api/index.ts';
import { walletKeys, type AdminWithdrawal, type Page } from './walletApi.ts';

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
export async function fetchSendPending(): Promise<Page<AdminWithdrawal>> {
  const data = dataOf(await api.get<Page<AdminWithdrawal>>('/api/admin/withdraw', { query: { status: 'SENT_PENDING', page: 1, count: 200 } }));
  if (data === undefined) throw new Error('approved withdrawals: no data');
  return data;
}

export const cancelBatch = (ids: string[], reason: string) => api.post<AuditResult>('/api/admin/auditbatchcancelwithdrawbalance', { ids, reason }, { userTriggered: true });

export const updateWithdrawFee = (coin: string, fee: string) => api.post<null>('/api/admin/updatewithdrawfee', { coin, fee }, { userTriggered: true });

export const adjustBalance = (body: BalanceAdjustment) => api.post<UpdateBalanceResult>('/api/admin/UpdateBalance', body, { userTriggered: true });
