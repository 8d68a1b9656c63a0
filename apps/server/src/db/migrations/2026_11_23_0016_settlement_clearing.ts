import { sql, type Kysely } from 'kysely';

/**
 * The daily settlement in two steps (issue 5): the run that decides the day books the members'
 * whole share into a `settlement_clearing` account and records each member's credit; the
 * credits then move from clearing into the members' balances in short chunks, in user order.
 * `credits_applied_until` is the last user whose credit is in their balance (the chunk that
 * moves it updates it in the same transaction); `credits_applied_at` marks the day done.
 *
 * The credits' references (user, settlement) are checked once per statement over the inserted
 * rows instead of once per row: a 100,000-member day spent more time in per-row foreign-key
 * triggers than in writing its rows. Users and settlements are never deleted while credits
 * name them (checked the same way).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE settlements ADD COLUMN credits_applied_until bigint, ADD COLUMN credits_applied_at timestamptz`.execute(db);
  // Days settled before this change were credited in one transaction: they are done.
  await sql`UPDATE settlements SET credits_applied_at = settled_at WHERE status IN ('SETTLEMENT', 'UNSETTLEMENT')`.execute(db);

  await sql`ALTER TABLE settlement_credits DROP CONSTRAINT settlement_credits_settlement_fkey`.execute(db);
  await sql`ALTER TABLE settlement_credits DROP CONSTRAINT settlement_credits_user_id_fkey`.execute(db);
  // Set-based: every row joins its user and its settlement (each unique), so the statement's
  // rows and their matches count the same unless a reference is missing — two hash joins
  // instead of a lookup per row.
  await sql`
    CREATE FUNCTION settlement_credits_references() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (SELECT count(*) FROM new_credits) <> (SELECT count(*) FROM new_credits n JOIN users u ON u.id = n.user_id) THEN
        RAISE EXCEPTION 'a settlement credit names an unknown user' USING ERRCODE = 'foreign_key_violation';
      END IF;
      IF (SELECT count(*) FROM new_credits) <> (SELECT count(*) FROM new_credits n JOIN settlements s ON s.pool = n.pool AND s.day = n.day) THEN
        RAISE EXCEPTION 'a settlement credit names an unknown settlement' USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER settlement_credits_insert_references AFTER INSERT ON settlement_credits
    REFERENCING NEW TABLE AS new_credits FOR EACH STATEMENT EXECUTE FUNCTION settlement_credits_references()`.execute(db);
  await sql`
    CREATE TRIGGER settlement_credits_update_references AFTER UPDATE ON settlement_credits
    REFERENCING NEW TABLE AS new_credits FOR EACH STATEMENT EXECUTE FUNCTION settlement_credits_references()`.execute(db);
  await sql`
    CREATE FUNCTION settlement_credits_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'users' AND EXISTS (SELECT 1 FROM gone g JOIN settlement_credits c ON c.user_id = g.id) THEN
        RAISE EXCEPTION 'the user has settlement credits' USING ERRCODE = 'foreign_key_violation';
      END IF;
      IF TG_TABLE_NAME = 'settlements' AND EXISTS (SELECT 1 FROM gone g JOIN settlement_credits c ON c.pool = g.pool AND c.day = g.day) THEN
        RAISE EXCEPTION 'the settlement has credits' USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['users', 'settlements']) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_credits_referenced`)} AFTER DELETE ON ${sql.table(table)}
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION settlement_credits_referenced()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'settlements']) await sql`DROP TRIGGER ${sql.id(`${table}_credits_referenced`)} ON ${sql.table(table)}`.execute(db);
  await sql`DROP TRIGGER settlement_credits_insert_references ON settlement_credits`.execute(db);
  await sql`DROP TRIGGER settlement_credits_update_references ON settlement_credits`.execute(db);
  await sql`DROP FUNCTION settlement_credits_references()`.execute(db);
  await sql`DROP FUNCTION settlement_credits_referenced()`.execute(db);
  await sql`ALTER TABLE settlement_credits ADD CONSTRAINT settlement_credits_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id)`.execute(db);
  await sql`ALTER TABLE settlement_credits ADD CONSTRAINT settlement_credits_settlement_fkey FOREIGN KEY (pool, day) REFERENCES settlements (pool, day)`.execute(db);
  await sql`ALTER TABLE settlements DROP COLUMN credits_applied_until, DROP COLUMN credits_applied_at`.execute(db);
}
