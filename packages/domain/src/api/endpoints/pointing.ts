import { endpoint } from '../endpoint.ts';
import {
  adminPointRecordPage,
  adminPointRecordsQuery,
  pointAddressesQuery,
  pointAddressPage,
  pointAddressSchema,
  pointBindBody,
  pointCancelBody,
  pointCancellationPage,
  pointCancellationsQuery,
  pointCancelResult,
  pointDevSendBody,
  pointDevTxResult,
  pointDevWithdrawBody,
  pointRecordPage,
  pointRecordsQuery,
  pointRemarkBody,
  pointReviewBody,
  pointSettingsQuery,
  pointSettingsSchema,
} from '../pointing.ts';

/** Coin owners (issue 22): source-address binding, pointing records, cancellation requests. */
export const pointingEndpoints = {
  bind: endpoint({
    method: 'POST',
    path: '/api/point/bind',
    tags: ['pointing'],
    summary:
      'Binds a source address: the user points at least the verification amount from it to the confirmation address within 20 blocks (VERIFY → WAIT_CONFIRM → VALID → CONFIRMED, or VERIFY_EXPIRED); 10302 invalid or already bound',
    request: pointBindBody,
    response: pointAddressSchema,
  }),
  addresses: endpoint({
    method: 'GET',
    path: '/api/point/addresses',
    tags: ['pointing'],
    summary: 'The user’s source addresses with their verification, newest first',
    request: pointAddressesQuery,
    response: pointAddressPage,
  }),
  remark: endpoint({
    method: 'POST',
    path: '/api/assets/updatepointaddressremark',
    tags: ['pointing'],
    summary: 'Sets a source address’s remark (under 32 characters); 10301 when it is not the user’s',
    request: pointRemarkBody,
    response: pointAddressSchema,
  }),
  records: endpoint({
    method: 'GET',
    path: '/api/point/records',
    tags: ['pointing'],
    summary: 'The user’s pointing records read from the chain, newest first',
    request: pointRecordsQuery,
    response: pointRecordPage,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/point/cancel',
    tags: ['pointing'],
    summary: 'Files a cancellation request for a pointing; 10301 not found, 10307 when one is open or the pointing has ended',
    request: pointCancelBody,
    response: pointCancelResult,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/point/settings',
    tags: ['pointing'],
    summary: 'A coin’s pointing settings: counted share, margin, Noterm lock, minimum',
    request: pointSettingsQuery,
    response: pointSettingsSchema,
  }),
};

/** The back office: /admin/point_info and /admin/point_review. */
export const adminPointingEndpoints = {
  records: endpoint({
    method: 'GET',
    path: '/api/admin/pointrecords',
    tags: ['admin'],
    summary: 'Every pointing record, filtered by coin, status, user and source address',
    request: adminPointRecordsQuery,
    response: adminPointRecordPage,
  }),
  reviews: endpoint({
    method: 'GET',
    path: '/api/admin/getauditpointmortgagelogs',
    tags: ['admin'],
    summary: 'Pointing cancellation requests, pending first',
    request: pointCancellationsQuery,
    response: pointCancellationPage,
  }),
  review: endpoint({
    method: 'POST',
    path: '/api/admin/auditunlockmortgagepoint',
    tags: ['admin'],
    summary: 'Approves or rejects a cancellation request (audited); 10307 when it is no longer pending',
    request: pointReviewBody,
    response: pointCancelResult,
  }),
};

export const pointingDevEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/api/dev/poc/point',
    tags: ['dev'],
    summary: 'Development only: a point (sendpledgetoaddress) from a source address on the devnet chain, mined into the next block',
    request: pointDevSendBody,
    response: pointDevTxResult,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/api/dev/poc/withdrawpoint',
    tags: ['dev'],
    summary: 'Development only: a point’s withdrawpledge (the user cancelling in the wallet), mined into the next block',
    request: pointDevWithdrawBody,
    response: pointDevTxResult,
  }),
};
