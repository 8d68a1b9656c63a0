import { adminFinanceEndpoints, financeEndpoints, type EndpointData, type EndpointInput, type FinanceProductBody, type FinanceSettingsBody } from '@platter/domain';
import { api } from '../../api/index.ts';

/** The finance calls (issue 23) for the pages of this folder: reads give the data or throw; writes return the envelope. */

export type FinanceIncome = EndpointData<typeof financeEndpoints.income>['list'][number];
export type FinanceSettings = FinanceSettingsBody;
type ProductsQuery = EndpointInput<typeof financeEndpoints.products>;

export const financeKeys = {
  all: ['finance'] as const,
  products: (query: ProductsQuery) => ['finance', 'products', query] as const,
  holdings: (page: number) => ['finance', 'holdings', page] as const,
  income: (page: number) => ['finance', 'income', page] as const,
  admin: (page: number) => ['finance', 'admin', page] as const,
  subscriptions: (id: string, page: number) => ['finance', 'subscriptions', id, page] as const,
  settings: ['finance', 'settings'] as const,
  product: (id: string) => ['finance', 'product', id] as const,
};

const user = { userTriggered: true };

export const fetchProducts = (query: ProductsQuery) => api.call(financeEndpoints.products, query);
export const fetchProduct = (id: string) => api.call(financeEndpoints.product, { id });
export const fetchHoldings = (page: number) => api.call(financeEndpoints.holdings, { page, count: 20 });
export const fetchIncome = (page: number) => api.call(financeEndpoints.income, { page, count: 20 });

export const buyProduct = (body: EndpointInput<typeof financeEndpoints.buy>) => api.send(financeEndpoints.buy, body, user);
export const redeemHolding = (id: string, request_id: string) => api.send(financeEndpoints.redeem, { id, request_id }, user);
export const revokeHolding = (id: string, request_id: string) => api.send(financeEndpoints.revoke, { id, request_id }, user);

export const fetchAdminProducts = (page: number) => api.call(adminFinanceEndpoints.products, { page, count: 20 });
export const fetchSubscriptions = (id: string, page: number) => api.call(adminFinanceEndpoints.subscriptions, { product_id: id, page, count: 20 });
export const fetchSettings = () => api.call(adminFinanceEndpoints.settings);
export const saveProduct = ({ id, ...body }: FinanceProductBody & { id?: string }) =>
  id ? api.send(adminFinanceEndpoints.update, { ...body, id }, user) : api.send(adminFinanceEndpoints.create, body, user);
export const setShelf = (id: string, on_shelf: boolean) => api.send(adminFinanceEndpoints.shelf, { id, on_shelf }, user);
export const fundProduct = (body: EndpointInput<typeof adminFinanceEndpoints.fund>) => api.send(adminFinanceEndpoints.fund, body, user);
export const revokeProduct = (id: string) => api.send(adminFinanceEndpoints.revoke, { id }, user);
export const saveSettings = (body: FinanceSettings) => api.send(adminFinanceEndpoints.updateSettings, body, user);
