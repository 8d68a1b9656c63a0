-- Nobody edits the admin audit record: UPDATE, DELETE and TRUNCATE are refused whoever asks
-- (triggers of 2026_11_23_0011).
CREATE OR REPLACE FUNCTION admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
