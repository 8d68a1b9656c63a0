import {
  AppError,
  bannerShowing,
  pickLocalized,
  type AddBannerBody,
  type AnnouncementBody,
  type Article,
  type ArticleSummary,
  type Banner,
  type BannerAdmin,
  type ContentDocument,
  type DocumentAdmin,
  type DocumentKey,
  type Download,
  type DownloadAdmin,
  type DownloadBody,
  type HelpAdmin,
  type HelpArticle,
  type HelpBody,
  type HelpSummary,
  type HelpType,
  type Lang,
  type Localized,
  type UpdateDocumentBody,
} from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { audit } from '../wallet/wallet.service.ts';
import {
  articleRepository,
  bannerRepository,
  documentRepository,
  downloadRepository,
  type ArticleRow,
  type BannerRow,
  type DocumentRow,
  type DownloadRow,
} from './content.repository.ts';
import type { ArticleKind } from './content.schema.ts';
import { plainText, sanitizeContentHtml, sanitizeLocalizedHtml } from './sanitize.ts';

/**
 * Site content: the rules between the calls and the SQL. Writes sanitise HTML, run in one
 * transaction with their audit entry (before and after), and answer NO_DATA (212) for an id
 * that does not exist. Reads answer in the caller's language, falling back to English.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const dateOf = (value: number | null) => (value === null ? null : new Date(value * 1000));
const ANNOUNCEMENT: readonly ArticleKind[] = ['announcement'];
const HELP: readonly ArticleKind[] = ['faq', 'tutorial'];

function found<T>(row: T | undefined): T {
  if (row === undefined) throw new AppError('NO_DATA');
  return row;
}

/** A write and its audit entry, in one transaction: `change` answers the row before and after. */
async function audited<B, A>(db: Db, adminId: string, action: string, target: (after: A) => string, change: (trx: Db) => Promise<{ before: B | null; after: A }>): Promise<A> {
  return db.transaction().execute(async (trx) => {
    const { before, after } = await change(trx);
    await audit(trx, adminId, action, target(after), { before, after });
    return after;
  });
}

// --- views ----------------------------------------------------------------------------------------

function bannerAdmin(row: BannerRow, now = Date.now()): BannerAdmin {
  const view = {
    id: row.id,
    title: row.title,
    image_url: row.image_url,
    link_url: row.link_url,
    sort: row.sort,
    active: row.active,
    starts_at: row.starts_at ? seconds(row.starts_at) : null,
    ends_at: row.ends_at ? seconds(row.ends_at) : null,
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
  };
  return { ...view, showing: bannerShowing(view, Math.floor(now / 1000)) };
}

function articleAdmin(row: ArticleRow) {
  return { id: row.id, title: row.title, content: sanitizeLocalizedHtml(row.content), created_at: seconds(row.created_at), updated_at: seconds(row.updated_at) };
}

function helpAdmin(row: ArticleRow): HelpAdmin {
  return { ...articleAdmin(row), type: row.kind as HelpType, sort: row.sort };
}

function downloadAdmin(row: DownloadRow): DownloadAdmin {
  return {
    id: row.id,
    kind: row.kind,
    coin: row.coin,
    name: row.name,
    description: row.description,
    url: row.url,
    version: row.version,
    sort: row.sort,
    updated_at: seconds(row.updated_at),
  };
}

function documentAdmin(row: DocumentRow): DocumentAdmin {
  return { key: row.key, title: row.title, content: sanitizeLocalizedHtml(row.content), updated_at: seconds(row.updated_at) };
}

/**
 * An article in `lang`: the title and content of one language together (a page never mixes
 * a Russian title with English text), the language served being the first with a title.
 */
function inLanguage(row: { title: Localized; content: Localized }, lang: Lang) {
  const title = pickLocalized(row.title, lang);
  const content = row.content[title.lang]?.trim() ? row.content[title.lang] : row.content.en;
  return { title: title.text, content: sanitizeContentHtml(content), lang: title.lang };
}

function articleIn(row: ArticleRow, lang: Lang): Article {
  return { id: row.id, ...inLanguage(row, lang), created_at: seconds(row.created_at), updated_at: seconds(row.updated_at) };
}

function summaryIn(row: ArticleRow, lang: Lang): ArticleSummary {
  const { content, ...rest } = articleIn(row, lang);
  return { ...rest, summary: plainText(content) };
}

const page = <R, V>(result: { rows: R[]; total: number }, view: (row: R) => V) => ({ list: result.rows.map(view), total: result.total });

// --- banners --------------------------------------------------------------------------------------

function bannerValues(body: AddBannerBody) {
  return {
    title: body.title,
    image_url: body.image_url,
    link_url: body.link_url,
    sort: body.sort,
    active: body.active,
    starts_at: dateOf(body.starts_at),
    ends_at: dateOf(body.ends_at),
  };
}

