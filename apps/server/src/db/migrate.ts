import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './database.ts';
import { applyDbFunctions, forgetDbFunctions, type DbFunction } from './functions.ts';
import * as foundation from './migrations/2026_11_22_0001_foundation.ts';
import * as accounts from './migrations/2026_11_22_0002_accounts.ts';
import * as ledger from './migrations/2026_11_22_0003_ledger.ts';
import * as wallet from './migrations/2026_11_22_0004_wallet.ts';
import * as ledgerPost from './migrations/2026_11_22_0005_ledger_post.ts';
import * as pool from './migrations/2026_11_23_0006_pool.ts';
import * as plots from './migrations/2026_11_23_0007_plots.ts';
import * as ledgerPostMany from './migrations/2026_11_23_0008_ledger_post_many.ts';
import * as nodeRegistration from './migrations/2026_11_23_0009_node_registration.ts';
import * as chiaPool from './migrations/2026_11_23_0010_chia_pool.ts';
import * as admin from './migrations/2026_11_23_0011_admin.ts';
import * as reviewsExports from './migrations/2026_11_23_0012_reviews_exports.ts';
import * as content from './migrations/2026_11_23_0013_content.ts';
import * as messages from './migrations/2026_11_23_0014_messages.ts';
import * as sampleHashrate from './migrations/2026_11_23_0015_sample_hashrate.ts';
import * as settlementClearing from './migrations/2026_11_23_0016_settlement_clearing.ts';
import * as sharePartitionRace from './migrations/2026_11_23_0017_share_partition_race.ts';
import * as settlementBatches from './migrations/2026_11_24_0018_settlement_batches.ts';
import * as lookupsByIndex from './migrations/2026_11_24_0019_lookups_by_index.ts';
import * as settlementCarry from './migrations/2026_11_25_1401_settlement_carry.ts';
import * as withdrawalActivation from './migrations/2026_11_25_1402_withdrawal_activation.ts';
import * as coinPayoutFigures from './migrations/2026_11_25_1403_coin_payout_figures.ts';
import * as autopayOutcome from './migrations/2026_11_25_1404_autopay_outcome.ts';
import * as custody from './migrations/2026_11_25_1501_custody.ts';
import * as chiaRewardClaims from './migrations/2026_11_25_1601_chia_reward_claims.ts';
import * as accountSecurity from './migrations/2026_11_25_1701_account_security.ts';
import * as adjustmentFourEyes from './migrations/2026_11_25_1801_adjustment_four_eyes.ts';
import * as auditClientRequestId from './migrations/2026_11_25_1802_audit_client_request_id.ts';
import * as depositCoinId from './migrations/2026_11_25_1901_deposit_coin_id.ts';
import * as poolVerificationProtocols from './migrations/2026_11_25_2000_pool_verification_protocols.ts';
import * as verifiedWork from './migrations/2026_11_25_2101_verified_work.ts';
import * as chiaOgProofs from './migrations/2026_11_25_2201_chia_og_proofs.ts';
import * as powSharesOnchainRewards from './migrations/2026_11_25_2301_pow_shares_onchain_rewards.ts';
import * as jobEngine from './migrations/2026_11_25_2401_job_engine.ts';
import * as ledgerKinds from './migrations/2026_11_25_2501_ledger_kinds.ts';
import * as withdrawalSendAttempts from './migrations/2026_11_25_2502_withdrawal_send_attempts.ts';
import * as addressPatterns from './migrations/2026_11_25_2601_address_patterns.ts';
import * as ledgerCheckRuns from './migrations/2026_11_25_2701_ledger_check_runs.ts';
import * as dbFunctionsTable from './migrations/2026_11_25_2801_db_functions.ts';
import * as ledgerReferences from './migrations/2026_11_25_2802_ledger_references.ts';
import * as eventMessages from './migrations/2026_11_26_1107_event_messages.ts';
import * as ledgerAccountsFillfactor from './migrations/2026_11_26_1131_ledger_accounts_fillfactor.ts';
import * as coinUnsecuredShare from './migrations/2026_11_26_1132_coin_unsecured_share.ts';
import * as defaultDocuments from './migrations/2026_11_26_1137_default_documents.ts';
import * as coinDisplayScale from './migrations/2026_11_26_1141_coin_display_scale.ts';
import * as ledgerRecordTime from './migrations/2026_11_26_1142_ledger_record_time.ts';
import * as settlementWritePath from './migrations/2026_11_26_1519_settlement_write_path.ts';
import * as pocMining from './migrations/2026_11_26_1621_poc_mining.ts';
import * as financeProducts from './migrations/2026_11_26_1723_finance_products.ts';
import * as pointing from './migrations/2026_11_26_1810_pointing.ts';
import * as messageChannels from './migrations/2026_11_26_1820_message_channels.ts';
import * as watcher from './migrations/2026_11_26_1830_watcher.ts';
import * as inviteRebates from './migrations/2026_11_26_1840_invite_rebates.ts';
import * as financeAccrualWritePath from './migrations/2026_11_26_1850_finance_accrual_write_path.ts';
import * as financeSavingMiner from './migrations/2026_11_26_1850_finance_saving_miner.ts';
import * as onchainInviteRebates from './migrations/2026_11_26_1930_onchain_invite_rebates.ts';
import * as mortgage from './migrations/2026_11_26_2110_mortgage.ts';
import * as pointMortgage from './migrations/2026_11_26_2111_point_mortgage.ts';
import * as mortgageIncome from './migrations/2026_11_26_2112_mortgage_income.ts';
import * as cooperation from './migrations/2026_11_26_2120_cooperation.ts';
import * as pointingSettingsFinance from './migrations/2026_11_26_2130_pointing_settings_finance.ts';
import * as pointAddressTerms from './migrations/2026_11_27_0005_point_address_terms.ts';
import * as settlementPledges from './migrations/2026_11_27_0010_settlement_pledges.ts';
import * as massStaking from './migrations/2026_11_27_0403_mass_staking.ts';
import * as depositMemo from './migrations/2026_11_27_0420_deposit_memo.ts';
import * as minerEstimateRounds from './migrations/2026_11_27_0421_miner_estimate_rounds.ts';
import * as pocPlotFiles from './migrations/2026_11_27_0422_poc_plot_files.ts';
import * as mortgageTakesStakingChecks from './migrations/2026_11_27_0450_mortgage_takes_staking_checks.ts';
import * as chainCursorSource from './migrations/2026_11_27_0530_chain_cursor_source.ts';
import * as creditBatchPayerLast from './migrations/2026_11_27_0819_credit_batch_payer_last.ts';
import * as shareTotals from './migrations/2026_11_27_1200_share_totals.ts';
import * as withdrawalPaymentExpiry from './migrations/2026_11_27_1600_withdrawal_payment_expiry.ts';

