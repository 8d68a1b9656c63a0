import { endpoint } from '../endpoint.ts';
import {
  adminInvitationPage,
  adminInvitationsQuery,
  adminInvitePoolBody,
  adminInvitePoolSchema,
  adminInvitePoolsSchema,
  adminInviteRebatePage,
  adminInviteRebatesQuery,
  inviteCheckQuery,
  inviteCheckSchema,
  inviteDevMinedDayBody,
  inviteDevMinedDaySchema,
  inviteePage,
  inviteesQuery,
  inviteInfoSchema,
  inviteRebatePage,
  inviteRebatesQuery,
} from '../invite.ts';

/** Invite and rebate (issue 25): the user's invitation, invitees and rebates; the registration page's check. */
export const inviteEndpoints = {
  info: endpoint({
    method: 'GET',
    path: '/api/invite/info',
    tags: ['invite'],
    summary: 'The signed-in user’s invite id and link, how many registered through it and the total rebate per coin',
    response: inviteInfoSchema,
  }),
  check: endpoint({
    method: 'GET',
    path: '/api/invite/check',
    tags: ['invite'],
    summary: 'Whether an invite id names an active user (public: the registration page asks before it submits)',
    request: inviteCheckQuery,
    response: inviteCheckSchema,
  }),
  invitees: endpoint({
    method: 'GET',
    path: '/api/invite/invitees',
    tags: ['invite'],
    summary: 'The users registered through the signed-in user’s link (e-mails masked), newest first',
    request: inviteesQuery,
    response: inviteePage,
  }),
  rebates: endpoint({
    method: 'GET',
    path: '/api/invite/rebates',
    tags: ['invite'],
    summary: 'The signed-in user’s rebates, one record per (invitee, pool, day), newest first',
    request: inviteRebatesQuery,
    response: inviteRebatePage,
  }),
};

/** The back office's invitations, rebates and each pool's rebate share. */
export const adminInviteEndpoints = {
  invitations: endpoint({
    method: 'GET',
    path: '/api/admin/invite/invitations',
    tags: ['admin'],
    summary: 'Every invitation (inviter and invitee), newest first; uid filters either side',
    request: adminInvitationsQuery,
    response: adminInvitationPage,
  }),
  rebates: endpoint({
    method: 'GET',
    path: '/api/admin/invite/rebates',
    tags: ['admin'],
    summary: 'Every rebate paid, newest first; by uid (either side), pool or day',
    request: adminInviteRebatesQuery,
    response: adminInviteRebatePage,
  }),
  pools: endpoint({
    method: 'GET',
    path: '/api/admin/invite/pools',
    tags: ['admin'],
    summary: 'Each pool’s rebate share of the pool fee (basis points; 0: off)',
    response: adminInvitePoolsSchema,
  }),
  setPool: endpoint({
    method: 'POST',
    path: '/api/admin/invite/pool',
    tags: ['admin'],
    summary: 'Sets a pool’s rebate share of the fee from the next settled day on (audited)',
    request: adminInvitePoolBody,
    response: adminInvitePoolSchema,
  }),
};

/**
 * Development only (the devnet): a day of the signed-in user's verified work on a pool the
 * simulator does not mine, with a block of the pool, settled at once as if the day had ended —
 * the browser test's stand-in for a day of mining before the rebate is paid.
 */
export const inviteDevEndpoints = {
  minedDay: endpoint({
    method: 'POST',
    path: '/api/dev/invite/mined-day',
    tags: ['dev'],
    summary: 'Development only: a day of the signed-in user’s mining on a pool (a share of `plots` K32 plots and a block of 2 coins), settled now',
    request: inviteDevMinedDayBody,
    response: inviteDevMinedDaySchema,
  }),
};