export const banners = {
  /** GET /api/home/banner: the banners showing now, captions in `lang`. */
  async showing(db: Db, lang: Lang): Promise<Banner[]> {
    const rows = await bannerRepository.showing(db);
    return rows.map((row) => ({ id: row.id, title: pickLocalized(row.title, lang).text, image_url: row.image_url, link_url: row.link_url }));
  },
  async list(db: Db, query: { page: number; count: number }) {
    const now = Date.now();
    return page(await bannerRepository.page(db, query.page, query.count), (row) => bannerAdmin(row, now));
  },
  add: (db: Db, adminId: string, body: AddBannerBody) =>
    audited(
      db,
      adminId,
      'AddBanner',
      (b: BannerAdmin) => `banner:${b.id}`,
      async (trx) => ({ before: null, after: bannerAdmin(await bannerRepository.insert(trx, bannerValues(body), adminId)) }),
    ),
  update: (db: Db, adminId: string, body: AddBannerBody & { id: string }) =>
    audited(
      db,
      adminId,
      'UpdateBanner',
      (b: BannerAdmin) => `banner:${b.id}`,
      async (trx) => {
        const before = bannerAdmin(found(await bannerRepository.byId(trx, body.id)));
        return { before, after: bannerAdmin(found(await bannerRepository.update(trx, body.id, bannerValues(body)))) };
      },
    ),
  remove: (db: Db, adminId: string, id: string) =>
    audited(
      db,
      adminId,
      'RemoveBanner',
      () => `banner:${id}`,
      async (trx) => ({ before: bannerAdmin(found(await bannerRepository.remove(trx, id))), after: null }),
    ),
};

// --- announcements ---------------------------------------------------------------------------------

function articleValues(body: { title: Localized; content: Localized; sort?: number }) {
  return { title: body.title, content: sanitizeLocalizedHtml(body.content), sort: body.sort ?? 0 };
}

export const announcements = {
  /** GET /api/notice/list: newest first. */
  async list(db: Db, lang: Lang, query: { page: number; count: number }) {
    return page(await articleRepository.page(db, ANNOUNCEMENT, query.page, query.count), (row) => summaryIn(row, lang));
  },
  /** GET /api/notice/Content. */
  async content(db: Db, lang: Lang, id: string): Promise<Article> {
    return articleIn(found(await articleRepository.byId(db, id, ANNOUNCEMENT)), lang);
  },
  /** getannouncementlist: every language of each. */
  async adminList(db: Db, query: { page: number; count: number }) {
    return page(await articleRepository.page(db, ANNOUNCEMENT, query.page, query.count), articleAdmin);
  },
  /** getannouncementlistsome: one announcement with every language, for the editor. */
  async adminOne(db: Db, id: string) {
    return articleAdmin(found(await articleRepository.byId(db, id, ANNOUNCEMENT)));
  },
  add: (db: Db, adminId: string, body: AnnouncementBody) =>
    audited(
      db,
      adminId,
      'addannouncement',
      (a: { id: string }) => `announcement:${a.id}`,
      async (trx) => ({
        before: null,
        after: articleAdmin(await articleRepository.insert(trx, 'announcement', articleValues(body), adminId)),
      }),
    ),
  update: (db: Db, adminId: string, body: AnnouncementBody & { id: string }) =>
    audited(
      db,
      adminId,
      'updateannouncement',
      (a: { id: string }) => `announcement:${a.id}`,
      async (trx) => {
        const before = articleAdmin(found(await articleRepository.byId(trx, body.id, ANNOUNCEMENT)));
        return { before, after: articleAdmin(found(await articleRepository.update(trx, body.id, ANNOUNCEMENT, 'announcement', articleValues(body)))) };
      },
    ),
  remove: (db: Db, adminId: string, id: string) =>
    audited(
      db,
      adminId,
      'deleteannouncement',
      () => `announcement:${id}`,
      async (trx) => ({ before: articleAdmin(found(await articleRepository.remove(trx, id, ANNOUNCEMENT))), after: null }),
    ),
};

// --- help items ------------------------------------------------------------------------------------

const helpKinds = (type: HelpType | undefined): readonly ArticleKind[] => (type ? [type] : HELP);

