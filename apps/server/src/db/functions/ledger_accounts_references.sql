-- The references of new ledger accounts (their user, their coin), checked once per statement
-- over its rows (statement trigger of 2026_11_25_2802) instead of two foreign-key triggers per
-- row, which made most of the cost of opening a settlement batch's 5,000 accounts. An
-- account's identity (id, owner, coin, bucket) never changes once written
-- (ledger_accounts_referenced), and users and coins that accounts name are never removed nor
-- renumbered (ledger_owners_referenced), so what is checked here stays true.
-- Scans are off in here (see ledger_postings_references): each user is an index probe whatever
-- the plan kept for the session thought of the users table's size.
CREATE OR REPLACE FUNCTION ledger_accounts_references() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_accounts n WHERE n.user_id IS NOT NULL AND (SELECT true FROM users u WHERE u.id = n.user_id) IS NULL) THEN
    RAISE EXCEPTION 'a ledger account names an unknown user' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT coin FROM new_accounts) n WHERE NOT EXISTS (SELECT 1 FROM coins c WHERE c.type = n.coin)) THEN
    RAISE EXCEPTION 'a ledger account names an unknown coin' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
