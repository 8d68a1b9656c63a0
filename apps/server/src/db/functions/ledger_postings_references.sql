-- The references of new ledger postings, checked once per statement over its rows (statement
-- trigger of 2026_11_25_2802) instead of a foreign-key trigger per row, which tripled the cost
-- of writing a settlement batch's postings: each posting's account exists and holds the
-- posting's coin, and its transaction exists. Accounts and transactions are never deleted
-- (ledger_accounts_referenced, ledger_refuse_change), so what is checked here stays true.
--
-- Per coin of the statement (one, mostly), its postings' distinct accounts, sorted, are looked
-- up by one scan of the accounts' key with `= ANY` (neighbouring ids share a descent of the
-- index, where a probe per posting descended it once each) and must all be found holding that
-- coin: an account named with two coins fails one of them.
--
-- Its statements are planned once per session and kept: planned while ledger_accounts was small
-- (a fresh database, a first settlement), the account lookup became a scan of every account per
-- posting, which made a first settlement day's 100,000 postings take a minute and would grow
-- with the ledger. Scans are off in here, so each lookup goes through an index whatever the
-- statistics said when it was planned.
CREATE OR REPLACE FUNCTION ledger_postings_references() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_coin text;
  v_accounts bigint[];
BEGIN
  FOR v_coin, v_accounts IN SELECT coin, array_agg(DISTINCT account_id) FROM new_postings GROUP BY coin LOOP
    IF v_coin IS NULL OR array_position(v_accounts, NULL) IS NOT NULL
       OR (SELECT count(*) FROM ledger_accounts a WHERE a.id = ANY (v_accounts) AND a.coin = v_coin) <> cardinality(v_accounts) THEN
      RAISE EXCEPTION 'a ledger posting names an unknown account or another coin''s' USING ERRCODE = 'foreign_key_violation';
    END IF;
  END LOOP;
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT transaction_id FROM new_postings) n
    WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = n.transaction_id)
  ) THEN
    RAISE EXCEPTION 'a ledger posting names an unknown transaction' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
