import { observerEndpoints, securityKeyEndpoints, type EndpointInput, type SecurityCodes } from '@platter/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/index.ts';

/** The watcher's calls (issue 25): the watch list, My authorization, the security key. */

export const watcherKeys = {
  all: ['watcher'] as const,
  list: ['watcher', 'list'] as const,
  auth: ['watcher', 'auth'] as const,
  securityKey: ['watcher', 'securitykey'] as const,
};

export const watchListQuery = queryOptions({ queryKey: watcherKeys.list, queryFn: () => api.call(observerEndpoints.list) });

export const authListQuery = queryOptions({ queryKey: watcherKeys.auth, queryFn: () => api.call(observerEndpoints.authList, { page: 1, count: 200 }) });

export const securityKeyQuery = queryOptions({ queryKey: watcherKeys.securityKey, queryFn: () => api.call(securityKeyEndpoints.get) });

const USER = { userTriggered: true };

export const addWatched = (body: EndpointInput<typeof observerEndpoints.add>) => api.send(observerEndpoints.add, body, USER);

export const removeWatched = (uid: string) => api.send(observerEndpoints.remove, { uid }, USER);

export const revokeAuthorization = (id: string) => api.send(observerEndpoints.removeAuth, { id }, USER);

export const rotateSecurityKey = (codes: SecurityCodes, allowRemoveOffline: boolean) =>
  api.send(securityKeyEndpoints.rotate, { ...codes, allow_remove_offline: allowRemoveOffline }, USER);
