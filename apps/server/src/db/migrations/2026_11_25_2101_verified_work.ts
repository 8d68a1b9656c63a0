import { sql, type Kysely } from 'kysely';

/**
 * Issue 18, verified work:
 * - a pool's trusted-proxy mode (`pool_configs.trusted_proxy`, off until the operator turns it
 *   on; only pools whose protocol is `trusted-proxy` can have it);
 * - miner keys the operator issues from the back office to proxies it runs (`issued_by`, the
 *   admin; `label`), besides the one key a user makes per pool — only they report shares that
 *   earn, and a user may hold several;
 * - plausibility outliers: a miner's day of points above what its capacity or hashrate could
 *   produce (plus the pool's `plausibility_tolerance_bp`), held from settlement until an
 *   operator releases (counted) or refuses them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pool_configs ADD COLUMN trusted_proxy boolean NOT NULL DEFAULT false,
    ADD COLUMN plausibility_tolerance_bp integer NOT NULL DEFAULT 5000 CHECK (plausibility_tolerance_bp BETWEEN 0 AND 1000000)`.execute(db);
  await sql`ALTER TABLE miner_keys ADD COLUMN issued_by bigint REFERENCES users(id), ADD COLUMN operator_issued boolean NOT NULL DEFAULT false, ADD COLUMN label text NOT NULL DEFAULT ''`.execute(
    db,
  );
  // One key a user made per pool; operator-issued keys are counted apart.
  await sql`DROP INDEX miner_keys_active_key`.execute(db);
  await sql`CREATE UNIQUE INDEX miner_keys_active_key ON miner_keys (user_id, pool) WHERE revoked_at IS NULL AND NOT operator_issued`.execute(db);
  await sql`CREATE INDEX miner_keys_operator_issued ON miner_keys (pool, created_at) WHERE operator_issued`.execute(db);
  await sql`
    CREATE TABLE share_outliers (
      id bigserial PRIMARY KEY,
      pool text NOT NULL REFERENCES pools(type),
      day date NOT NULL,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      miner_id bigint NOT NULL,
      points numeric(40,0) NOT NULL CHECK (points > 0),
      bound_points numeric(40,0) NOT NULL CHECK (bound_points >= 0),
      capacity_bytes numeric(40,0) NOT NULL DEFAULT 0,
      hashrate numeric(40,0) NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'released', 'refused')),
      -- the settlement day whose split counts the released points
      counted_day date,
      reviewed_by bigint REFERENCES users(id),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (pool, day, miner_id)
    )`.execute(db);
  await sql`CREATE INDEX share_outliers_review ON share_outliers (status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX share_outliers_counted ON share_outliers (pool, counted_day) WHERE counted_day IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE share_outliers`.execute(db);
  await sql`DROP INDEX miner_keys_operator_issued`.execute(db);
  await sql`DROP INDEX miner_keys_active_key`.execute(db);
  await sql`DELETE FROM miner_keys WHERE operator_issued`.execute(db);
  await sql`CREATE UNIQUE INDEX miner_keys_active_key ON miner_keys (user_id, pool) WHERE revoked_at IS NULL`.execute(db);
  await sql`ALTER TABLE miner_keys DROP COLUMN issued_by, DROP COLUMN operator_issued, DROP COLUMN label`.execute(db);
  await sql`ALTER TABLE pool_configs DROP COLUMN trusted_proxy, DROP COLUMN plausibility_tolerance_bp`.execute(db);
}
