import { endpoint } from '../endpoint.ts';
import {
  adminMortgageLogPage,
  adminMortgageLogsQuery,
  mortgageCoinsSchema,
  mortgageDevAgeBody,
  mortgageIncomeBody,
  mortgageIncomeResult,
  mortgageLogPage,
  mortgageLogsQuery,
  mortgageMoveBody,
  mortgageMoveResult,
  mortgageSettingsBody,
  mortgageSummarySchema,
  pointMortgageRequestPage,
} from '../mortgage.ts';
import { pointCancelBody, pointCancellationsQuery, pointCancelResult, pointReviewBody } from '../pointing.ts';
import { z } from 'zod';

/** Mortgage (issue 22): the available balance to the mortgage bucket and back, and the logs. */
export const mortgageEndpoints = {
  toMortgage: endpoint({
    method: 'POST',
    path: '/api/assets/freebalancetomort',
    tags: ['assets'],
    summary:
      'Moves an amount of the available balance into mortgage (idempotent on request_id): it takes effect on the next settlement day (T+1) and may come back after 7 days; 11305 when the coin takes no mortgage, 11301 below its minimum, 11302 balance short',
    request: mortgageMoveBody,
    response: mortgageMoveResult,
  }),
  toBalance: endpoint({
    method: 'POST',
    path: '/api/assets/morttofreebalance',
    tags: ['assets'],
    summary:
      'Moves an amount from mortgage back to the available balance, from the oldest lots past their 7 days (idempotent on request_id); 11304 when not 7 days old yet, 11302 more than is in mortgage',
    request: mortgageMoveBody,
    response: mortgageMoveResult,
  }),
  coins: endpoint({
    method: 'GET',
    path: '/api/assets/mortgage',
    tags: ['assets'],
    summary: 'Per coin that takes mortgages (or holds some): the available balance, the mortgage and its waiting / effective / returnable parts, and the coin’s rules',
    response: mortgageCoinsSchema,
  }),
  logs: endpoint({
    method: 'GET',
    path: '/api/log/getdepositmortgagelogs',
    tags: ['assets'],
    summary: 'The user’s moves into and out of mortgage, newest first, filtered by coin, type and time',
    request: mortgageLogsQuery,
    response: mortgageLogPage,
  }),
  pointMortgage: endpoint({
    method: 'POST',
    path: '/api/point/mortgage',
    tags: ['pointing'],
    summary:
      'Asks for an effective (POINT_VALID) pointing to be put in mortgage (POINT_LOCKED once the back office approves); 10304 not effective yet, 10306 locked or asked already, 10307 under cancellation, 10301 not the user’s',
    request: pointCancelBody,
    response: pointCancelResult,
  }),
};

/** The back office: every user's mortgage moves, and a coin's mortgage settings. */
export const adminMortgageEndpoints = {
  logs: endpoint({
    method: 'GET',
    path: '/api/admin/getpointmortgagelogs',
    tags: ['admin'],
    summary: 'Every user’s moves into and out of mortgage, filtered by coin, type, time and user (e-mail or uid)',
    request: adminMortgageLogsQuery,
    response: adminMortgageLogPage,
  }),
  settings: endpoint({
    method: 'POST',
    path: '/api/admin/mortgagesettings',
    tags: ['admin'],
    summary: 'Sets a coin’s mortgage settings (whether it takes mortgages, T+N, return days, minimum, locked-mining threshold, earning rank; audited)',
    request: mortgageSettingsBody,
    response: mortgageSummarySchema,
  }),
  income: endpoint({
    method: 'POST',
    path: '/api/admin/mortgageincome',
    tags: ['admin'],
    summary:
      'Records a settled day’s locked (staking) revenue of a coin and its position’s rank: shared whole (100 %) among the lots locked that day, once per coin and day (audited); a rank beyond the coin’s earning rank moves nothing; 11305 for a coin without mortgage',
    request: mortgageIncomeBody,
    response: mortgageIncomeResult,
  }),
  pointRequests: endpoint({
    method: 'GET',
    path: '/api/admin/morttopointrequests',
    tags: ['admin'],
    summary: 'Requests to put a pointing in mortgage, pending first',
    request: pointCancellationsQuery,
    response: pointMortgageRequestPage,
  }),
  pointReview: endpoint({
    method: 'POST',
    path: '/api/admin/auditmorttopoint',
    tags: ['admin'],
    summary:
      'Approves (the pointing becomes POINT_LOCKED) or rejects a request to put a pointing in mortgage (audited); 10306 when no longer pending, the record’s own code when it has moved on',
    request: pointReviewBody,
    response: pointCancelResult,
  }),
};

export const mortgageDevEndpoints = {
  age: endpoint({
    method: 'POST',
    path: '/api/dev/mortgage/age',
    tags: ['dev'],
    summary: 'Development only: moves a mortgage lot’s day, effective day and unlock time back by `days` days',
    request: mortgageDevAgeBody,
    response: z.null(),
  }),
};
