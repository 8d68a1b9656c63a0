-- Deleting a user or a settlement day that settlement credits (or a batch still to credit)
-- name is refused (statement triggers of 2026_11_23_0016 on users and settlements).
CREATE OR REPLACE FUNCTION settlement_credits_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF EXISTS (SELECT 1 FROM gone g JOIN settlement_credits c ON c.user_id = g.id)
       OR EXISTS (SELECT 1 FROM gone g JOIN settlement_batches b ON g.id = ANY (b.user_ids)) THEN
      RAISE EXCEPTION 'the user has settlement credits' USING ERRCODE = 'foreign_key_violation';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM gone g JOIN settlement_credits c ON c.pool = g.pool AND c.day = g.day) THEN
    RAISE EXCEPTION 'the settlement has credits' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
