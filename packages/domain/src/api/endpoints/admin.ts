import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  adjustmentPage,
  adjustmentQuery,
  adjustmentSchema,
  adminUserPage,
  auditLogPage,
  auditLogQuery,
  banUserBody,
  decideAdjustmentBody,
  findUsersQuery,
  setRoleBody,
  staffSchema,
  uidBody,
  unbindChannelBody,
  updateBalanceBody,
  updateBalanceResultSchema,
} from '../admin.ts';

/** The back office's actions on one user by uid (answer: null). */
const userAction = (path: string, summary: string) => endpoint({ method: 'POST', path, tags: ['admin'], summary, request: uidBody, response: z.null() });
export type UserActionEndpoint = ReturnType<typeof userAction>;

export const adminEndpoints = {
  unbanUser: userAction('/api/admin/UnbanUser', 'Lifts a ban: the user can sign in again'),
  unBindWechat: userAction('/api/admin/UnBindWechat', 'Removes the user’s WeChat binding (1019 when none); withdrawals lock 24 hours'),
  unbindphone: userAction('/api/admin/unbindphone', 'Removes the user’s phone (1046 when none); withdrawals lock 24 hours'),
  unBindGoogle: userAction('/api/admin/UnBindGoogle', 'Removes the user’s authenticator app (1017 when none); withdrawals lock 24 hours'),
  findusers: endpoint({
    method: 'GET',
    path: '/api/admin/findusers',
    tags: ['admin'],
    summary: 'Finds users by e-mail, account, uid or phone (by: any|email|account|uid|phone), with their bindings and available balances',
    request: findUsersQuery,
    response: adminUserPage,
  }),
  banUser: endpoint({
    method: 'POST',
    path: '/api/admin/BanUser',
    tags: ['admin'],
    summary: 'Bans a user: every session ends now and sign-in is refused (1032); back-office accounts lose their role first',
    request: banUserBody,
    response: z.null(),
  }),
  ubBindChannel: endpoint({
    method: 'POST',
    path: '/api/admin/UbBindChannel',
    tags: ['admin'],
    summary: 'Removes a message channel of the user (Telegram; 1040 when none)',
    request: unbindChannelBody,
    response: z.null(),
  }),
  clearCache: endpoint({
    method: 'POST',
    path: '/api/admin/ClearCache',
    tags: ['admin'],
    summary: 'Drops the cached settings (coins, pools, server lines) so that edits show at once',
    response: z.null(),
  }),
  getstafflist: endpoint({
    method: 'GET',
    path: '/api/admin/getstafflist',
    tags: ['admin'],
    summary: 'The back-office accounts (admin and support)',
    response: z.array(staffSchema),
  }),
  setrole: endpoint({
    method: 'POST',
    path: '/api/admin/setrole',
    tags: ['admin'],
    summary: 'Gives a user the role user, support or admin; the last admin keeps the role (218)',
    request: setRoleBody,
    response: z.null(),
  }),
  getauditlog: endpoint({
    method: 'GET',
    path: '/api/admin/getauditlog',
    tags: ['admin'],
    summary: 'The audit log, newest first: filters admin (uid, e-mail or cli), action, target and UTC days',
    request: auditLogQuery,
    response: auditLogPage,
  }),
  getauditactions: endpoint({
    method: 'GET',
    path: '/api/admin/getauditactions',
    tags: ['admin'],
    summary: 'Every action name in the audit log (the filter’s choices)',
    response: z.array(z.string()),
  }),
  updateBalance: endpoint({
    method: 'POST',
    path: '/api/admin/UpdateBalance',
    tags: ['admin'],
    summary:
      'Adjusts a user’s available balance (signed amount, reason required; idempotent on request_id): posted at once within ADJUST_APPROVAL_THRESHOLD, otherwise pending a second admin',
    request: updateBalanceBody,
    response: updateBalanceResultSchema,
  }),
  getbalanceadjustments: endpoint({
    method: 'GET',
    path: '/api/admin/getbalanceadjustments',
    tags: ['admin'],
    summary: 'Balance adjustments (pending first), filtered by status and uid, with the approval threshold',
    request: adjustmentQuery,
    response: adjustmentPage,
  }),
  auditbalanceadjustment: endpoint({
    method: 'POST',
    path: '/api/admin/auditbalanceadjustment',
    tags: ['admin'],
    summary: 'A second admin approves (posted now) or rejects (reason required) a pending adjustment; neither the requester nor the adjusted admin decides it (218)',
    request: decideAdjustmentBody,
    response: adjustmentSchema,
  }),
};
