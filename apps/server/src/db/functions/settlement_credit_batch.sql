-- settlement_credit_batch: credits one batch of a decided settlement day (applyCredits in
-- modules/settlement/settlement.service.ts, one transaction per batch; the caller has claimed the
-- batch's row, FOR UPDATE SKIP LOCKED, so several transactions credit a day's batches at once).
-- A fixed number of set-based statements whatever the batch's size: the batch is
-- taken (deleted) — a batch already credited is gone, so a second call answers no row and
-- credits nothing —, its members' income records written, and those with an amount paid from
-- settlement_clearing by one ledger transaction (ledger_credit_batch) into the bucket
-- incomeBuckets (modules/wallet/autopay.ts) names: pending earnings with Auto Pay on for the
-- coin, else available. The batch's total must be what its members are paid. A member's credit
-- is paid as up to three ledger transactions of their kinds: its deal income (a coin owner's
-- part of a miner's deal-secured yield, `deal_income`), its cooperation income (a CO pool's
-- cooperators' share, `cooperation_income`) and the rest (`mining_income`). A batch decided
-- before those parts existed has no arrays for them: zeros. The members' accounts are locked
-- first (by the ledger_credit_batch calls, in id order) and settlement_clearing last, by one
-- UPDATE that debits what every call posted: the one row all of a coin's batches share is held
-- from the function's last statement to the commit only (ledger_credit_batch explains why no
-- cycle of locks can close).
CREATE OR REPLACE FUNCTION settlement_credit_batch(p_pool text, p_day date, p_seq integer, p_coin text)
RETURNS TABLE (last_user_id bigint, credited integer, transaction_id bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_batch settlement_batches;
  v_users bigint[];
  v_buckets text[];
  v_amounts numeric[];
  v_total numeric;
  v_paid numeric := 0;
  v_count integer := 0;
  v_rows integer;
  v_mining bigint;
  v_ref text := 'settlement:' || p_pool || ':' || to_char(p_day, 'YYYY-MM-DD');
  v_kind text;
  v_deal numeric;
  v_coop numeric;
BEGIN
  DELETE FROM settlement_batches b WHERE b.pool = p_pool AND b.day = p_day AND b.seq = p_seq RETURNING b.* INTO v_batch;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  INSERT INTO settlement_credits (pool, day, user_id, points, capacity_bytes, amount_units, status, deal_income_units, cooperation_income_units)
  SELECT p_pool, p_day, r.u, r.p, r.c, r.a, r.s, coalesce(r.d, 0), coalesce(r.k, 0)
  FROM unnest(v_batch.user_ids, v_batch.points, v_batch.capacity_bytes, v_batch.amount_units, v_batch.statuses,
              v_batch.deal_income_units, v_batch.cooperation_income_units) AS r(u, p, c, a, s, d, k);

  -- Most days have no deal or cooperation income: those kinds are skipped without reading the batch again.
  SELECT coalesce(sum(r.d), 0), coalesce(sum(r.k), 0) INTO v_deal, v_coop
  FROM unnest(v_batch.deal_income_units, v_batch.cooperation_income_units) AS r(d, k);

  FOREACH v_kind IN ARRAY ARRAY['mining_income', 'deal_income', 'cooperation_income'] LOOP
    CONTINUE WHEN (v_kind = 'deal_income' AND v_deal = 0) OR (v_kind = 'cooperation_income' AND v_coop = 0);
    SELECT array_agg(r.user_id ORDER BY r.user_id),
           array_agg(CASE WHEN ap.user_id IS NULL THEN 'available' ELSE 'pending_earnings' END ORDER BY r.user_id),
           array_agg(r.amount ORDER BY r.user_id),
           coalesce(sum(r.amount), 0)
    INTO v_users, v_buckets, v_amounts, v_total
    FROM (
      SELECT r.u AS user_id, CASE v_kind WHEN 'deal_income' THEN coalesce(r.d, 0) WHEN 'cooperation_income' THEN coalesce(r.k, 0)
                                         ELSE r.a - coalesce(r.d, 0) - coalesce(r.k, 0) END AS amount
      FROM unnest(v_batch.user_ids, v_batch.amount_units, v_batch.deal_income_units, v_batch.cooperation_income_units) AS r(u, a, d, k)
    ) r
    LEFT JOIN auto_pay_settings ap ON ap.user_id = r.user_id AND ap.coin = p_coin AND ap.enabled
    WHERE r.amount <> 0;
    v_paid := v_paid + v_total;
    IF v_kind = 'mining_income' THEN
      -- The mining income's transaction (its reference as before), made even with no one to pay.
      v_mining := ledger_credit_batch(v_kind, v_ref || ':credits', '', 'settlement_clearing', p_coin, v_users, v_buckets, v_amounts, true);
    ELSIF v_total > 0 THEN
      PERFORM ledger_credit_batch(v_kind, v_ref || ':' || v_kind, '', 'settlement_clearing', p_coin, v_users, v_buckets, v_amounts, true);
    END IF;
  END LOOP;
  SELECT count(*) INTO v_count FROM unnest(v_batch.amount_units) AS a WHERE a <> 0;
  IF v_paid <> v_batch.total_units THEN
    RAISE EXCEPTION 'settlement batch %/%/% pays % but owes %', p_pool, p_day, p_seq, v_paid, v_batch.total_units USING ERRCODE = 'check_violation';
  END IF;
  -- Clearing pays what the calls posted from it, last (its non-negative check refuses an overdraft).
  IF v_paid > 0 THEN
    UPDATE ledger_accounts SET balance = balance - v_paid, updated_at = now()
    WHERE system_code = 'settlement_clearing' AND coin = p_coin AND bucket = 'system';
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    IF v_rows <> 1 THEN
      RAISE EXCEPTION 'settlement batch %/%/%: no settlement_clearing account for %', p_pool, p_day, p_seq, p_coin USING ERRCODE = 'check_violation';
    END IF;
  END IF;

  RETURN QUERY SELECT v_batch.user_ids[cardinality(v_batch.user_ids)], v_count, v_mining;
END $$;
