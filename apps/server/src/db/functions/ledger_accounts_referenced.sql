-- A ledger account that postings name is never deleted nor renumbered (statement and row
-- triggers of 2026_11_25_2802 on ledger_accounts: the postings' references are checked when
-- they are written, not by a foreign key).
CREATE OR REPLACE FUNCTION ledger_accounts_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.id IS DISTINCT FROM OLD.id AND EXISTS (SELECT 1 FROM ledger_postings p WHERE p.account_id = OLD.id) THEN
      RAISE EXCEPTION 'ledger account % has postings', OLD.id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM gone g JOIN ledger_postings p ON p.account_id = g.id) THEN
    RAISE EXCEPTION 'ledger accounts with postings cannot be removed' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
