import { adminInvitationsQuery, adminInviteRebatesQuery, inviteRebatesQuery, type AdminExportList } from '@platter/domain';
import type { ExportList } from '../exports/lists.ts';
import { pagedExport } from '../exports/paged.ts';
import { adminInvitations, adminRebates, listRebates } from './invite.service.ts';

/** The invite lists as exports (issue 25): a user's rebate records, the back office's invitations and rebates. */

const noPaging = { page: true, count: true } as const;

/** The user's rebate records, as the invite page lists them. */
export const INVITE_USER_EXPORT_LIST: ExportList = {
  filters: inviteRebatesQuery.omit(noPaging),
  read: pagedExport((ctx, owner, f: { coin?: string; pool?: string; side?: 'inviter' | 'invitee' }, page, count) => listRebates(ctx.db, owner, { ...f, page, count })),
  stem: 'invite-rebates',
};

export const INVITE_ADMIN_EXPORT_LISTS: Partial<Record<AdminExportList, ExportList>> = {
  invitations: {
    filters: adminInvitationsQuery.omit(noPaging),
    read: pagedExport((ctx, _owner, f: { uid?: string }, page, count) => adminInvitations(ctx.db, { ...f, page, count })),
    stem: 'invitations',
  },
  invite_rebates: {
    filters: adminInviteRebatesQuery.omit(noPaging),
    read: pagedExport((ctx, _owner, f: { uid?: string; pool?: string; day?: string }, page, count) => adminRebates(ctx.db, { ...f, page, count })),
    stem: 'invite-rebates',
  },
};
