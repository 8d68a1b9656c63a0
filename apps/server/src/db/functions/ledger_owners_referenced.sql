-- A user or a coin that ledger accounts name is never deleted nor renumbered (triggers of
-- 2026_11_25_2802 on users and coins; the accounts' references are checked per statement when
-- they are written, ledger_accounts_references). Each branch reads only its own table's
-- columns: PL/pgSQL fails an expression naming a column the row does not have.
CREATE OR REPLACE FUNCTION ledger_owners_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION '% may be named by ledger accounts', TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation';
  ELSIF TG_OP = 'UPDATE' THEN
    IF TG_TABLE_NAME = 'users' THEN
      IF NEW.id IS DISTINCT FROM OLD.id AND EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = OLD.id) THEN
        RAISE EXCEPTION 'user % has ledger accounts', OLD.id USING ERRCODE = 'foreign_key_violation';
      END IF;
    ELSIF NEW.type IS DISTINCT FROM OLD.type AND EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.coin = OLD.type) THEN
      RAISE EXCEPTION 'coin % has ledger accounts', OLD.type USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
  ELSIF TG_TABLE_NAME = 'users' THEN
    IF EXISTS (SELECT 1 FROM gone g JOIN ledger_accounts a ON a.user_id = g.id) THEN
      RAISE EXCEPTION 'the user has ledger accounts' USING ERRCODE = 'foreign_key_violation';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM gone g JOIN ledger_accounts a ON a.coin = g.type) THEN
    RAISE EXCEPTION 'the coin has ledger accounts' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
