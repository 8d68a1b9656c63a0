-- ledger_post: one ledger transaction in one call (the hot path of every money movement;
-- postTransaction in ledger/ledger.service.ts). It finds or creates the accounts, locks them in
-- id order (so two transactions touching the same accounts never deadlock), applies the deltas
-- (the non-negative check aborts an overdraft), and writes the transaction with its postings.
-- The balanced-per-coin constraint still runs at commit. PL/pgSQL keeps its plans between calls.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text, p_reference text, p_memo text, p_created_by bigint,
  p_user_ids bigint[], p_system_codes text[], p_coins text[], p_buckets text[], p_amounts numeric[],
  p_allow_negative boolean[]
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[];
  v_tx bigint;
BEGIN
  FOR attempt IN 1..2 LOOP
    -- The account of every posting, in posting order (NULL where it does not exist yet): a
    -- correlated lookup per posting is an index probe whatever the planner thinks of the
    -- arrays' size.
    SELECT array_agg(
      CASE WHEN k.user_id IS NOT NULL
        THEN (SELECT a.id FROM ledger_accounts a WHERE a.user_id = k.user_id AND a.coin = k.coin AND a.bucket = k.bucket)
        ELSE (SELECT a.id FROM ledger_accounts a WHERE a.system_code = k.system_code AND a.coin = k.coin AND a.bucket = k.bucket)
      END ORDER BY k.ord)
    INTO v_ids
    FROM unnest(p_user_ids, p_system_codes, p_coins, p_buckets) WITH ORDINALITY AS k(user_id, system_code, coin, bucket, ord);
    EXIT WHEN attempt = 2 OR array_position(v_ids, NULL) IS NULL;
    -- Accounts on first use: those the lookup did not find (ON CONFLICT DO NOTHING: a
    -- concurrent first use is fine); then look again.
    INSERT INTO ledger_accounts (coin, user_id, system_code, bucket, allow_negative)
    SELECT DISTINCT k.coin, k.user_id, k.system_code, k.bucket, k.allow_negative
    FROM unnest(p_user_ids, p_system_codes, p_coins, p_buckets, p_allow_negative, v_ids)
      AS k(user_id, system_code, coin, bucket, allow_negative, id)
    WHERE k.id IS NULL
    ON CONFLICT DO NOTHING;
  END LOOP;
  IF cardinality(v_ids) IS DISTINCT FROM cardinality(p_amounts) OR array_position(v_ids, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_post: an account could not be resolved';
  END IF;

  PERFORM 1 FROM ledger_accounts WHERE id = ANY(v_ids) ORDER BY id FOR UPDATE;

  UPDATE ledger_accounts AS a SET balance = a.balance + d.delta, updated_at = now()
  FROM (SELECT p.id, sum(p.amount) AS delta FROM unnest(v_ids, p_amounts) AS p(id, amount) GROUP BY p.id) AS d
  WHERE a.id = d.id;

  INSERT INTO ledger_transactions (kind, reference, memo, created_by)
  VALUES (p_kind, p_reference, p_memo, p_created_by) RETURNING id INTO v_tx;
  INSERT INTO ledger_postings (transaction_id, account_id, coin, amount)
  SELECT v_tx, p.id, p.coin, p.amount FROM unnest(v_ids, p_coins, p_amounts) AS p(id, coin, amount);
  RETURN v_tx;
END $$;
