import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: amounts are shown with each coin's display precision (`coins.display_scale`), not
 * every base unit. Existing coins get their registry value (a coin the registry no longer knows:
 * 4, at most its scale); the operator may edit it afterwards. The values are the registry's of
 * this day (`packages/domain/src/registry/coins.ts`), written out so that the migration stays as it is.
 */
const DISPLAY_SCALES: Record<string, number> = {
  CHIA: 6,
  CHIA_TEST: 6,
  AR: 6,
  BURST: 2,
  BHD: 4,
  LHD: 4,
  HDD: 4,
  XHD: 4,
  MASS: 4,
  IRONFISH: 4,
  IRONFISH_TEST: 4,
  SPACEMESH: 4,
  DEPINC: 4,
  ALEO: 4,
  ALEO_TEST: 4,
  AUTONOMYS: 4,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE coins ADD COLUMN display_scale integer`.execute(db);
  for (const [type, scale] of Object.entries(DISPLAY_SCALES)) {
    await sql`UPDATE coins SET display_scale = LEAST(scale, ${scale}) WHERE type = ${type}`.execute(db);
  }
  await sql`UPDATE coins SET display_scale = LEAST(scale, 4) WHERE display_scale IS NULL`.execute(db);
  await sql`ALTER TABLE coins ALTER COLUMN display_scale SET NOT NULL`.execute(db);
  await sql`ALTER TABLE coins ADD CONSTRAINT coins_display_scale_check CHECK (display_scale >= 0 AND display_scale <= scale)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE coins DROP COLUMN display_scale`.execute(db);
}
