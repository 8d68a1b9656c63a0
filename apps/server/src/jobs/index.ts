import type { AnyJob } from './engine.ts';
import autopay from './autopay.ts';
import bindings from './bindings.ts';
import chiaPartials from './chia-partials.ts';
import chiaRewards from './chia-rewards.ts';
import chiaSignagePoint from './chia-signage-point.ts';
import deals from './deals.ts';
import deposits from './deposits.ts';
import devnetBlock from './devnet-block.ts';
import expireExports from './expire-exports.ts';
import exportsJob from './exports.ts';
import financeAccrual from './finance-accrual.ts';
import financeMaturities from './finance-maturities.ts';
import inviteRebates from './invite-rebates.ts';
import messageDelivery from './message-delivery.ts';
import miningAlerts from './mining-alerts.ts';
import notices from './notices.ts';
import pocDevnetBlock from './poc-devnet-block.ts';
import pocRounds from './poc-rounds.ts';
import pointing from './pointing.ts';
import onchainRewards from './onchain-rewards.ts';
import poolSamples from './pool-samples.ts';
import reconcileUnknown from './reconcile-unknown.ts';
import sendWithdrawals from './send-withdrawals.ts';
import stakingIncome from './staking-income.ts';
import settlement from './settlement.ts';
import settlementCredits from './settlement-credits.ts';
import simulatorChiaFarmers from './simulator-chia-farmers.ts';
import simulatorHistory from './simulator-history.ts';
import simulatorPocMiners from './simulator-poc-miners.ts';
import trackSent from './track-sent.ts';
import walletReconcile from './wallet-reconcile.ts';

/** Every job of the worker, in the order a tick queues them. */
export const JOBS: AnyJob[] = [
  devnetBlock,
  chiaSignagePoint,
  pocDevnetBlock,
  pocRounds,
  pointing,
  deposits,
  bindings,
  onchainRewards,
  chiaPartials,
  chiaRewards,
  sendWithdrawals,
  trackSent,
  reconcileUnknown,
  walletReconcile,
  // Before the settlement: queued at start first, so that the settlement finds it waiting.
  simulatorHistory,
  simulatorChiaFarmers,
  simulatorPocMiners,
  settlement,
  settlementCredits,
  poolSamples,
  autopay,
  exportsJob,
  expireExports,
  notices,
  miningAlerts,
  messageDelivery,
  financeAccrual,
  financeMaturities,
  inviteRebates,
  deals,
  stakingIncome,
];
