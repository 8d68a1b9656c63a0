import { publicContentEndpoints, type DocumentKey, type HelpType } from '@platter/domain';
import { api, dataOf, isSuccess, type ApiAnswer, type QueryValue } from '../../api/index.ts';

/**
 * The content calls of the web app (spec doc 2 §7 'Home and content', 'Admin'). Public reads
 * are keyed by the interface language: the server answers in the language of the h9_lang
 * cookie, so a language switch fetches again. Reads throw on failure (TanStack Query shows
 * it); a missing item (212) reads as null. Writes return the envelope: the client has
 * already shown a business code's message. The back office's calls are in
 * admin/adminContentApi.ts, out of the site's first load.
 */

export const PUBLIC_PAGE_SIZE = 10;
export const ADMIN_PAGE_SIZE = 20;

export const contentKeys = {
  all: ['content'] as const,
  public: (lang: string, ...rest: QueryValue[]) => ['content', 'public', lang, ...rest] as const,
  admin: (...rest: QueryValue[]) => ['content', 'admin', ...rest] as const,
};

/** The item, or null when the server answers 212 (it does not exist). */
export async function readItem<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T | null> {
  const envelope = await answer;
  if ('code' in envelope && envelope.code === 212) return null;
  const data = dataOf(envelope);
  if (data === undefined) throw new Error(`${what}: no data`);
  return data;
}

const pub = publicContentEndpoints;

// public
/** Quiet like the home page's other figures: a banner that cannot load is simply not shown. */
export const fetchBanners = () => api.call(pub.banner, undefined, { quiet: true });
export const fetchNotices = (page: number) => api.call(pub.list, { page, count: PUBLIC_PAGE_SIZE });
export const fetchNotice = (id: string) => readItem(api.send(pub.content, { id }), 'announcement');
export const fetchHelpList = (type: HelpType, page: number) => api.call(pub.helpList, { type, page, count: PUBLIC_PAGE_SIZE });
export const fetchHelpItem = (id: string) => readItem(api.send(pub.helpContent, { id }), 'help item');
export const fetchDownloads = () => api.call(pub.download);
export const fetchDocument = (key: DocumentKey) => api.call(pub.document, { key });

export { isSuccess };
