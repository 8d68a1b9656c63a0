import { sql, type Kysely } from 'kysely';

/**
 * Accounts and the security centre: the user's phone, authenticator and security-change time;
 * graphic codes, e-mailed link tokens, one-time codes, sign-in challenges and history,
 * messenger bindings, the send throttle, and the development mailbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('nationality', 'text')
    .addColumn('phone_code', 'text')
    .addColumn('phone', 'text')
    // Authenticator secrets are stored encrypted (AES-256-GCM, key derived from the server secret).
    .addColumn('google_secret', 'text')
    .addColumn('google_last_step', 'bigint')
    .addColumn('google_pending_secret', 'text')
    .addColumn('google_pending_expires_at', 'timestamptz')
    .addColumn('google_pending_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('security_changed_at', 'timestamptz')
    .addColumn('activated_at', 'timestamptz')
    .execute();
  await sql`ALTER TABLE users ADD CONSTRAINT users_phone_pair CHECK ((phone IS NULL) = (phone_code IS NULL))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_phone_key ON users (phone_code, phone) WHERE phone IS NOT NULL`.execute(db);

  await db.schema
    .createTable('captchas')
    .addColumn('session_hash', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose IN ('activate', 'reset')`))
    // Activation: the password chosen in the registration that sent this link (applied on use).
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel IN ('email', 'sms', 'telegram')`))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('verification_codes_lookup_idx').on('verification_codes').columns(['user_id', 'action', 'channel', 'created_at']).execute();

  await db.schema
    .createTable('message_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target_hash', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('message_log_target_idx').on('message_log').columns(['target_hash', 'created_at']).execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('identifier_hash', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text', (c) => c.notNull().check(sql`result IN ('success', 'wrong_password', 'second_factor_failed', 'not_activated', 'banned', 'locked')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_attempts_user_idx').on('login_attempts').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('login_attempts_identifier_idx').on('login_attempts').columns(['identifier_hash', 'created_at']).execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('identifier_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('social_bindings')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider IN ('telegram', 'wechat')`))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('social_bindings_subject_key', ['provider', 'subject'])
    .addUniqueConstraint('social_bindings_user_key', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('dev_mailbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX dev_mailbox_recipient_idx ON dev_mailbox (lower(recipient), id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['dev_mailbox', 'social_bindings', 'login_challenges', 'login_attempts', 'message_log', 'verification_codes', 'account_tokens', 'captchas']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`DROP INDEX users_phone_key`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT users_phone_pair`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('activated_at')
    .dropColumn('security_changed_at')
    .dropColumn('google_pending_attempts')
    .dropColumn('google_pending_expires_at')
    .dropColumn('google_pending_secret')
    .dropColumn('google_last_step')
    .dropColumn('google_secret')
    .dropColumn('phone')
    .dropColumn('phone_code')
    .dropColumn('nationality')
    .execute();
}
