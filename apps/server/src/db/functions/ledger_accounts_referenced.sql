-- A ledger account's identity (id, owner, coin, bucket) never changes once written, and an
-- account that postings name is never deleted or truncated away (triggers of 2026_11_25_2802
-- on ledger_accounts: the postings' and the accounts' references are
-- checked when they are written, not by foreign keys).
CREATE OR REPLACE FUNCTION ledger_accounts_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.id, NEW.user_id, NEW.system_code, NEW.coin, NEW.bucket) IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.system_code, OLD.coin, OLD.bucket) THEN
      RAISE EXCEPTION 'ledger account %: its owner, coin and bucket never change', OLD.id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM gone g JOIN ledger_postings p ON p.account_id = g.id) THEN
    RAISE EXCEPTION 'ledger accounts with postings cannot be removed' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
