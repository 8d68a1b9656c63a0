-- The references of new ledger accounts (their user, their coin), checked once per statement
-- over its rows (statement trigger of 2026_11_25_2802) instead of two foreign-key triggers per
-- row, which made most of the cost of opening a settlement batch's 5,000 accounts. An
-- account's identity (id, owner, coin, bucket) never changes once written
-- (ledger_accounts_referenced), and users and coins that accounts name are never removed nor
-- renumbered (ledger_owners_referenced), so what is checked here stays true.
-- The statement's distinct users, sorted, are looked up by one scan of the users' key with
-- `= ANY` (neighbouring ids share a descent of the index) and must all be found; scans of the
-- table are off in here (see ledger_postings_references).
CREATE OR REPLACE FUNCTION ledger_accounts_references() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_users bigint[];
BEGIN
  SELECT array_agg(DISTINCT user_id) FILTER (WHERE user_id IS NOT NULL) INTO v_users FROM new_accounts;
  IF (SELECT count(*) FROM users u WHERE u.id = ANY (v_users)) <> coalesce(cardinality(v_users), 0) THEN
    RAISE EXCEPTION 'a ledger account names an unknown user' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT coin FROM new_accounts) n WHERE NOT EXISTS (SELECT 1 FROM coins c WHERE c.type = n.coin)) THEN
    RAISE EXCEPTION 'a ledger account names an unknown coin' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
