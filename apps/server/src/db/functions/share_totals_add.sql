-- The day's points per (pool, day, user, miner) kept beside the shares (share_totals,
-- 2026_11_27_1200): every statement that inserts shares adds its rows' sums, in the same
-- transaction, so the totals always equal the shares' sums and the daily settlement reads one row
-- per miner instead of summing every share (pool-reference keeps a farmer's points the same way,
-- added per partial). Each connection adds to its own slot of the miner's day (its backend's pid
-- modulo 8), so a proxy's concurrent reports for the same miners rarely wait on each other's row
-- until commit; a reader sums the slots. The keys are added in key order, so two statements
-- adding to the same rows take their locks in one order and never deadlock on them.
CREATE OR REPLACE FUNCTION share_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO share_totals AS t (pool, day, user_id, miner_id, slot, points)
  SELECT pool, day, user_id, miner_id, pg_backend_pid() % 8, sum(difficulty)::bigint FROM new_shares
  GROUP BY pool, day, user_id, miner_id
  ORDER BY day, pool, user_id, miner_id
  ON CONFLICT (day, pool, user_id, miner_id, slot) DO UPDATE SET points = t.points + excluded.points;
  RETURN NULL;
END $$;
