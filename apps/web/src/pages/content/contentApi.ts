import type {
  AnnouncementAdmin,
  Article,
  ArticleSummary,
  Banner,
  BannerAdmin,
  ContentDocument,
  DocumentAdmin,
  DocumentKey,
  Download,
  DownloadAdmin,
  HelpAdmin,
  HelpArticle,
  HelpSummary,
  HelpType,
} from '@platter/domain';
import { api, dataOf, isSuccess, type ApiAnswer, type QueryValue } from '../../api/index.ts';

/**
 * The content calls of the web app (spec doc 2 §7 'Home and content', 'Admin'). Public reads
 * are keyed by the interface language: the server answers in the language of the h9_lang
 * cookie, so a language switch fetches again. Reads throw on failure (TanStack Query shows
 * it); a missing item (212) reads as null. Writes return the envelope: the client has
 * already shown a business code's message.
 */

export interface Page<T> {
  list: T[];
  total: number;
}

export const PUBLIC_PAGE_SIZE = 10;
export const ADMIN_PAGE_SIZE = 20;

export const contentKeys = {
  all: ['content'] as const,
  public: (lang: string, ...rest: QueryValue[]) => ['content', 'public', lang, ...rest] as const,
  admin: (...rest: QueryValue[]) => ['content', 'admin', ...rest] as const,
};

async function read<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const data = dataOf(await answer);
  if (data === undefined) throw new Error(`${what}: no data`);
  return data;
}

/** The item, or null when the server answers 212 (it does not exist). */
async function readItem<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T | null> {
  const envelope = await answer;
  if ('code' in envelope && envelope.code === 212) return null;
  return read(Promise.resolve(envelope), what);
}

// public
/** Quiet like the home page's other figures: a banner that cannot load is simply not shown. */
export const fetchBanners = () => read(api.get<Banner[]>('/api/home/banner', { quiet: true }), 'banners');
export const fetchNotices = (page: number) => read(api.get<Page<ArticleSummary>>('/api/notice/list', { query: { page, count: PUBLIC_PAGE_SIZE } }), 'announcements');
export const fetchNotice = (id: string) => readItem(api.get<Article>('/api/notice/Content', { query: { id } }), 'announcement');
export const fetchHelpList = (type: HelpType, page: number) => read(api.get<Page<HelpSummary>>('/api/help/list', { query: { type, page, count: PUBLIC_PAGE_SIZE } }), 'help');
export const fetchHelpItem = (id: string) => readItem(api.get<HelpArticle>('/api/help/Content', { query: { id } }), 'help item');
export const fetchDownloads = () => read(api.get<Download[]>('/api/help/download'), 'downloads');
export const fetchDocument = (key: DocumentKey) => read(api.get<ContentDocument | null>('/api/help/document', { query: { key } }), key);

// back office
const adminPage = (page: number) => ({ page, count: ADMIN_PAGE_SIZE });
export const fetchAdminBanners = (page: number) => read(api.get<Page<BannerAdmin>>('/api/admin/BannerList', { query: adminPage(page) }), 'banners');
export const fetchAdminAnnouncements = (page: number) => read(api.get<Page<AnnouncementAdmin>>('/api/admin/getannouncementlist', { query: adminPage(page) }), 'announcements');
export const fetchAdminAnnouncement = (id: string) => readItem(api.get<AnnouncementAdmin>('/api/admin/getannouncementlistsome', { query: { id } }), 'announcement');
export const fetchAdminHelp = (page: number, type: HelpType | '') =>
  read(api.get<Page<HelpAdmin>>('/api/admin/GetHelpList', { query: { ...adminPage(page), type: type || undefined } }), 'help');
export const fetchAdminDownloads = (page: number) => read(api.get<Page<DownloadAdmin>>('/api/admin/DownloadList', { query: adminPage(page) }), 'downloads');
export const fetchAdminDocument = (key: DocumentKey) => read(api.get<DocumentAdmin | null>('/api/admin/GetDocument', { query: { key } }), key);

const write = <T>(path: string, body: unknown) => api.post<T>(path, body, { userTriggered: true });

/** The back office's writes by what they change; each answers the envelope. */
export const contentWrites = {
  addBanner: (body: unknown) => write<BannerAdmin>('/api/admin/AddBanner', body),
  updateBanner: (body: unknown) => write<BannerAdmin>('/api/admin/UpdateBanner', body),
  removeBanner: (id: string) => write<null>('/api/admin/RemoveBanner', { id }),
  addAnnouncement: (body: unknown) => write<AnnouncementAdmin>('/api/admin/addannouncement', body),
  updateAnnouncement: (body: unknown) => write<AnnouncementAdmin>('/api/admin/updateannouncement', body),
  deleteAnnouncement: (id: string) => api.delete<null>('/api/admin/deleteannouncement', undefined, { query: { id }, userTriggered: true }),
  addHelp: (body: unknown) => write<HelpAdmin>('/api/admin/AddHelp', body),
  updateHelp: (body: unknown) => write<HelpAdmin>('/api/admin/UpdateHelp', body),
  deleteHelp: (id: string) => write<null>('/api/admin/DeleteHelp', { id }),
  addDownload: (body: unknown) => write<DownloadAdmin>('/api/admin/AddDownload', body),
  updateDownload: (body: unknown) => write<DownloadAdmin>('/api/admin/UpdateDownload', body),
  removeDownload: (id: string) => write<null>('/api/admin/RemoveDownload', { id }),
  saveDocument: (body: unknown) => write<DocumentAdmin>('/api/admin/UpdateDocument', body),
};

export { isSuccess };
