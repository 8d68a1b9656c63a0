import type {
  adminWithdrawalSchema,
  AssetLogItem,
  AutoPay,
  miningIncomeSchema,
  SetAutoPayBody,
  CurrencyEntry,
  ExportJob,
  SecurityCodes,
  TotalAssets,
  Withdrawal,
  WithdrawAddress,
} from '@platter/domain';
import type { z } from 'zod';
import { api, dataOf, type ApiAnswer, type QueryValue } from '../../api/index.ts';

export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/**
 * The wallet calls of spec doc 2 §7 'Assets and logs' for the pages of this folder. Reads give
 * the data or throw (TanStack Query shows the failure); writes return the envelope so a form
 * can read the business code (the client has already shown its message).
 */

export type Page<T> = { list: T[]; total: number };

export const walletKeys = {
  all: ['wallet'] as const,
  assets: ['wallet', 'assets'] as const,
  recharge: (coin: string) => ['wallet', 'recharge', coin] as const,
  deposits: (coin: string) => ['wallet', 'deposits', coin] as const,
  addresses: (coin: string) => ['wallet', 'addresses', coin] as const,
  withdrawals: (page: number) => ['wallet', 'withdrawals', page] as const,
  bill: (query: Record<string, QueryValue>) => ['wallet', 'bill', query] as const,
  devHelpers: ['wallet', 'devHelpers'] as const,
  autoPay: (coin: string) => ['wallet', 'autoPay', coin] as const,
  miningIncome: ['wallet', 'miningIncome'] as const,
  adminAuditing: ['wallet', 'admin', 'auditing'] as const,
  adminAll: (page: number) => ['wallet', 'admin', 'all', page] as const,
};

async function read<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const data = dataOf(await answer);
  if (data === undefined) throw new Error(`${what}: no data`);
  return data;
}

export const ok = (answer: ApiAnswer<unknown>): boolean => 'code' in answer && answer.code === 200;

export const fetchTotalAssets = () => read(api.get<TotalAssets>('/api/assets/totalassets'), 'total assets');

export const fetchRechargeAddress = (coin: string) =>
  read(api.get<{ coin: string; address: string; confirmation: number }>('/api/assets/rechargeaddress', { query: { coin } }), 'deposit address');

export type DepositRow = {
  id: string;
  coin: string;
  amount: string;
  txid: string;
  confirmations: number;
  required: number;
  status: 'pending' | 'credited' | 'dropped';
  created_at: number;
};
export const fetchDeposits = (coin: string) => read(api.get<Page<DepositRow>>('/api/log/recharge', { query: { coin: coin || undefined, page: 1, count: 10 } }), 'deposits');

export const fetchAddresses = (coin: string) => read(api.get<WithdrawAddress[]>('/api/user/withdrawaddresses', { query: { coin: coin || undefined } }), 'addresses');

export const fetchWithdrawals = (page: number, count = 10) => read(api.get<Page<Withdrawal>>('/api/log/withdraw', { query: { page, count } }), 'withdrawals');

export const addAddress = (body: { coin: string; address: string; remark: string; memo: string } & SecurityCodes) =>
  api.post<WithdrawAddress>('/api/user/addwithdrawaddress', body, { userTriggered: true });

export const updateRemark = (id: string, remark: string) => api.post<null>('/api/user/updatewithdrawaddressremark', { id, remark }, { userTriggered: true });

export const deleteAddress = (id: string) => api.delete<null>(`/api/user/withdrawaddress?id=${encodeURIComponent(id)}`, undefined, { userTriggered: true });

export const withdraw = (body: { coin: string; address_id: string; amount: string; request_id: string } & SecurityCodes) =>
  api.post<Withdrawal>('/api/assets/withdraw', body, { userTriggered: true });

export const transfer = (body: { coin: string; to: string; amount: string; request_id: string } & SecurityCodes) =>
  api.post<{ transaction_id: string; amount: string; to: string }>('/api/assets/transfer', body, { userTriggered: true });

export const fetchAutoPay = (coin: string) => read(api.get<AutoPay>('/api/user/GetAutoWithdrawAddresses', { query: { coin } }), 'Auto Pay');

export const saveAutoPay = (body: SetAutoPayBody) => api.post<null>('/api/user/SetAutoWithdrawAddress', body, { userTriggered: true });

export type MiningIncome = z.infer<typeof miningIncomeSchema>;
export const fetchMiningIncome = () => read(api.get<MiningIncome>('/api/assets/miningincome'), 'mining income');

export const cancelWithdrawal = (id: string) => api.post<null>('/api/assets/revocationwithdraw', { id }, { userTriggered: true });

/** True when the server has its development helpers (the dev mailbox and the devnet), i.e. outside production. */
export const fetchDevHelpers = async (): Promise<boolean> => {
  const answer = await api.get<unknown>('/api/dev/mailbox', { query: { limit: 1 }, quiet: true, timestamp: false });
  return ok(answer);
};

export const devnetSend = (coin: string, address: string, amount: string) =>
  api.post<{ txid: string; height: number }>('/api/dev/devnet/send', { coin, address, amount }, { userTriggered: true });

export type BillQuery = { coin?: string; kind?: string; page: number; count: number };
export const fetchBill = (query: BillQuery) => read(api.get<Page<AssetLogItem>>('/api/log/asset', { query }), 'bill');

export const applyExport = (kind: 'asset' | 'withdraw', format: 'csv' | 'xlsx', coin?: string) =>
  api.post<ExportJob>('/api/log/ApplyForDownload', { kind, format, ...(coin ? { coin } : {}) }, { userTriggered: true });

export const fetchExportStatus = (id: string) => read(api.get<ExportJob>('/api/log/GetDownloadStatus', { query: { id } }), 'export');

export const downloadUrl = (id: string) => `/api/log/DownloadExcel?id=${encodeURIComponent(id)}`;

export const fetchAuditing = () => read(api.get<Page<AdminWithdrawal>>('/api/admin/getauditingwithdrawlogs', { query: { page: 1, count: 200 } }), 'auditing withdrawals');

export const fetchAdminWithdrawals = (page: number) => read(api.get<Page<AdminWithdrawal>>('/api/admin/withdraw', { query: { page, count: 20 } }), 'withdrawals');

export const auditBatch = (ids: string[], approve: boolean, reason: string) =>
  api.post<{ done: string[]; skipped: { id: string; code: number }[] }>('/api/admin/auditbatchwithdrawbalance', { ids, approve, reason }, { userTriggered: true });

export const currencyOf = (assets: TotalAssets | undefined, coin: string): CurrencyEntry | undefined => assets?.currency.find((c) => c.type === coin);
