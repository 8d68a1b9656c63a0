import { sql, type Kysely } from 'kysely';

/**
 * Site content (issue 7; spec doc 2 §7 'Home and content'): banners, announcements and help
 * items, download-centre links and the operator's texts. Every text is a jsonb object
 * {en, zh, ru}; HTML is stored already sanitised.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_banners')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('content_banners_window', sql`starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at`)
    .execute();

  // Announcements and help items share one shape; `kind` tells them apart.
  await db.schema
    .createTable('content_articles')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('announcement', 'faq', 'tutorial')`))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX content_articles_kind_idx ON content_articles (kind, sort, created_at DESC)`.execute(db);

  await db.schema
    .createTable('content_downloads')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('app', 'tool')`))
    .addColumn('coin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'jsonb', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('content_documents')
    .addColumn('key', 'text', (c) => c.primaryKey().check(sql`key IN ('agreement', 'privacy', 'support')`))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['content_documents', 'content_downloads', 'content_articles', 'content_banners']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