export const help = {
  /** GET /api/help/list: FAQ entries and tutorials (or one type), in their order. */
  async list(db: Db, lang: Lang, query: { type?: HelpType | undefined; page: number; count: number }) {
    return page(await articleRepository.page(db, helpKinds(query.type), query.page, query.count), (row): HelpSummary => ({ ...summaryIn(row, lang), type: row.kind as HelpType }));
  },
  /** GET /api/help/Content. */
  async content(db: Db, lang: Lang, id: string): Promise<HelpArticle> {
    const row = found(await articleRepository.byId(db, id, HELP));
    return { ...articleIn(row, lang), type: row.kind as HelpType };
  },
  /** GetHelpList: every language of each. */
  async adminList(db: Db, query: { type?: HelpType | undefined; page: number; count: number }) {
    return page(await articleRepository.page(db, helpKinds(query.type), query.page, query.count), helpAdmin);
  },
  /** GetHelpListSome: one help item with every language, for the editor. */
  async adminOne(db: Db, id: string) {
    return helpAdmin(found(await articleRepository.byId(db, id, HELP)));
  },
  add: (db: Db, adminId: string, body: HelpBody) =>
    audited(
      db,
      adminId,
      'AddHelp',
      (h: HelpAdmin) => `help:${h.id}`,
      async (trx) => ({ before: null, after: helpAdmin(await articleRepository.insert(trx, body.type, articleValues(body), adminId)) }),
    ),
  update: (db: Db, adminId: string, body: HelpBody & { id: string }) =>
    audited(
      db,
      adminId,
      'UpdateHelp',
      (h: HelpAdmin) => `help:${h.id}`,
      async (trx) => {
        const before = helpAdmin(found(await articleRepository.byId(trx, body.id, HELP)));
        return { before, after: helpAdmin(found(await articleRepository.update(trx, body.id, HELP, body.type, articleValues(body)))) };
      },
    ),
  remove: (db: Db, adminId: string, id: string) =>
    audited(
      db,
      adminId,
      'DeleteHelp',
      () => `help:${id}`,
      async (trx) => ({ before: helpAdmin(found(await articleRepository.remove(trx, id, HELP))), after: null }),
    ),
};

// --- download centre ---------------------------------------------------------------------------------

function downloadValues(body: DownloadBody) {
  return { kind: body.kind, coin: body.kind === 'app' ? '' : body.coin, name: body.name, description: body.description, url: body.url, version: body.version, sort: body.sort };
}

export const downloads = {
  /** The download centre: the app first, then each coin's tools; names in `lang`. */
  async showing(db: Db, lang: Lang): Promise<Download[]> {
    const { rows } = await downloadRepository.page(db, 1, 500);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      coin: row.coin,
      name: pickLocalized(row.name, lang).text,
      description: pickLocalized(row.description, lang).text,
      url: row.url,
      version: row.version,
    }));
  },
  async adminList(db: Db, query: { page: number; count: number }) {
    return page(await downloadRepository.page(db, query.page, query.count), downloadAdmin);
  },
  add: (db: Db, adminId: string, body: DownloadBody) =>
    audited(
      db,
      adminId,
      'AddDownload',
      (d: DownloadAdmin) => `download:${d.id}`,
      async (trx) => ({ before: null, after: downloadAdmin(await downloadRepository.insert(trx, downloadValues(body))) }),
    ),
  update: (db: Db, adminId: string, body: DownloadBody & { id: string }) =>
    audited(
      db,
      adminId,
      'UpdateDownload',
      (d: DownloadAdmin) => `download:${d.id}`,
      async (trx) => {
        const before = downloadAdmin(found(await downloadRepository.byId(trx, body.id)));
        return { before, after: downloadAdmin(found(await downloadRepository.update(trx, body.id, downloadValues(body)))) };
      },
    ),
  remove: (db: Db, adminId: string, id: string) =>
    audited(
      db,
      adminId,
      'RemoveDownload',
      () => `download:${id}`,
      async (trx) => ({ before: downloadAdmin(found(await downloadRepository.remove(trx, id))), after: null }),
    ),
};

// --- the operator's texts ------------------------------------------------------------------------------

export const documents = {
  /** /agreement, /privacy, the support centre: the text in `lang`, or null until the operator writes it. */
  async show(db: Db, lang: Lang, key: DocumentKey): Promise<ContentDocument | null> {
    const row = await documentRepository.byKey(db, key);
    return row ? { key, ...inLanguage(row, lang), updated_at: seconds(row.updated_at) } : null;
  },
  /** The text with every language, or null when not written yet. */
  async adminOne(db: Db, key: DocumentKey): Promise<DocumentAdmin | null> {
    const row = await documentRepository.byKey(db, key);
    return row ? documentAdmin(row) : null;
  },
  save: (db: Db, adminId: string, body: UpdateDocumentBody) =>
    audited(
      db,
      adminId,
      'UpdateDocument',
      () => `document:${body.key}`,
      async (trx) => {
        const old = await documentRepository.byKey(trx, body.key);
        const after = documentAdmin(await documentRepository.save(trx, body.key, body.title, sanitizeLocalizedHtml(body.content), adminId));
        return { before: old ? documentAdmin(old) : null, after };
      },
    ),
};
