-- The shares partition of one UTC day, made on first use. Two sessions making the same new day
-- at once (the first reports after midnight): the second waits on the advisory lock, and its
-- statement may still not see the first one's table, so "it exists already" is taken as done.
CREATE OR REPLACE FUNCTION ensure_share_partition(d date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := 'shares_' || to_char(d, 'YYYYMMDD');
BEGIN
  IF to_regclass(name) IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext(name));
    BEGIN
      EXECUTE format('CREATE TABLE %I PARTITION OF shares FOR VALUES FROM (%L) TO (%L)', name, d, d + 1);
      EXECUTE format('CREATE INDEX %I ON %I (pool, user_id)', name || '_pool_user_idx', name);
    EXCEPTION WHEN duplicate_table OR unique_violation THEN
      -- Another session made this day's partition meanwhile.
      NULL;
    END;
  END IF;
END $$;
