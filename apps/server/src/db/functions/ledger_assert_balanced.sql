-- A ledger transaction's postings sum to zero per coin and there is at least one: the deferred
-- constraint trigger ledger_transactions_balanced (2026_11_22_0003) runs it once per
-- transaction at commit, so a transaction with many postings costs one check.
CREATE OR REPLACE FUNCTION ledger_assert_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_postings WHERE transaction_id = NEW.id) THEN
    RAISE EXCEPTION 'ledger transaction % has no postings', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (
    SELECT 1 FROM ledger_postings WHERE transaction_id = NEW.id GROUP BY coin HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger transaction % is not balanced', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
