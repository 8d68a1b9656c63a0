-- ledger_credit_batch: one ledger transaction that pays many users from one system account
-- (a settlement batch's members from settlement_clearing), in a fixed number of set-based
-- statements whatever the number of users — no statement per posting. The same invariants as
-- ledger_post: the payer is debited exactly what the users are credited (balanced, and the
-- deferred per-coin check still runs at commit), every amount is positive and each (user,
-- bucket) appears once, accounts are locked in id order (no deadlock with concurrent
-- postings), and the non-negative check of ledger_accounts refuses an overdraft of the payer.
-- Answers the transaction's id (NULL when there is no one to pay).
CREATE OR REPLACE FUNCTION ledger_credit_batch(
  p_kind text, p_reference text, p_memo text, p_system_code text, p_coin text,
  p_user_ids bigint[], p_buckets text[], p_amounts numeric[]
) RETURNS bigint LANGUAGE plpgsql
-- Every account is reached through an index, whatever the planner makes of the arrays' size or
-- of a ledger_accounts whose statistics were taken when it was small: a scan of every account
-- filtered by "id = ANY(5,000 ids)" costs 5,000 comparisons per account and grows with the ledger.
SET enable_seqscan = off
AS $$
DECLARE
  v_n integer := coalesce(cardinality(p_user_ids), 0);
  v_total numeric;
  v_valid boolean;
  v_payer bigint;
  v_ids bigint[];
  v_tx bigint;
  v_rows integer;
BEGIN
  IF v_n = 0 THEN
    RETURN NULL;
  END IF;
  IF coalesce(cardinality(p_buckets), 0) <> v_n OR coalesce(cardinality(p_amounts), 0) <> v_n THEN
    RAISE EXCEPTION 'ledger_credit_batch: % users, % buckets, % amounts', v_n, cardinality(p_buckets), cardinality(p_amounts);
  END IF;
  SELECT sum(a), coalesce(bool_and(a > 0), false) INTO v_total, v_valid FROM unnest(p_amounts) AS a;
  IF NOT v_valid OR v_total IS NULL OR array_position(p_user_ids, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_credit_batch: every credit needs a user and a positive amount' USING ERRCODE = 'check_violation';
  END IF;
  SELECT id INTO v_payer FROM ledger_accounts WHERE system_code = p_system_code AND coin = p_coin AND bucket = 'system';
  IF v_payer IS NULL THEN
    RAISE EXCEPTION 'ledger_credit_batch: no % account for %', p_system_code, p_coin USING ERRCODE = 'check_violation';
  END IF;

  -- The account of every credit, in the arrays' order (NULL where it does not exist yet): a
  -- correlated lookup is an index probe whatever the planner thinks of the arrays' size. The
  -- missing ones are made (ON CONFLICT DO NOTHING: a concurrent first use is fine) and looked
  -- up again.
  FOR attempt IN 1..2 LOOP
    SELECT array_agg((SELECT a.id FROM ledger_accounts a WHERE a.user_id = k.user_id AND a.coin = p_coin AND a.bucket = k.bucket) ORDER BY k.ord)
    INTO v_ids
    FROM unnest(p_user_ids, p_buckets) WITH ORDINALITY AS k(user_id, bucket, ord);
    EXIT WHEN attempt = 2 OR array_position(v_ids, NULL) IS NULL;
    INSERT INTO ledger_accounts (coin, user_id, bucket)
    SELECT DISTINCT p_coin, k.user_id, k.bucket FROM unnest(p_user_ids, p_buckets, v_ids) AS k(user_id, bucket, id)
    WHERE k.id IS NULL
    ON CONFLICT DO NOTHING;
  END LOOP;
  IF array_position(v_ids, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_credit_batch: an account could not be resolved';
  END IF;

  PERFORM 1 FROM ledger_accounts WHERE id = ANY(v_ids || v_payer) ORDER BY id FOR UPDATE;

  -- One row per account: a (user, bucket) named twice updates once and is refused below.
  UPDATE ledger_accounts AS a SET balance = a.balance + d.amount, updated_at = now()
  FROM unnest(v_ids, p_amounts) AS d(id, amount)
  WHERE a.id = ANY(v_ids) AND a.id = d.id;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  IF v_rows <> v_n THEN
    RAISE EXCEPTION 'ledger_credit_batch: a user and bucket is credited twice' USING ERRCODE = 'unique_violation';
  END IF;
  UPDATE ledger_accounts SET balance = balance - v_total, updated_at = now() WHERE id = v_payer;

  INSERT INTO ledger_transactions (kind, reference, memo, created_by)
  VALUES (p_kind, p_reference, coalesce(p_memo, ''), NULL) RETURNING id INTO v_tx;
  INSERT INTO ledger_postings (transaction_id, account_id, coin, amount)
  SELECT v_tx, v_payer, p_coin, -v_total
  UNION ALL
  SELECT v_tx, d.id, p_coin, d.amount FROM unnest(v_ids, p_amounts) AS d(id, amount);
  RETURN v_tx;
END $$;