/**
 * Migrations, in order. Listed here rather than read from a folder so that they run the same
 * under tsx, in tests and in a bundled build. Names are timestamps; never rename one.
 */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
  '2026_11_22_0002_accounts': accounts,
  '2026_11_22_0003_ledger': ledger,
  '2026_11_22_0004_wallet': wallet,
  '2026_11_22_0005_ledger_post': ledgerPost,
  '2026_11_23_0006_pool': pool,
  '2026_11_23_0007_plots': plots,
  '2026_11_23_0008_ledger_post_many': ledgerPostMany,
  '2026_11_23_0009_node_registration': nodeRegistration,
  '2026_11_23_0010_chia_pool': chiaPool,
  '2026_11_23_0011_admin': admin,
  '2026_11_23_0012_reviews_exports': reviewsExports,
  '2026_11_23_0013_content': content,
  '2026_11_23_0014_messages': messages,
  '2026_11_23_0015_sample_hashrate': sampleHashrate,
  '2026_11_23_0016_settlement_clearing': settlementClearing,
  '2026_11_23_0017_share_partition_race': sharePartitionRace,
  '2026_11_24_0018_settlement_batches': settlementBatches,
  '2026_11_24_0019_lookups_by_index': lookupsByIndex,
  '2026_11_25_1401_settlement_carry': settlementCarry,
  '2026_11_25_1402_withdrawal_activation': withdrawalActivation,
  '2026_11_25_1403_coin_payout_figures': coinPayoutFigures,
  '2026_11_25_1404_autopay_outcome': autopayOutcome,
  '2026_11_25_1501_custody': custody,
  '2026_11_25_1601_chia_reward_claims': chiaRewardClaims,
  '2026_11_25_1701_account_security': accountSecurity,
  '2026_11_25_1801_adjustment_four_eyes': adjustmentFourEyes,
  '2026_11_25_1802_audit_client_request_id': auditClientRequestId,
  '2026_11_25_1901_deposit_coin_id': depositCoinId,
  '2026_11_25_2000_pool_verification_protocols': poolVerificationProtocols,
  '2026_11_25_2101_verified_work': verifiedWork,
  '2026_11_25_2201_chia_og_proofs': chiaOgProofs,
  '2026_11_25_2301_pow_shares_onchain_rewards': powSharesOnchainRewards,
  '2026_11_25_2401_job_engine': jobEngine,
  '2026_11_25_2501_ledger_kinds': ledgerKinds,
  '2026_11_25_2502_withdrawal_send_attempts': withdrawalSendAttempts,
  '2026_11_25_2601_address_patterns': addressPatterns,
  '2026_11_25_2701_ledger_check_runs': ledgerCheckRuns,
  '2026_11_25_2801_db_functions': dbFunctionsTable,
  '2026_11_25_2802_ledger_references': ledgerReferences,
  '2026_11_26_1107_event_messages': eventMessages,
  '2026_11_26_1131_ledger_accounts_fillfactor': ledgerAccountsFillfactor,
  '2026_11_26_1132_coin_unsecured_share': coinUnsecuredShare,
  '2026_11_26_1137_default_documents': defaultDocuments,
  '2026_11_26_1141_coin_display_scale': coinDisplayScale,
  '2026_11_26_1142_ledger_record_time': ledgerRecordTime,
  '2026_11_26_1519_settlement_write_path': settlementWritePath,
  '2026_11_26_1621_poc_mining': pocMining,
  '2026_11_26_1723_finance_products': financeProducts,
  '2026_11_26_1810_pointing': pointing,
  '2026_11_26_1820_message_channels': messageChannels,
  '2026_11_26_1830_watcher': watcher,
  '2026_11_26_1840_invite_rebates': inviteRebates,
  '2026_11_26_1850_finance_accrual_write_path': financeAccrualWritePath,
  '2026_11_26_1850_finance_saving_miner': financeSavingMiner,
  '2026_11_26_1930_onchain_invite_rebates': onchainInviteRebates,
  '2026_11_26_2110_mortgage': mortgage,
  '2026_11_26_2111_point_mortgage': pointMortgage,
  '2026_11_26_2112_mortgage_income': mortgageIncome,
  '2026_11_26_2120_cooperation': cooperation,
  '2026_11_26_2130_pointing_settings_finance': pointingSettingsFinance,
  '2026_11_27_0005_point_address_terms': pointAddressTerms,
  '2026_11_27_0010_settlement_pledges': settlementPledges,
  '2026_11_27_0403_mass_staking': massStaking,
  '2026_11_27_0420_deposit_memo': depositMemo,
  '2026_11_27_0421_miner_estimate_rounds': minerEstimateRounds,
  '2026_11_27_0422_poc_plot_files': pocPlotFiles,
  '2026_11_27_0450_mortgage_takes_staking_checks': mortgageTakesStakingChecks,
  '2026_11_27_0530_chain_cursor_source': chainCursorSource,
  '2026_11_27_0819_credit_batch_payer_last': creditBatchPayerLast,
  '2026_11_27_1200_share_totals': shareTotals,
  '2026_11_27_1600_withdrawal_payment_expiry': withdrawalPaymentExpiry,
};

