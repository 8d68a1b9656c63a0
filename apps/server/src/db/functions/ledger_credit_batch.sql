-- ledger_credit_batch: one ledger transaction that pays many users from one system account
-- (a settlement batch's members from settlement_clearing), in a fixed number of set-based
-- statements whatever the number of users — no statement per posting. The same invariants as
-- ledger_post: the payer is debited exactly what the users are credited (balanced, and the
-- deferred per-coin check still runs at commit), every amount is positive and each (user,
-- bucket) appears once, the non-negative check of ledger_accounts refuses an overdraft of the
-- payer, and no account is touched by two transactions at once.
--
-- Per credit, one read of its account and one write (a 100,000-member day is 100,000 of each;
-- issue 19's bench):
-- - The payer is locked first (the finance accrual's finance_budget, as before). With
--   p_caller_debits_payer the payer is neither locked nor updated here: its posting is written,
--   and the caller debits its balance by the same total as the last statement of its
--   transaction (settlement_credit_batch: the settlement's clearing, shared by every batch of
--   the coin, held only from then to the commit, so batches credited concurrently overlap; no
--   transaction that holds clearing ever waits for another account — decideDay locks pool
--   revenue and fees before its posting takes clearing, and a batch takes clearing after all of
--   its members). Only settlement_credit_batch passes true: any other caller would leave the
--   payer's balance apart from its postings (ledger check names it).
-- - The members' existing accounts are found by one statement (an index scan with `= ANY` over
--   the users, sorted), without locking them: the UPDATE below locks each as it writes it, in
--   id order (as ledger_post locks), walking the ids sorted by a nested loop — a separate
--   FOR UPDATE pass wrote every row twice (its lock, then its new version).
-- - An account on first use is opened holding its credit (its posting below says so), rather
--   than opened at zero and updated: an opened account is new to this transaction, so no one
--   else can hold it. When another transaction opens one of them meanwhile, the batch stops
--   with serialization_failure and the caller runs it again (nothing of it stays).
-- - The existing accounts get their credit by one UPDATE; ledger_accounts keeps room in its pages
--   (fillfactor, 2026_11_26_1131) so that it is a heap-only update, no index touched.
-- - A (user, bucket) named twice is refused without sorting the credits: it resolves to one
--   account twice, which the UPDATE writes once (fewer rows than credits), or to two new
--   accounts with the same key (the unique index).
-- Answers the transaction's id (NULL when there is no one to pay).
CREATE OR REPLACE FUNCTION ledger_credit_batch(
  p_kind text, p_reference text, p_memo text, p_system_code text, p_coin text,
  p_user_ids bigint[], p_buckets text[], p_amounts numeric[], p_caller_debits_payer boolean DEFAULT false
) RETURNS bigint LANGUAGE plpgsql
-- Every account is reached through an index, whatever the planner makes of the arrays' size or
-- of a ledger_accounts whose statistics were taken when it was small: a scan of every account
-- per credit costs 5,000 comparisons per account and grows with the ledger.
SET enable_seqscan = off
-- Restored when the function returns, whatever the UPDATE below sets them to meanwhile.
SET enable_hashjoin = on
SET enable_mergejoin = on
AS $$
DECLARE
  v_n integer := coalesce(cardinality(p_user_ids), 0);
  v_total numeric;
  v_valid boolean;
  v_rows integer;
  v_payer bigint;
  v_ids bigint[];
  v_amounts numeric[];
  v_found bigint[]; -- the ordinals of the credits whose account exists
  v_new_ids bigint[];
  v_new_amounts numeric[];
  v_tx bigint;
BEGIN
  IF v_n = 0 THEN
    RETURN NULL;
  END IF;
  IF coalesce(cardinality(p_buckets), 0) <> v_n OR coalesce(cardinality(p_amounts), 0) <> v_n THEN
    RAISE EXCEPTION 'ledger_credit_batch: % users, % buckets, % amounts', v_n, cardinality(p_buckets), cardinality(p_amounts);
  END IF;
  SELECT sum(a), coalesce(bool_and(a > 0), false) INTO v_total, v_valid FROM unnest(p_amounts) AS a;
  IF NOT v_valid OR v_total IS NULL OR array_position(p_user_ids, NULL) IS NOT NULL OR array_position(p_buckets, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_credit_batch: every credit needs a user, a bucket and a positive amount' USING ERRCODE = 'check_violation';
  END IF;
  IF p_caller_debits_payer THEN
    SELECT id INTO v_payer FROM ledger_accounts WHERE system_code = p_system_code AND coin = p_coin AND bucket = 'system';
  ELSE
    SELECT id INTO v_payer FROM ledger_accounts WHERE system_code = p_system_code AND coin = p_coin AND bucket = 'system' FOR UPDATE;
  END IF;
  IF v_payer IS NULL THEN
    RAISE EXCEPTION 'ledger_credit_batch: no % account for %', p_system_code, p_coin USING ERRCODE = 'check_violation';
  END IF;

  -- The existing accounts of the credits, sorted by id (the order the UPDATE locks them in).
  -- They are found by one scan of the users' accounts with `= ANY` over the users, sorted:
  -- neighbouring users share a descent of the index (a batch's members are consecutive in user
  -- order), where a probe per credit descended it 5,000 times.
  SELECT array_agg(f.id ORDER BY f.id), array_agg(f.amount ORDER BY f.id), array_agg(f.ord)
  INTO v_ids, v_amounts, v_found
  FROM (
    SELECT a.id, k.amount, k.ord
    FROM unnest(p_user_ids, p_buckets, p_amounts) WITH ORDINALITY AS k(user_id, bucket, amount, ord)
    JOIN ledger_accounts a ON a.user_id = k.user_id AND a.bucket = k.bucket
    WHERE a.user_id = ANY (p_user_ids) AND a.coin = p_coin
  ) f;

  -- The others are opened here, holding their credit.
  IF coalesce(cardinality(v_ids), 0) < v_n THEN
    BEGIN
      WITH opened AS (
        INSERT INTO ledger_accounts (coin, user_id, bucket, balance)
        SELECT p_coin, k.user_id, k.bucket, k.amount
        FROM unnest(p_user_ids, p_buckets, p_amounts) WITH ORDINALITY AS k(user_id, bucket, amount, ord)
        WHERE k.ord NOT IN (SELECT unnest(coalesce(v_found, '{}')))
        ORDER BY k.user_id, k.bucket
        RETURNING id, balance)
      SELECT array_agg(o.id ORDER BY o.id), array_agg(o.balance ORDER BY o.id) INTO v_new_ids, v_new_amounts FROM opened o;
    EXCEPTION WHEN unique_violation THEN
      IF (SELECT count(*) <> count(DISTINCT (k.user_id, k.bucket)) FROM unnest(p_user_ids, p_buckets) AS k(user_id, bucket)) THEN
        RAISE EXCEPTION 'ledger_credit_batch: a user and bucket is credited twice' USING ERRCODE = 'unique_violation';
      END IF;
      RAISE EXCEPTION 'ledger_credit_batch: an account was opened by another transaction meanwhile; run the batch again'
        USING ERRCODE = 'serialization_failure';
    END;
  END IF;
  IF coalesce(cardinality(v_ids), 0) + coalesce(cardinality(v_new_ids), 0) <> v_n THEN
    RAISE EXCEPTION 'ledger_credit_batch: an account could not be resolved';
  END IF;

  IF v_ids IS NOT NULL THEN
    -- In id order: the sorted ids drive a nested loop over the accounts' key, so each row is
    -- locked as it is written, lowest id first (the joins that could reorder them are off for
    -- this statement alone).
    PERFORM set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true);
    UPDATE ledger_accounts AS a SET balance = a.balance + d.amount, updated_at = now()
    FROM unnest(v_ids, v_amounts) AS d(id, amount)
    WHERE a.id = d.id;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    PERFORM set_config('enable_hashjoin', 'on', true), set_config('enable_mergejoin', 'on', true);
    IF v_rows <> cardinality(v_ids) THEN
      RAISE EXCEPTION 'ledger_credit_batch: a user and bucket is credited twice' USING ERRCODE = 'unique_violation';
    END IF;
  END IF;
  IF NOT p_caller_debits_payer THEN
    UPDATE ledger_accounts SET balance = balance - v_total, updated_at = now() WHERE id = v_payer;
  END IF;

  INSERT INTO ledger_transactions (kind, reference, memo, created_by)
  VALUES (p_kind, p_reference, coalesce(p_memo, ''), NULL) RETURNING id INTO v_tx;
  INSERT INTO ledger_postings (transaction_id, account_id, coin, amount)
  SELECT v_tx, v_payer, p_coin, -v_total
  UNION ALL
  SELECT v_tx, d.id, p_coin, d.amount
  FROM unnest(coalesce(v_ids, '{}') || coalesce(v_new_ids, '{}'), coalesce(v_amounts, '{}') || coalesce(v_new_amounts, '{}')) AS d(id, amount);
  RETURN v_tx;
END $$;
