import { sql, type Kysely } from 'kysely';

/**
 * Issue 24: message channels (a user's Telegram chat, DingTalk / Feishu / WeCom robot, signed
 * webhook, e-mail, SMS; secrets sealed with the secret box), the events each receives, the
 * thresholds of the mining events, and the outbox the delivery job works: one row per
 * (channel, event, subject), written in the transaction of the event, with its idempotency key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE message_channels (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('telegram', 'dingtalk', 'feishu', 'wecom', 'webhook', 'email', 'sms')),
      name text NOT NULL DEFAULT '',
      target text NOT NULL,
      config text NOT NULL,
      verified_at timestamptz,
      code_hash text,
      code_expires_at timestamptz,
      code_sent_at timestamptz,
      code_failures integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX message_channels_user ON message_channels (user_id, id)`.execute(db);
  await sql`
    CREATE TABLE message_event_channels (
      channel_id bigint NOT NULL REFERENCES message_channels(id) ON DELETE CASCADE,
      event text NOT NULL,
      user_id bigint NOT NULL REFERENCES users(id),
      PRIMARY KEY (channel_id, event)
    )`.execute(db);
  await sql`CREATE INDEX message_event_channels_user ON message_event_channels (user_id, event)`.execute(db);
  await sql`
    CREATE TABLE message_event_settings (
      user_id bigint NOT NULL REFERENCES users(id),
      event text NOT NULL,
      threshold integer NOT NULL,
      PRIMARY KEY (user_id, event)
    )`.execute(db);
  await sql`
    CREATE TABLE message_outbox (
      id bigserial PRIMARY KEY,
      channel_id bigint NOT NULL REFERENCES message_channels(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id),
      event text NOT NULL,
      subject text NOT NULL,
      idempotency_key uuid NOT NULL DEFAULT gen_random_uuid(),
      title text NOT NULL,
      body text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz,
      last_error text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      UNIQUE (channel_id, event, subject)
    )`.execute(db);
  await sql`CREATE INDEX message_outbox_due ON message_outbox (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX message_outbox_status ON message_outbox (status, id)`.execute(db);
  await sql`CREATE INDEX message_outbox_channel_attempt ON message_outbox (channel_id, last_attempt_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE message_outbox`.execute(db);
  await sql`DROP TABLE message_event_settings`.execute(db);
  await sql`DROP TABLE message_event_channels`.execute(db);
  await sql`DROP TABLE message_channels`.execute(db);
}
