import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './database.ts';
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
};

/** Every migration name in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

export function migrator(db: Db): Migrator {
  // Kysely's PostgreSQL adapter takes a transaction-level advisory lock around the run, so
  // concurrent starts of several processes migrate once.
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

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return check(await migrator(db).migrateToLatest());
}

/** Reverts the most recent migration (operator CLI: `migrate --down`). */
export async function migrateDown(db: Db): Promise<string[]> {
  return check(await migrator(db).migrateDown());
}

/** Names of the migrations not applied yet (readiness check). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
