import type { DocumentKey, Localized } from '@platter/domain';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';
import type { ArticleKind, ContentBannersTable, ContentDownloadsTable } from './content.schema.ts';

/** SQL of the content module: banners, articles (announcements and help items), downloads, texts. */

const json = (text: Localized) => JSON.stringify(text);

// --- banners ------------------------------------------------------------------------------

export type BannerValues = Omit<Selectable<ContentBannersTable>, 'id' | 'created_by' | 'created_at' | 'updated_at'>;

const bannerRow = (v: BannerValues) => ({ ...v, title: json(v.title) });

export const bannerRepository = {
  insert: (db: Db, values: BannerValues, by: string) =>
    db
      .insertInto('content_banners')
      .values({ ...bannerRow(values), created_by: by })
      .returningAll()
      .executeTakeFirstOrThrow(),
  update: (db: Db, id: string, values: BannerValues) =>
    db
      .updateTable('content_banners')
      .set({ ...bannerRow(values), updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),
  remove: (db: Db, id: string) => db.deleteFrom('content_banners').where('id', '=', id).returningAll().executeTakeFirst(),
  byId: (db: Db, id: string) => db.selectFrom('content_banners').selectAll().where('id', '=', id).executeTakeFirst(),
  page: (db: Db, page: number, count: number) =>
    paginate(db.selectFrom('content_banners'), { page, count }, (q) => q.selectAll().orderBy('sort').orderBy('created_at', 'desc').orderBy('id', 'desc')),
  /** Active banners whose window is open now, in their order. */
  showing: (db: Db) =>
    db
      .selectFrom('content_banners')
      .selectAll()
      .where('active', '=', true)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', sql<Date>`now()`)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
      .orderBy('sort')
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute(),
};
export type BannerRow = Awaited<ReturnType<typeof bannerRepository.insert>>;

// --- announcements and help items -----------------------------------------------------------------

export interface ArticleValues {
  title: Localized;
  content: Localized;
  sort: number;
}

const articleRow = (v: ArticleValues) => ({ title: json(v.title), content: json(v.content), sort: v.sort });

export const articleRepository = {
  insert: (db: Db, kind: ArticleKind, values: ArticleValues, by: string) =>
    db
      .insertInto('content_articles')
      .values({ ...articleRow(values), kind, created_by: by })
      .returningAll()
      .executeTakeFirstOrThrow(),
  /** Updates an article of one of `kinds` (an announcement id never edits a help item); `kind` may move faq ⇄ tutorial. */
  update: (db: Db, id: string, kinds: readonly ArticleKind[], kind: ArticleKind, values: ArticleValues) =>
    db
      .updateTable('content_articles')
      .set({ ...articleRow(values), kind, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('kind', 'in', kinds)
      .returningAll()
      .executeTakeFirst(),
  remove: (db: Db, id: string, kinds: readonly ArticleKind[]) =>
    db.deleteFrom('content_articles').where('id', '=', id).where('kind', 'in', kinds).returningAll().executeTakeFirst(),
  byId: (db: Db, id: string, kinds: readonly ArticleKind[]) => db.selectFrom('content_articles').selectAll().where('id', '=', id).where('kind', 'in', kinds).executeTakeFirst(),
  /** Newest first for announcements; help items by their order, then newest. */
  page: (db: Db, kinds: readonly ArticleKind[], page: number, count: number) =>
    paginate(db.selectFrom('content_articles').where('kind', 'in', kinds), { page, count }, (q) =>
      q.selectAll().orderBy('sort').orderBy('created_at', 'desc').orderBy('id', 'desc'),
    ),
};
export type ArticleRow = Awaited<ReturnType<typeof articleRepository.insert>>;

// --- download centre ---------------------------------------------------------------------------------

export type DownloadValues = Omit<ContentDownloadsTable, 'id' | 'updated_at' | 'name' | 'description'> & { name: Localized; description: Localized };

const downloadRow = (v: DownloadValues) => ({ ...v, name: json(v.name), description: json(v.description) });

export const downloadRepository = {
  insert: (db: Db, values: DownloadValues) => db.insertInto('content_downloads').values(downloadRow(values)).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: string, values: DownloadValues) =>
    db
      .updateTable('content_downloads')
      .set({ ...downloadRow(values), updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),
  remove: (db: Db, id: string) => db.deleteFrom('content_downloads').where('id', '=', id).returningAll().executeTakeFirst(),
  byId: (db: Db, id: string) => db.selectFrom('content_downloads').selectAll().where('id', '=', id).executeTakeFirst(),
  /** The app first, then each coin's tools, each group in its order. */
  page: (db: Db, page: number, count: number) =>
    paginate(db.selectFrom('content_downloads'), { page, count }, (q) => q.selectAll().orderBy('kind').orderBy('coin').orderBy('sort').orderBy('id')),
};
export type DownloadRow = Awaited<ReturnType<typeof downloadRepository.insert>>;

// --- the operator's texts ------------------------------------------------------------------------------

export const documentRepository = {
  byKey: (db: Db, key: DocumentKey) => db.selectFrom('content_documents').selectAll().where('key', '=', key).executeTakeFirst(),
  save: (db: Db, key: DocumentKey, title: Localized, content: Localized, by: string) =>
    db
      .insertInto('content_documents')
      .values({ key, title: json(title), content: json(content), updated_by: by })
      .onConflict((oc) => oc.column('key').doUpdateSet({ title: json(title), content: json(content), updated_by: by, updated_at: sql`now()` }))
      .returningAll()
      .executeTakeFirstOrThrow(),
};
export type DocumentRow = NonNullable<Awaited<ReturnType<typeof documentRepository.byKey>>>;
