-- invitations_refuse_change: an invitation is written once, at registration, and never changed
-- or removed (issue 25: a user's inviter is fixed). Trigger of 2026_11_26_1840_invite_rebates.
CREATE OR REPLACE FUNCTION invitations_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an invitation is fixed once recorded (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
