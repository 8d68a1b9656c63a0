import { sql, type Kysely } from 'kysely';

/** Registries (coins, pools, server lines), users and sessions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coins')
    .addColumn('type', 'text', (c) => c.primaryKey())
    .addColumn('confirmation', 'integer', (c) => c.notNull().check(sql`confirmation >= 0`))
    .addColumn('closed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('market', 'text')
    .addColumn('min_transfer_units', sql`numeric(40,0)`, (c) => c.notNull().check(sql`min_transfer_units >= 0`))
    .addColumn('min_withdraw_units', sql`numeric(40,0)`, (c) => c.notNull().check(sql`min_withdraw_units >= 0`))
    .addColumn('withdraw_fee_units', sql`numeric(40,0)`, (c) => c.notNull().check(sql`withdraw_fee_units >= 0`))
    .addColumn('capacity_unit', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('arith', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('merge_pool', 'text')
    .addColumn('scale', 'integer', (c) => c.notNull().check(sql`scale BETWEEN 0 AND 36`))
    .addColumn('capacity_scale', 'integer', (c) => c.notNull())
    .addColumn('capacity_base', 'integer', (c) => c.notNull().check(sql`capacity_base IN (1000, 1024)`))
    .addColumn('testnet', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mainnet_type', 'text', (c) => c.references('coins.type'))
    .addColumn('memo_supported', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('address_pattern', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('pools')
    .addColumn('type', 'text', (c) => c.primaryKey())
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.type'))
    .addColumn('pool_type', 'text', (c) => c.notNull().check(sql`pool_type IN ('CO', 'ECO', 'AR')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('auto_withdraw', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('share_type', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('server_lines')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('ping_url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('account', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`role IN ('user', 'support', 'admin')`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'active', 'banned')`),
    )
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_account_key ON users (lower(account)) WHERE account IS NOT NULL`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('server_lines').execute();
  await db.schema.dropTable('pools').execute();
  await db.schema.dropTable('coins').execute();
}
