-- The references of new or changed settlement_credits rows (user, settlement), checked once per
-- statement over its rows instead of a foreign-key trigger per row (triggers of
-- 2026_11_23_0016). Each new row's user is looked up by primary key (scans off, as in
-- ledger_postings_references: the plan is kept for the session); the statement's distinct
-- (pool, day) pairs — one for a settlement's credits — are looked up in settlements.
CREATE OR REPLACE FUNCTION settlement_credits_references() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_credits n WHERE (SELECT true FROM users u WHERE u.id = n.user_id) IS NULL) THEN
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
