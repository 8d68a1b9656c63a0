-- settlement_credit_batch: credits one batch of a decided settlement day (applyCredits in
-- modules/settlement/settlement.service.ts; the caller holds the day's row lock, in one transaction per
-- batch). A fixed number of set-based statements whatever the batch's size: the batch is
-- taken (deleted) — a batch already credited is gone, so a second call answers no row and
-- credits nothing —, its members' income records written, and those with an amount paid from
-- settlement_clearing by one ledger transaction (ledger_credit_batch) into the bucket
-- incomeBuckets (modules/wallet/autopay.ts) names: pending earnings with Auto Pay on for the
-- coin, else available. The batch's total must be what its members are paid.
CREATE OR REPLACE FUNCTION settlement_credit_batch(p_pool text, p_day date, p_seq integer, p_coin text)
RETURNS TABLE (last_user_id bigint, credited integer, transaction_id bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_batch settlement_batches;
  v_users bigint[];
  v_buckets text[];
  v_amounts numeric[];
  v_total numeric;
BEGIN
  DELETE FROM settlement_batches b WHERE b.pool = p_pool AND b.day = p_day AND b.seq = p_seq RETURNING b.* INTO v_batch;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  INSERT INTO settlement_credits (pool, day, user_id, points, capacity_bytes, amount_units, status)
  SELECT p_pool, p_day, r.u, r.p, r.c, r.a, r.s
  FROM unnest(v_batch.user_ids, v_batch.points, v_batch.capacity_bytes, v_batch.amount_units, v_batch.statuses) AS r(u, p, c, a, s);

  SELECT array_agg(r.u ORDER BY r.u),
         array_agg(CASE WHEN ap.user_id IS NULL THEN 'available' ELSE 'pending_earnings' END ORDER BY r.u),
         array_agg(r.a ORDER BY r.u),
         coalesce(sum(r.a), 0)
  INTO v_users, v_buckets, v_amounts, v_total
  FROM unnest(v_batch.user_ids, v_batch.amount_units) AS r(u, a)
  LEFT JOIN auto_pay_settings ap ON ap.user_id = r.u AND ap.coin = p_coin AND ap.enabled
  WHERE r.a <> 0;
  IF v_total <> v_batch.total_units THEN
    RAISE EXCEPTION 'settlement batch %/%/% pays % but owes %', p_pool, p_day, p_seq, v_total, v_batch.total_units USING ERRCODE = 'check_violation';
  END IF;

  RETURN QUERY SELECT v_batch.user_ids[cardinality(v_batch.user_ids)], coalesce(cardinality(v_users), 0),
    ledger_credit_batch('mining_income', 'settlement:' || p_pool || ':' || to_char(p_day, 'YYYY-MM-DD') || ':credits', '',
                        'settlement_clearing', p_coin, v_users, v_buckets, v_amounts);
END $$;
