-- The chia_partials partition of one UTC day, made on first use (as ensure_share_partition).
CREATE OR REPLACE FUNCTION ensure_chia_partial_partition(d date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := 'chia_partials_' || to_char(d, 'YYYYMMDD');
BEGIN
  IF to_regclass(name) IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext(name));
    IF to_regclass(name) IS NULL THEN
      -- The lock waits out a concurrent creator, but this statement's catalog snapshot may
      -- not see its table yet: a duplicate then means it exists, which is all we want.
      BEGIN
        EXECUTE format('CREATE TABLE %I PARTITION OF chia_partials FOR VALUES FROM (%L) TO (%L)', name, d, d + 1);
        EXECUTE format('CREATE INDEX %I ON %I (launcher_id, received_at DESC)', name || '_launcher_idx', name);
        EXECUTE format('CREATE INDEX %I ON %I (pos_hash)', name || '_pos_idx', name);
        EXECUTE format('CREATE INDEX %I ON %I (received_at) WHERE status = ''pending''', name || '_pending_idx', name);
      EXCEPTION WHEN duplicate_table THEN
        NULL;
      END;
    END IF;
  END IF;
END $$;
