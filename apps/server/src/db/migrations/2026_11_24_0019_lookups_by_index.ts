import { sql, type Kysely } from 'kysely';

/**
 * Lookups that a settlement's crediting chunk (5,000 members) makes once per row go through an
 * index, so that a chunk costs the same however large the ledger and the user table grow.
 *
 * `ledger_post` finds each posting's account through its unique index, one probe per posting.
 * The joins of 2026_11_23_0008 were planned, for a call of thousands of postings, as a sort of
 * every account in the ledger — twice per call (the first-use check and the lookup), spilling
 * to disk: ~65 ms a chunk with 100,000 accounts, and growing with the ledger. Now the lookup
 * runs first; only when an account is missing are the missing ones created (ON CONFLICT DO
 * NOTHING: a concurrent first use is fine) and looked up again. Same contract as before.
 *
 * The statement-level reference check of `settlement_credits` (2026_11_23_0016) counted its new
 * rows joined with `users`: a hash of every user for each chunk (~20 ms of a 5,000-row insert
 * with 100,000 users). It now looks each new row's user up by primary key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_post(
      p_kind text, p_reference text, p_memo text, p_created_by bigint,
      p_user_ids bigint[], p_system_codes text[], p_coins text[], p_buckets text[], p_amounts numeric[],
      p_allow_negative boolean[]
    ) RETURNS bigint LANGUAGE plpgsql AS $$
    DECLARE
      v_ids bigint[];
      v_tx bigint;
    BEGIN
      FOR attempt IN 1..2 LOOP
        -- The account of every posting, in posting order (NULL where it does not exist yet): a
        -- correlated lookup per posting is an index probe whatever the planner thinks of the
        -- arrays' size. In PL/pgSQL, not an SQL function: the plan is kept between calls.
        SELECT array_agg(
          CASE WHEN k.user_id IS NOT NULL
            THEN (SELECT a.id FROM ledger_accounts a WHERE a.user_id = k.user_id AND a.coin = k.coin AND a.bucket = k.bucket)
            ELSE (SELECT a.id FROM ledger_accounts a WHERE a.system_code = k.system_code AND a.coin = k.coin AND a.bucket = k.bucket)
          END ORDER BY k.ord)
        INTO v_ids
        FROM unnest(p_user_ids, p_system_codes, p_coins, p_buckets) WITH ORDINALITY AS k(user_id, system_code, coin, bucket, ord);
        EXIT WHEN attempt = 2 OR array_position(v_ids, NULL) IS NULL;
        -- Accounts on first use: those the lookup did not find; then look again.
        INSERT INTO ledger_accounts (coin, user_id, system_code, bucket, allow_negative)
        SELECT DISTINCT k.coin, k.user_id, k.system_code, k.bucket, k.allow_negative
        FROM unnest(p_user_ids, p_system_codes, p_coins, p_buckets, p_allow_negative, v_ids)
          AS k(user_id, system_code, coin, bucket, allow_negative, id)
        WHERE k.id IS NULL
        ON CONFLICT DO NOTHING;
      END LOOP;
      IF cardinality(v_ids) IS DISTINCT FROM cardinality(p_amounts) OR array_position(v_ids, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'ledger_post: an account could not be resolved';
      END IF;

      PERFORM 1 FROM ledger_accounts WHERE id = ANY(v_ids) ORDER BY id FOR UPDATE;

      UPDATE ledger_accounts AS a SET balance = a.balance + d.delta, updated_at = now()
      FROM (SELECT p.id, sum(p.amount) AS delta FROM unnest(v_ids, p_amounts) AS p(id, amount) GROUP BY p.id) AS d
      WHERE a.id = d.id;

      INSERT INTO ledger_transactions (kind, reference, memo, created_by)
      VALUES (p_kind, p_reference, p_memo, p_created_by) RETURNING id INTO v_tx;
      INSERT INTO ledger_postings (transaction_id, account_id, coin, amount)
      SELECT v_tx, p.id, p.coin, p.amount FROM unnest(v_ids, p_coins, p_amounts) AS p(id, coin, amount);
      RETURN v_tx;
    END $$`.execute(db);

  await referencesCheck(db, 'probe');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const previous = await import('./2026_11_23_0008_ledger_post_many.ts');
  await sql`DROP FUNCTION ledger_post(text, text, text, bigint, bigint[], text[], text[], text[], numeric[], boolean[])`.execute(db);
  await previous.up(db);
  await referencesCheck(db, 'join');
}

/**
 * settlement_credits_references: 'probe' looks each new row's user up by primary key; 'join' is
 * 2026_11_23_0016's count of the rows joined with users.
 */
async function referencesCheck(db: Kysely<unknown>, how: 'probe' | 'join'): Promise<void> {
  const missingUser =
    how === 'probe'
      ? sql`EXISTS (SELECT 1 FROM new_credits n WHERE (SELECT true FROM users u WHERE u.id = n.user_id) IS NULL)`
      : sql`(SELECT count(*) FROM new_credits) <> (SELECT count(*) FROM new_credits n JOIN users u ON u.id = n.user_id)`;
  // Settlements are few (a row per pool and day): hashing them all stays cheaper than probing.
  const missingSettlement = sql`(SELECT count(*) FROM new_credits) <> (SELECT count(*) FROM new_credits n JOIN settlements s ON s.pool = n.pool AND s.day = n.day)`;
  await sql`
    CREATE OR REPLACE FUNCTION settlement_credits_references() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF ${missingUser} THEN
        RAISE EXCEPTION 'a settlement credit names an unknown user' USING ERRCODE = 'foreign_key_violation';
      END IF;
      IF ${missingSettlement} THEN
        RAISE EXCEPTION 'a settlement credit names an unknown settlement' USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}
