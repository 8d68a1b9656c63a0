import { adminPoolEndpoints, devnetSignEndpoints, observerEndpoints, poolEndpoints, type EndpointData, type EndpointInput } from '@platter/domain';
import { api } from '../../api/index.ts';

/** The plot calls of spec doc 2 §7 'Pool' (GetPlots, binding) and the back office's lists. */

export type PlotPage = EndpointData<typeof poolEndpoints.getPlots>;
export type PlotCounters = PlotPage['counters'];
export type AdminPlot = EndpointData<typeof adminPoolEndpoints.getPlots>['list'][number];

export const plotKeys = {
  all: ['plots'] as const,
  list: (query: Record<string, string | number | undefined>) => ['plots', 'list', query] as const,
  admin: (bindings: boolean, query: Record<string, string | number | undefined>) => ['plots', 'admin', bindings, query] as const,
};

/** A list's query with the status its filter picked (one of the schema's, or none). */
type Filtered<Q> = Omit<Q, 'status'> & { status?: string | undefined };
type PlotStatusFilter = EndpointInput<typeof poolEndpoints.getPlots>['status'];

export const fetchPlots = (query: Filtered<EndpointInput<typeof poolEndpoints.getPlots>>) =>
  api.call(poolEndpoints.getPlots, { ...query, status: query.status as PlotStatusFilter });

/** A watched user's plots (issue 25): the same page, with no binding address to show. */
export const fetchWatchedPlots = async (uid: string, query: Filtered<EndpointInput<typeof poolEndpoints.getPlots>>): Promise<PlotPage> => {
  const page = await api.call(observerEndpoints.getPlots, { ...query, uid, pool: query.pool ?? '', status: query.status as PlotStatusFilter });
  return { ...page, list: page.list.map((plot) => ({ ...plot, bind_address: null })) };
};

export const fetchBindData = (query: EndpointInput<typeof poolEndpoints.binddata>) => api.send(poolEndpoints.binddata, query, { userTriggered: true });

export const bindPlot = (body: EndpointInput<typeof poolEndpoints.bind>) => api.send(poolEndpoints.bind, body, { userTriggered: true });

export const fetchRegisterData = (query: EndpointInput<typeof poolEndpoints.registerdata>) => api.send(poolEndpoints.registerdata, query, { userTriggered: true });

export const registerNode = (body: EndpointInput<typeof poolEndpoints.register>) => api.send(poolEndpoints.register, body, { userTriggered: true });

export type IdentityReward = EndpointData<typeof poolEndpoints.identityrewards>['list'][number];
export const fetchIdentityRewards = (query: EndpointInput<typeof poolEndpoints.identityrewards>) => api.call(poolEndpoints.identityrewards, query);

export const unbindPlot = (id: string) => api.send(poolEndpoints.unbind, { id }, { userTriggered: true });

/** Development only: the devnet wallet's signature (the dev helpers answer outside production). */
export const devnetSign = (body: EndpointInput<typeof devnetSignEndpoints.sign>) => api.send(devnetSignEndpoints.sign, body, { userTriggered: true });

export const fetchAdminPlots = (bindings: boolean, query: Filtered<EndpointInput<typeof adminPoolEndpoints.getPlots>>) =>
  api.call(bindings ? adminPoolEndpoints.getbindplotterlogs : adminPoolEndpoints.getPlots, { ...query, status: query.status as PlotStatusFilter });
