import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pagingQuery, pageOf } from '../envelope.ts';
import { text } from '../fields.ts';

/**
 * A coin owner's and a cooperator's income from the daily settlement (issue 22): per settled
 * pool-day, the deal income (the owner's part of the miners' deal-secured yield) and the
 * cooperation income (a CO pool's cooperators' share). Both are in the user's settlement credits
 * and on the bill as their own ledger kinds; /center/open lists them.
 */
export const cooperationIncomeSchema = z.object({
  pool: text(),
  coin: text(),
  unit: text(),
  day: text(),
  cooperation: text(),
  deal: text(),
});
export type CooperationIncome = z.infer<typeof cooperationIncomeSchema>;

export const cooperationIncomeEndpoints = {
  income: endpoint({
    method: 'GET',
    path: '/api/cooperation/income',
    tags: ['cooperation'],
    summary: 'The user’s cooperation and deal income per settled pool-day, newest first',
    request: pagingQuery,
    response: pageOf(cooperationIncomeSchema),
  }),
};
