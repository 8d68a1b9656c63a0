import { adminInvitationsQuery, adminInviteRebatesQuery, inviteRebatesQuery, type AdminExportList } from '@platter/domain';
import type { ExportList } from '../exports/lists.ts';
import { adminInvitations, adminRebates, listRebates } from './invite.service.ts';

/** The invite lists as exports (issue 25): a user's rebate records, the back office's invitations and rebates. */

const PAGE = 200;

type Pager<F> = (ctx: Parameters<ExportList['read']>[0], owner: string, filters: F, page: number) => Promise<{ list: object[]; total: number }>;

function paged<F>(pager: Pager<F>): ExportList['read'] {
  return async function* (ctx, owner, filters: never) {
    for (let page = 1, seen = 0; ; page++) {
      const { list, total } = await pager(ctx, owner, filters as F, page);
      seen += list.length;
      yield { rows: list as Record<string, unknown>[], total };
      if (list.length < PAGE || seen >= total) return;
    }
  };
}

const noPaging = { page: true, count: true } as const;

/** The user's rebate records, as the invite page lists them. */
export const INVITE_USER_EXPORT_LIST: ExportList = {
  filters: inviteRebatesQuery.omit(noPaging),
  read: paged((ctx, owner, f: { coin?: string; pool?: string; side?: 'inviter' | 'invitee' }, page) => listRebates(ctx.db, owner, { ...f, page, count: PAGE })),
  stem: 'invite-rebates',
};

export const INVITE_ADMIN_EXPORT_LISTS: Partial<Record<AdminExportList, ExportList>> = {
  invitations: {
    filters: adminInvitationsQuery.omit(noPaging),
    read: paged((ctx, _owner, f: { uid?: string }, page) => adminInvitations(ctx.db, { ...f, page, count: PAGE })),
    stem: 'invitations',
  },
  invite_rebates: {
    filters: adminInviteRebatesQuery.omit(noPaging),
    read: paged((ctx, _owner, f: { uid?: string; pool?: string; day?: string }, page) => adminRebates(ctx.db, { ...f, page, count: PAGE })),
    stem: 'invite-rebates',
  },
};
