import type { AdminFinanceProduct, FinanceHolding, FinanceProduct, FinanceProductBody, SecurityCodes } from '@platter/domain';
import { api, dataOf, type ApiAnswer, type QueryValue } from '../../api/index.ts';

/** The finance calls (issue 23) for the pages of this folder: reads give the data or throw; writes return the envelope. */

export type Page<T> = { list: T[]; total: number };
export type FinanceIncome = { day: string; holding_id: string; product_name: string; coin: string; amount: string };
export type FinanceSettings = { settlement_hour_utc: 0 | 12; redemption_days: number; saving_owner_share: string; saving_miner_share: string };

export const financeKeys = {
  all: ['finance'] as const,
  products: (query: Record<string, QueryValue>) => ['finance', 'products', query] as const,
  holdings: (page: number) => ['finance', 'holdings', page] as const,
  income: (page: number) => ['finance', 'income', page] as const,
  admin: (page: number) => ['finance', 'admin', page] as const,
  subscriptions: (id: string, page: number) => ['finance', 'subscriptions', id, page] as const,
  settings: ['finance', 'settings'] as const,
  product: (id: string) => ['finance', 'product', id] as const,
};

async function read<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const data = dataOf(await answer);
  if (data === undefined) throw new Error(`${what}: no data`);
  return data;
}

export const fetchProducts = (query: Record<string, QueryValue>) => read(api.get<Page<FinanceProduct>>('/api/finance/products', { query }), 'finance products');
export const fetchProduct = (id: string) => read(api.get<FinanceProduct>('/api/finance/product', { query: { id } }), 'finance product');
export const fetchHoldings = (page: number) => read(api.get<Page<FinanceHolding>>('/api/finance/holdings', { query: { page, count: 20 } }), 'holdings');
export const fetchIncome = (page: number) => read(api.get<Page<FinanceIncome>>('/api/finance/income', { query: { page, count: 20 } }), 'income');

export const buyProduct = (body: { product_id: string; amount: string; request_id: string } & SecurityCodes) =>
  api.post<{ holding_id: string; amount: string }>('/api/finance/buy', body, { userTriggered: true });
export const redeemHolding = (id: string, request_id: string) =>
  api.post<{ holding_id: string; redemption_due_at: string | null }>('/api/finance/redeem', { id, request_id }, { userTriggered: true });
export const revokeHolding = (id: string, request_id: string) => api.post<unknown>('/api/finance/revoke', { id, request_id }, { userTriggered: true });

export const fetchAdminProducts = (page: number) =>
  read(api.get<Page<AdminFinanceProduct>>('/api/admin/finance/products', { query: { page, count: 20 } }), 'admin finance products');
export const fetchSubscriptions = (id: string, page: number) =>
  read(api.get<Page<FinanceHolding>>('/api/admin/finance/subscriptions', { query: { product_id: id, page, count: 20 } }), 'subscriptions');
export const fetchSettings = () => read(api.get<FinanceSettings>('/api/admin/finance/settings'), 'finance settings');
export const saveProduct = (body: FinanceProductBody & { id?: string }) =>
  api.post<AdminFinanceProduct>(body.id ? '/api/admin/finance/product/update' : '/api/admin/finance/product', body, { userTriggered: true });
export const setShelf = (id: string, on_shelf: boolean) => api.post<AdminFinanceProduct>('/api/admin/finance/shelf', { id, on_shelf }, { userTriggered: true });
export const fundProduct = (body: { id: string; amount: string; from_uid?: string; request_id: string }) =>
  api.post<AdminFinanceProduct>('/api/admin/finance/fund', body, { userTriggered: true });
export const revokeProduct = (id: string) => api.post<AdminFinanceProduct>('/api/admin/finance/revoke', { id }, { userTriggered: true });
export const saveSettings = (body: FinanceSettings) => api.post<FinanceSettings>('/api/admin/finance/settings', body, { userTriggered: true });

export const isOk = (answer: ApiAnswer<unknown>): boolean => 'code' in answer && answer.code === 200;
