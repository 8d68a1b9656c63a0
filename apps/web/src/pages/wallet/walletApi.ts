import {
  adminWithdrawEndpoints,
  devEndpoints,
  devnetEndpoints,
  walletEndpoints,
  withdrawEndpoints,
  type AssetLogKind,
  type CurrencyEntry,
  type Deposit,
  type EndpointData,
  type EndpointInput,
  type SetAutoPayBody,
  type TotalAssets,
} from '@platter/domain';
import { api, type ApiAnswer, type QueryValue } from '../../api/index.ts';

export type AdminWithdrawal = EndpointData<typeof adminWithdrawEndpoints.withdraw>['list'][number];

/**
 * The wallet calls of spec doc 2 §7 'Assets and logs' for the pages of this folder. Reads give
 * the data or throw (TanStack Query shows the failure); writes return the envelope so a form
 * can read the business code (the client has already shown its message).
 */

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

export const ok = (answer: ApiAnswer<unknown>): boolean => 'code' in answer && answer.code === 200;

export const fetchTotalAssets = () => api.call(walletEndpoints.totalassets);

export const fetchRechargeAddress = (coin: string) => api.call(walletEndpoints.rechargeaddress, { coin });

export type DepositRow = Deposit;
export const fetchDeposits = (coin: string) => api.call(walletEndpoints.recharge, { coin: coin || undefined, page: 1, count: 10 });

export const fetchAddresses = (coin: string) => api.call(walletEndpoints.withdrawaddresses, { coin: coin || undefined });

export const fetchWithdrawals = (page: number, count = 10) => api.call(withdrawEndpoints.withdraw, { page, count });

export const addAddress = (body: EndpointInput<typeof walletEndpoints.addwithdrawaddress>) => api.send(walletEndpoints.addwithdrawaddress, body, { userTriggered: true });

export const updateRemark = (id: string, remark: string) => api.send(walletEndpoints.updatewithdrawaddressremark, { id, remark }, { userTriggered: true });

export const deleteAddress = (id: string) => api.send(walletEndpoints.withdrawaddress, { id }, { userTriggered: true });

export const withdraw = (body: EndpointInput<typeof walletEndpoints.withdraw>) => api.send(walletEndpoints.withdraw, body, { userTriggered: true });

export const transfer = (body: EndpointInput<typeof walletEndpoints.transfer>) => api.send(walletEndpoints.transfer, body, { userTriggered: true });

export const fetchAutoPay = (coin: string) => api.call(walletEndpoints.getAutoWithdrawAddresses, { coin });

export const saveAutoPay = (body: SetAutoPayBody) => api.send(walletEndpoints.setAutoWithdrawAddress, body, { userTriggered: true });

export type MiningIncome = EndpointData<typeof walletEndpoints.miningincome>;
export const fetchMiningIncome = () => api.call(walletEndpoints.miningincome, {});

export const cancelWithdrawal = (id: string) => api.send(withdrawEndpoints.revocationwithdraw, { id }, { userTriggered: true });

/** True when the server has its development helpers (the dev mailbox and the devnet), i.e. outside production. */
export const fetchDevHelpers = async (): Promise<boolean> => {
  const answer = await api.send(devEndpoints.mailbox, { limit: 1 }, { quiet: true, timestamp: false });
  return ok(answer);
};

export const devnetSend = (coin: string, address: string, amount: string) => api.send(devnetEndpoints.send, { coin, address, amount }, { userTriggered: true });

export type BillQuery = { coin?: string | undefined; kind?: AssetLogKind | undefined; page: number; count: number };
export const fetchBill = (query: BillQuery) => api.call(walletEndpoints.asset, query);

export const applyExport = (kind: 'asset' | 'withdraw', format: 'csv' | 'xlsx', coin?: string) =>
  api.send(walletEndpoints.applyForDownload, { kind, format, ...(coin ? { coin } : {}) }, { userTriggered: true });

export const fetchExportStatus = (id: string) => api.call(walletEndpoints.getDownloadStatus, { id });

export const downloadUrl = (id: string) => api.url(walletEndpoints.downloadExcel, { id });

export const fetchAuditing = () => api.call(adminWithdrawEndpoints.getauditingwithdrawlogs, { page: 1, count: 200 });

export const fetchAdminWithdrawals = (page: number) => api.call(adminWithdrawEndpoints.withdraw, { page, count: 20 });

export const auditBatch = (ids: string[], approve: boolean, reason: string) =>
  api.send(adminWithdrawEndpoints.auditbatchwithdrawbalance, { ids, approve, reason }, { userTriggered: true });

export const currencyOf = (assets: TotalAssets | undefined, coin: string): CurrencyEntry | undefined => assets?.currency.find((c) => c.type === coin);
