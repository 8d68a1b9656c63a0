-- The references of new or changed settlement_credits rows (user, settlement), checked once per
-- statement over its rows instead of a foreign-key trigger per row (triggers of
-- 2026_11_23_0016). The statement's distinct users, sorted, are looked up by one scan of the
-- users' key with `= ANY` — neighbouring ids share a descent of the index (a batch's members
-- are consecutive in user order), where a probe per row descended it 5,000 times — and must all
-- be found. Scans of the table are off (as in ledger_postings_references: the plan is kept for
-- the session). The statement's distinct (pool, day) pairs — one for a settlement's credits —
-- are looked up in settlements.
CREATE OR REPLACE FUNCTION settlement_credits_references() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_users bigint[];
BEGIN
  SELECT array_agg(DISTINCT user_id) INTO v_users FROM new_credits;
  IF array_position(v_users, NULL) IS NOT NULL
     OR (SELECT count(*) FROM users u WHERE u.id = ANY (v_users)) <> coalesce(cardinality(v_users), 0) THEN
    RAISE EXCEPTION 'a settlement credit names an unknown user' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT pool, day FROM new_credits) n
    WHERE NOT EXISTS (SELECT 1 FROM settlements s WHERE s.pool = n.pool AND s.day = n.day)
  ) THEN
    RAISE EXCEPTION 'a settlement credit names an unknown settlement' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
