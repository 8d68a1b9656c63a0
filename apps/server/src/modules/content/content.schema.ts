import type { DocumentKey, DownloadKind, Localized } from '@platter/domain';
import type { ColumnType, Generated } from 'kysely';

/** A {en, zh, ru} jsonb column: read as the object, written as its JSON text. */
type LocalizedColumn = ColumnType<Localized, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ContentBannersTable {
  id: Generated<string>;
  title: LocalizedColumn;
  image_url: string;
  link_url: string;
  sort: number;
  active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  created_by: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export type ArticleKind = 'announcement' | 'faq' | 'tutorial';

export interface ContentArticlesTable {
  id: Generated<string>;
  kind: ArticleKind;
  title: LocalizedColumn;
  content: LocalizedColumn;
  sort: number;
  created_by: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ContentDownloadsTable {
  id: Generated<string>;
  kind: DownloadKind;
  coin: string;
  name: LocalizedColumn;
  description: LocalizedColumn;
  url: string;
  version: string;
  sort: number;
  updated_at: Stamp;
}

export interface ContentDocumentsTable {
  key: DocumentKey;
  title: LocalizedColumn;
  content: LocalizedColumn;
  updated_by: string | null;
  updated_at: Stamp;
}

export interface ContentTables {
  content_banners: ContentBannersTable;
  content_articles: ContentArticlesTable;
  content_downloads: ContentDownloadsTable;
  content_documents: ContentDocumentsTable;
}
