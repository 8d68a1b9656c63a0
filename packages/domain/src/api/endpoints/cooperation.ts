import { endpoint } from '../endpoint.ts';
import {
  cooperationBody,
  cooperationLogPage,
  cooperationLogsQuery,
  cooperationPoolSchema,
  cooperationPoolsSchema,
  dealActionBody,
  dealOfferBody,
  dealPage,
  dealSchema,
  dealsQuery,
} from '../cooperation.ts';
import { z } from 'zod';

/** Cooperation pools and deals (issue 22): /center/open. */
export const cooperationEndpoints = {
  pools: endpoint({
    method: 'GET',
    path: '/api/cooperation/pools',
    tags: ['cooperation'],
    summary: 'The CO pools with their config, the coin’s minimum, and the user’s cooperation on each (deposit_mortgage_free_balance)',
    request: z.object({}),
    response: cooperationPoolsSchema,
  }),
  open: endpoint({
    method: 'POST',
    path: '/api/cooperation/open',
    tags: ['cooperation'],
    summary: 'Opens a cooperation pool with a cooperation amount converted from the available balance; 11306 not an integer, 11307 below the minimum, 10101 balance short',
    request: cooperationBody,
    response: cooperationPoolSchema,
  }),
  deposit: endpoint({
    method: 'POST',
    path: '/api/cooperation/deposit',
    tags: ['cooperation'],
    summary: 'Converts more of the available balance to cooperation on an open pool; 11309 when the pool is not open',
    request: cooperationBody,
    response: cooperationPoolSchema,
  }),
  return: endpoint({
    method: 'POST',
    path: '/api/cooperation/return',
    tags: ['cooperation'],
    summary: 'Returns whole coins of cooperation to the available balance, leaving nothing (the pool closes) or at least the minimum',
    request: cooperationBody,
    response: cooperationPoolSchema,
  }),
  logs: endpoint({
    method: 'GET',
    path: '/api/cooperation/logs',
    tags: ['cooperation'],
    summary: 'The user’s cooperation movements, newest first',
    request: cooperationLogsQuery,
    response: cooperationLogPage,
  }),
  deals: endpoint({
    method: 'GET',
    path: '/api/cooperation/deals',
    tags: ['cooperation'],
    summary: 'The user’s deals (as coin owner or miner), or the open offers of others',
    request: dealsQuery,
    response: dealPage,
  }),
  offer: endpoint({
    method: 'POST',
    path: '/api/cooperation/deal/offer',
    tags: ['cooperation'],
    summary: 'A coin owner lends a pledge to a miner of a CO pool: the amount is frozen (DEAL_VALID)',
    request: dealOfferBody,
    response: dealSchema,
  }),
  action: endpoint({
    method: 'POST',
    path: '/api/cooperation/deal/action',
    tags: ['cooperation'],
    summary:
      'Moves a deal: take (miner), accept (owner: the miner’s margin frozen), withdraw (owner, before the lock), break (miner: margin deducted), remargin (miner), unlock (owner of a broken deal)',
    request: dealActionBody,
    response: dealSchema,
  }),
};
