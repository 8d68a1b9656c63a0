import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  adminWithdrawPage,
  adminWithdrawQuery,
  auditBatchCancelWithdrawBody,
  auditBatchWithdrawBody,
  auditCancelWithdrawBody,
  auditResultSchema,
  auditWithdrawBody,
  revocationWithdrawBody,
  withdrawLogQuery,
  withdrawPage,
} from '../wallet.ts';
import { withdrawReviewQuery, withdrawReviewSchema } from '../admin.ts';

const withdrawLog = (path: string) =>
  endpoint({ method: 'GET', path, tags: ['log'], summary: 'Withdrawals, newest first (count 1 to 200)', request: withdrawLogQuery, response: withdrawPage });

/**
 * The spec lists these two as GET: a GET reads the withdrawal under review with its audit trail
 * and what the POST of the same name may do now; only the POST changes it (issue 20).
 */
const withdrawReview = (path: string) =>
  endpoint({
    method: 'GET',
    path,
    tags: ['admin'],
    summary: 'Reads a withdrawal under review with its audit trail and whether it can be approved, rejected or cancelled now (POST does it)',
    request: withdrawReviewQuery,
    response: withdrawReviewSchema,
  });

export const withdrawEndpoints = {
  withdraw: withdrawLog('/api/log/withdraw'),
  dashboardWithdraw: withdrawLog('/api/dashboard/Withdraw'),
  revocationwithdraw: endpoint({
    method: 'POST',
    path: '/api/assets/revocationwithdraw',
    tags: ['assets'],
    summary: 'Cancels a withdrawal before review; 10201 once in progress',
    request: revocationWithdrawBody,
    response: z.null(),
  }),
};

export const adminWithdrawEndpoints = {
  auditwithdrawbalanceRead: withdrawReview('/api/admin/auditwithdrawbalance'),
  auditcancelwithdrawbalanceRead: withdrawReview('/api/admin/auditcancelwithdrawbalance'),
  withdraw: endpoint({
    method: 'GET',
    path: '/api/admin/withdraw',
    tags: ['admin'],
    summary: 'Withdrawals of every user, filtered by coin, status, uid and review batch',
    request: adminWithdrawQuery,
    response: adminWithdrawPage,
  }),
  getauditingwithdrawlogs: endpoint({
    method: 'GET',
    path: '/api/admin/getauditingwithdrawlogs',
    tags: ['admin'],
    summary: 'Withdrawals waiting for review (AUDITING), oldest first',
    request: adminWithdrawQuery,
    response: adminWithdrawPage,
  }),
  auditwithdrawbalance: endpoint({
    method: 'POST',
    path: '/api/admin/auditwithdrawbalance',
    tags: ['admin'],
    summary: 'Approves a withdrawal, or rejects it with a reason (required)',
    request: auditWithdrawBody,
    response: auditResultSchema,
  }),
  auditbatchwithdrawbalance: endpoint({
    method: 'POST',
    path: '/api/admin/auditbatchwithdrawbalance',
    tags: ['admin'],
    summary: 'Approves or rejects many withdrawals; each is done or skipped with its code',
    request: auditBatchWithdrawBody,
    response: auditResultSchema,
  }),
  auditcancelwithdrawbalance: endpoint({
    method: 'POST',
    path: '/api/admin/auditcancelwithdrawbalance',
    tags: ['admin'],
    summary: 'Cancels a withdrawal that has not started sending (a user’s request through support); funds return',
    request: auditCancelWithdrawBody,
    response: auditResultSchema,
  }),
  auditbatchcancelwithdrawbalance: endpoint({
    method: 'POST',
    path: '/api/admin/auditbatchcancelwithdrawbalance',
    tags: ['admin'],
    summary: 'Cancels many withdrawals that have not started sending',
    request: auditBatchCancelWithdrawBody,
    response: auditResultSchema,
  }),
};
