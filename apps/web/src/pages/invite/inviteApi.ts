import { adminInviteEndpoints, inviteEndpoints, type EndpointData, type EndpointInput } from '@platter/domain';
import { api } from '../../api/index.ts';

/** The invite calls (issue 25) for the pages of this folder: reads give the data or throw; writes return the envelope. */

export type InviteRebateRow = EndpointData<typeof inviteEndpoints.rebates>['list'][number];
export type InviteeRow = EndpointData<typeof inviteEndpoints.invitees>['list'][number];
export type AdminInvitationRow = EndpointData<typeof adminInviteEndpoints.invitations>['list'][number];
export type AdminRebateRow = EndpointData<typeof adminInviteEndpoints.rebates>['list'][number];
export type AdminInvitePool = EndpointData<typeof adminInviteEndpoints.pools>['list'][number];
type RebatesQuery = EndpointInput<typeof inviteEndpoints.rebates>;

export const PAGE_SIZE = 20;

export const inviteKeys = {
  all: ['invite'] as const,
  info: ['invite', 'info'] as const,
  check: (id: string) => ['invite', 'check', id] as const,
  rebates: (side: 'inviter' | 'invitee', page: number) => ['invite', 'rebates', side, page] as const,
  invitees: (page: number) => ['invite', 'invitees', page] as const,
  adminInvitations: (uid: string, page: number) => ['invite', 'admin', 'invitations', uid, page] as const,
  adminRebates: (uid: string, day: string, page: number) => ['invite', 'admin', 'rebates', uid, day, page] as const,
  adminPools: ['invite', 'admin', 'pools'] as const,
};

export const fetchInviteInfo = () => api.call(inviteEndpoints.info);
export const checkInvite = (invite: string) => api.call(inviteEndpoints.check, { invite });
export const fetchRebates = (query: Pick<RebatesQuery, 'side' | 'page'>) => api.call(inviteEndpoints.rebates, { ...query, count: PAGE_SIZE });
export const fetchInvitees = (page: number) => api.call(inviteEndpoints.invitees, { page, count: PAGE_SIZE });

export const fetchAdminInvitations = (uid: string, page: number) => api.call(adminInviteEndpoints.invitations, { page, count: PAGE_SIZE, ...(uid ? { uid } : {}) });
export const fetchAdminRebates = (uid: string, day: string, page: number) =>
  api.call(adminInviteEndpoints.rebates, { page, count: PAGE_SIZE, ...(uid ? { uid } : {}), ...(day ? { day } : {}) });
export const fetchAdminPools = () => api.call(adminInviteEndpoints.pools);
export const savePoolShare = (pool: string, share_bp: number) => api.send(adminInviteEndpoints.setPool, { pool, share_bp }, { userTriggered: true });

/** A paged list's pager: one page at a time, hidden while everything fits on one. */
export const paging = (current: number, total: number, onChange: (page: number) => void) => ({
  current,
  pageSize: PAGE_SIZE,
  total,
  onChange,
  showSizeChanger: false,
  hideOnSinglePage: true,
});
