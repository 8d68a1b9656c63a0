import { sql, type Kysely } from 'kysely';

/**
 * The wallet: deposit addresses and deposits, the address book, withdrawals (with their
 * review batch and exactly-once sending), Auto Pay settings, exports, the admin audit trail,
 * and the devnet simulator's chain (a stand-in for the outside world, kept in the database so
 * that it survives restarts like a real chain would).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deposit_addresses')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.type'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deposit_addresses_pkey', ['user_id', 'coin'])
    .addUniqueConstraint('deposit_addresses_address_key', ['coin', 'address'])
    .execute();

  await db.schema
    .createTable('deposits')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.type'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('output_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', sql`numeric(40,0)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('height', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'credited')`),
    )
    .addColumn('transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('credited_at', 'timestamptz')
    .addUniqueConstraint('deposits_output_key', ['coin', 'txid', 'output_index'])
    .execute();
  await db.schema.createIndex('deposits_user_idx').on('deposits').columns(['user_id', 'id']).execute();
  await sql`CREATE INDEX deposits_pending_idx ON deposits (coin, height) WHERE status = 'pending'`.execute(db);

  await db.schema
    .createTable('chain_cursors')
    .addColumn('coin', 'text', (c) => c.primaryKey().references('coins.type'))
    .addColumn('scanned_height', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('withdraw_addresses')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.type'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auto_pay', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ratio', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`ratio BETWEEN 0 AND 10000`),
    )
    .addColumn('min_pay', sql`numeric(40,0)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`min_pay >= 0`),
    )
    .addColumn('activated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX withdraw_addresses_live_key ON withdraw_addresses (user_id, coin, address) WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .createTable('auto_pay_settings')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.type'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('auto_pay_settings_pkey', ['user_id', 'coin'])
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.type'))
    .addColumn('address_id', 'bigint', (c) => c.references('withdraw_addresses.id'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', sql`numeric(40,0)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', sql`numeric(40,0)`, (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('received', sql`numeric(40,0)`, (c) => c.notNull().check(sql`received > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('AUDITING', 'SENT_PENDING', 'SENT', 'CANCELED', 'REJECTED')`))
    .addColumn('source', 'text', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`source IN ('user', 'autopay')`),
    )
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('txid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('batch', 'text', (c) => c.notNull())
    .addColumn('hold_id', 'bigint', (c) => c.references('ledger_holds.id'))
    .addColumn('reviewed_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('send_after', 'timestamptz')
    .addColumn('sending_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('withdrawals_received', sql`amount = fee + received`)
    .addCheckConstraint('withdrawals_sent_txid', sql`status <> 'SENT' OR txid <> ''`)
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'id']).execute();
  await sql`CREATE INDEX withdrawals_open_idx ON withdrawals (status, send_after) WHERE status IN ('AUDITING', 'SENT_PENDING')`.execute(db);

  await db.schema
    .createTable('exports')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('filters', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'ready', 'failed')`),
    )
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'bytea')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('exports_user_idx').on('exports').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('admin_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('devnet_chain')
    .addColumn('coin', 'text', (c) => c.primaryKey())
    .addColumn('height', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('devnet_transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull().unique())
    .addColumn('client_id', 'text', (c) => c.unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', sql`numeric(40,0)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('height', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('devnet_transactions_height_idx').on('devnet_transactions').columns(['coin', 'height']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'devnet_transactions',
    'devnet_chain',
    'admin_audit',
    'exports',
    'withdrawals',
    'auto_pay_settings',
    'withdraw_addresses',
    'chain_cursors',
    'deposits',
    'deposit_addresses',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
