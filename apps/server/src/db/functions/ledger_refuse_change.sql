-- The ledger is append-only: corrections are new transactions (triggers of 2026_11_22_0003 on
-- ledger_transactions and ledger_postings).
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
