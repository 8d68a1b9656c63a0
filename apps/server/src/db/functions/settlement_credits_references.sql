-- The references of new or changed settlement_credits rows (user, settlement), checked once per
-- statement over its rows instead of a foreign-key trigger per row (triggers of
-- 2026_11_23_0016). Each new row's user is looked up by primary key; settlements are few (a
-- row per pool and day), so hashing them all stays cheaper than probing.
CREATE OR REPLACE FUNCTION settlement_credits_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_credits n WHERE (SELECT true FROM users u WHERE u.id = n.user_id) IS NULL) THEN
    RAISE EXCEPTION 'a settlement credit names an unknown user' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF (SELECT count(*) FROM new_credits) <> (SELECT count(*) FROM new_credits n JOIN settlements s ON s.pool = n.pool AND s.day = n.day) THEN
    RAISE EXCEPTION 'a settlement credit names an unknown settlement' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
