import { endpoint } from '../endpoint.ts';
import { auditBindBody, auditCancelBindBody, bindReviewPage, bindReviewQuery, bindReviewResult } from '../reviews.ts';

export const reviewEndpoints = {
  getauditingbindplotter: endpoint({
    method: 'GET',
    path: '/api/admin/getauditingbindplotter',
    tags: ['admin'],
    summary: 'What waits for review, oldest first: bindings (type bind: BIND_SENT, not reviewed) or unbindings (type unbind: UNBIND_AUDITING)',
    request: bindReviewQuery,
    response: bindReviewPage,
  }),
  auditbindplotter: endpoint({
    method: 'POST',
    path: '/api/admin/auditbindplotter',
    tags: ['admin'],
    summary: 'Approves bindings (the chain confirmation then makes them CONFIRMED), or rejects them with a reason (required); audited',
    request: auditBindBody,
    response: bindReviewResult,
  }),
  auditunbindplotter: endpoint({
    method: 'POST',
    path: '/api/admin/auditunbindplotter',
    tags: ['admin'],
    summary: 'Approves unbindings (UNBIND_AUDITING → UNBIND_SENT → UNBIND), or rejects them with a reason (required: the binding stays); audited',
    request: auditBindBody,
    response: bindReviewResult,
  }),
  auditcancelbindplotter: endpoint({
    method: 'POST',
    path: '/api/admin/auditcancelbindplotter',
    tags: ['admin'],
    summary: 'Cancels bindings not confirmed yet (BIND_SENT) with a reason (required), e.g. at the user’s request; audited',
    request: auditCancelBindBody,
    response: bindReviewResult,
  }),
};