/** Every migration name in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

export function migrator(db: Db): Migrator {
  // Kysely's PostgreSQL adapter takes a session advisory lock around the run (upgradeDatabase
  // holds it already), so concurrent starts of several processes migrate once.
  return new Migrator({ db, provider, migrationTableName: 'platter_migration', migrationLockTableName: 'platter_migration_lock' });
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

function check(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new MigrationError(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(result.error)}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Kysely's own migration lock (its PostgresAdapter's advisory lock id), taken around the functions too. */
const MIGRATION_LOCK = sql.lit(3853314791062309107n);

/**
 * Runs `work` on one connection holding the migration lock (a session advisory lock, the one
 * Kysely's migrator takes: re-entrant on this connection, so the migrator inside proceeds), so
 * that concurrent starts of several processes migrate and apply the functions one at a time.
 */
async function underMigrationLock<T>(db: Db, work: (conn: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

/**
 * Every pending migration, then the database functions (db/functions/*.sql) whose text changed
 * — all of them when a migration ran — under one lock. Answers the names of both applied.
 */
export async function upgradeDatabase(db: Db, options: { functions?: readonly DbFunction[] } = {}): Promise<{ migrations: string[]; functions: string[] }> {
  return underMigrationLock(db, async (conn) => {
    const migrations = check(await migrator(conn).migrateToLatest());
    const functions = await applyDbFunctions(conn, { all: migrations.length > 0, ...options });
    return { migrations, functions };
  });
}

/** Applies every pending migration and the changed database functions; returns the migration names applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return (await upgradeDatabase(db)).migrations;
}

/**
 * Reverts the most recent migration (operator CLI: `migrate --down`). A down may bring back an
 * older function body, so the functions' checksums are forgotten: the next start applies them all.
 */
export async function migrateDown(db: Db): Promise<string[]> {
  return underMigrationLock(db, async (conn) => {
    const reverted = check(await migrator(conn).migrateDown());
    await forgetDbFunctions(conn);
    return reverted;
  });
}

/** Names of the migrations not applied yet (readiness check). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
