import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  addWatchBody,
  authListPage,
  authListQuery,
  observerDetailQuery,
  observerIncomeQuery,
  observerMinerQuery,
  observerPlotPage,
  observerPlotQuery,
  observerPoolBody,
  observerRequirementsSchema,
  observerShareQuery,
  observerSummaryQuery,
  observerSummarySchema,
  removeAuthBody,
  watchListSchema,
  watchUidBody,
  watchedUserSchema,
} from '../observer.ts';
import { incomePage, miningDetailPage, minerPage, shareSeriesSchema } from '../pool.ts';

/**
 * The watcher calls (spec doc 2 §7 'Watcher (observer)'; the spec does not show their prefix:
 * /api/observer/, names and case as listed). The security key they are authorised with: securityKey.ts.
 */
const path = (name: string) => `/api/observer/${name}`;
const tags = ['observer'];

export const observerEndpoints = {
  requestVerify: endpoint({
    method: 'GET',
    path: path('RequestVerify'),
    tags,
    summary: 'What adding a watched user needs (their security key and a current authenticator code of theirs), and the watch list’s count and maximum (30)',
    response: observerRequirementsSchema,
  }),
  authList: endpoint({
    method: 'GET',
    path: path('AuthList'),
    tags,
    summary: 'My authorization: who watches the signed-in user, and since when',
    request: authListQuery,
    response: authListPage,
  }),
  list: endpoint({
    method: 'GET',
    path: path('list'),
    tags,
    summary: 'The watch list: the users the signed-in user watches, with the pools they mine in',
    response: watchListSchema,
  }),
  summary: endpoint({
    method: 'GET',
    path: path('Summary'),
    tags,
    summary: 'A watched user’s figures of one pool (no balances); 218 unless they authorised the caller',
    request: observerSummaryQuery,
    response: observerSummarySchema,
  }),
  miner: endpoint({ method: 'GET', path: path('Miner'), tags, summary: 'A watched user’s miners of one pool', request: observerMinerQuery, response: minerPage }),
  miningincomerecord: endpoint({
    method: 'GET',
    path: path('miningincomerecord'),
    tags,
    summary: 'A watched user’s daily income records of one pool',
    request: observerIncomeQuery,
    response: incomePage,
  }),
  miningdetail: endpoint({
    method: 'GET',
    path: path('miningdetail'),
    tags,
    summary: 'A watched user’s days in one pool: shares, points, capacity, miners',
    request: observerDetailQuery,
    response: miningDetailPage,
  }),
  share: endpoint({
    method: 'GET',
    path: path('share'),
    tags,
    summary: 'A watched user’s points and shares per hour in one pool',
    request: observerShareQuery,
    response: shareSeriesSchema,
  }),
  getPlots: endpoint({
    method: 'GET',
    path: path('GetPlots'),
    tags,
    summary: 'A watched user’s plots of one pool (no binding address)',
    request: observerPlotQuery,
    response: observerPlotPage,
  }),
  add: endpoint({
    method: 'POST',
    path: path('add'),
    tags,
    summary: 'Adds a watched user by their security key and a current authenticator code of theirs (their consent); at most 30 (11003)',
    request: addWatchBody,
    response: watchedUserSchema,
  }),
  remove: endpoint({ method: 'POST', path: path('remove'), tags, summary: 'Removes a user from the watch list', request: watchUidBody, response: z.null() }),
  removeAuth: endpoint({
    method: 'POST',
    path: path('RemoveAuth'),
    tags,
    summary: 'Revokes a watcher’s authorisation (My authorization)',
    request: removeAuthBody,
    response: z.null(),
  }),
  removeAllOfflineMiners: endpoint({
    method: 'POST',
    path: path('RemoveAllOfflineMiners'),
    tags,
    summary: 'Removes a watched user’s offline miners of one pool: only where they granted it when authorising (off by default; 218 otherwise)',
    request: observerPoolBody,
    response: z.object({ removed: z.number().int() }),
  }),
};
