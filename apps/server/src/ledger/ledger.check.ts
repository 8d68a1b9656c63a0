import type { Db } from '../db/database.ts';
import { ledgerCheckRepository } from './ledger-check.repository.ts';
import { financeMismatches } from '../modules/finance/finance.service.ts';
import { pointingMismatches } from '../modules/pointing/pointing.service.ts';
import { cooperationMismatches } from '../modules/cooperation/cooperation.service.ts';
import { mortgageMismatches } from '../modules/mortgage/mortgage.service.ts';

export interface LedgerProblem {
  kind:
    | 'unbalanced-transaction'
    | 'lonely-transaction'
    | 'coin-not-zero'
    | 'balance-mismatch'
    | 'negative-balance'
    | 'hold-mismatch'
    | 'clearing-mismatch'
    | 'finance-mismatch'
    | 'pointing-mismatch'
    | 'cooperation-mismatch'
    | 'mortgage-mismatch';
  detail: string;
}

/**
 * Verifies the ledger from its postings (`npm run platter -- ledger check`): every transaction
 * balances per coin and has two or more postings, every coin sums to zero, every projected
 * balance equals the sum of its postings, no user balance is negative, each holding bucket
 * equals the sum of its pending holds, and each coin's settlement clearing holds exactly the
 * settled credits not yet in their members' balances.
 */
export async function checkLedger(db: Db): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await ledgerCheckRepository.unbalanced(db);
  for (const r of unbalanced) {
    problems.push({ kind: 'unbalanced-transaction', detail: `transaction ${r.transaction_id}: ${r.coin} postings sum to ${r.total}` });
  }
  const lonely = await ledgerCheckRepository.lonely(db);
  for (const r of lonely) problems.push({ kind: 'lonely-transaction', detail: `transaction ${r.id} has ${r.n} posting(s)` });
  const coins = await ledgerCheckRepository.coins(db);
  for (const r of coins) problems.push({ kind: 'coin-not-zero', detail: `${r.coin} postings sum to ${r.total}` });
  const mismatched = await ledgerCheckRepository.mismatched(db);
  for (const r of mismatched) {
    problems.push({
      kind: 'balance-mismatch',
      detail: `account ${r.id} (${r.owner} ${r.coin} ${r.bucket}): balance ${r.balance}, postings sum to ${r.total}`,
    });
  }
  const negative = await ledgerCheckRepository.negative(db);
  for (const r of negative) problems.push({ kind: 'negative-balance', detail: `account ${r.id} is at ${r.balance}` });
  const holds = await ledgerCheckRepository.holds(db);
  for (const r of holds) {
    problems.push({ kind: 'hold-mismatch', detail: `user ${r.user_id} ${r.coin} ${r.bucket}: balance ${r.balance}, pending holds ${r.held}` });
  }
  const clearing = await ledgerCheckRepository.clearing(db);
  for (const r of clearing) {
    problems.push({ kind: 'clearing-mismatch', detail: `${r.coin} settlement clearing holds ${r.balance}, the batches of decided days not yet credited sum to ${r.owed}` });
  }
  // Issue 23: the finance budget account and each user's finance bucket match their records.
  for (const m of await financeMismatches(db)) problems.push({ kind: 'finance-mismatch', detail: m.detail });
  // Issue 22: each user's pointing margin bucket matches the margins its pointing records hold.
  for (const m of await pointingMismatches(db)) problems.push({ kind: 'pointing-mismatch', detail: m.detail });
  // Issue 22: each user's cooperation bucket matches its cooperations, the amounts it lent and the deal margins it holds.
  for (const m of await cooperationMismatches(db)) problems.push({ kind: 'cooperation-mismatch', detail: m.detail });
  // Issue 22: each user's mortgage bucket matches what its mortgage lots still hold.
  for (const m of await mortgageMismatches(db)) problems.push({ kind: 'mortgage-mismatch', detail: m.detail });
  return problems;
}
