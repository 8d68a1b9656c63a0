import { adminContentEndpoints, publicContentEndpoints, type DocumentKey, type Endpoint, type EndpointData, type EndpointInput, type HelpType } from '@platter/domain';
import { api, dataOf, isSuccess, type ApiAnswer, type CallOptions, type QueryValue } from '../../api/index.ts';

/**
 * The content calls of the web app (spec doc 2 §7 'Home and content', 'Admin'). Public reads
 * are keyed by the interface language: the server answers in the language of the h9_lang
 * cookie, so a language switch fetches again. Reads throw on failure (TanStack Query shows
 * it); a missing item (212) reads as null. Writes return the envelope: the client has
 * already shown a business code's message.
 */

export const PUBLIC_PAGE_SIZE = 10;
export const ADMIN_PAGE_SIZE = 20;

export const contentKeys = {
  all: ['content'] as const,
  public: (lang: string, ...rest: QueryValue[]) => ['content', 'public', lang, ...rest] as const,
  admin: (...rest: QueryValue[]) => ['content', 'admin', ...rest] as const,
};

/** The item, or null when the server answers 212 (it does not exist). */
async function readItem<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T | null> {
  const envelope = await answer;
  if ('code' in envelope && envelope.code === 212) return null;
  const data = dataOf(envelope);
  if (data === undefined) throw new Error(`${what}: no data`);
  return data;
}

const pub = publicContentEndpoints;
const adm = adminContentEndpoints;

// public
/** Quiet like the home page's other figures: a banner that cannot load is simply not shown. */
export const fetchBanners = () => api.call(pub.banner, undefined, { quiet: true });
export const fetchNotices = (page: number) => api.call(pub.list, { page, count: PUBLIC_PAGE_SIZE });
export const fetchNotice = (id: string) => readItem(api.send(pub.content, { id }), 'announcement');
export const fetchHelpList = (type: HelpType, page: number) => api.call(pub.helpList, { type, page, count: PUBLIC_PAGE_SIZE });
export const fetchHelpItem = (id: string) => readItem(api.send(pub.helpContent, { id }), 'help item');
export const fetchDownloads = () => api.call(pub.download);
export const fetchDocument = (key: DocumentKey) => api.call(pub.document, { key });

// back office
const adminPage = (page: number) => ({ page, count: ADMIN_PAGE_SIZE });
export const fetchAdminBanners = (page: number) => api.call(adm.bannerList, adminPage(page));
export const fetchAdminAnnouncements = (page: number) => api.call(adm.getannouncementlist, adminPage(page));
export const fetchAdminAnnouncement = (id: string) => readItem(api.send(adm.getannouncementlistsome, { id }), 'announcement');
export const fetchAdminHelp = (page: number, type: HelpType | '') => api.call(adm.getHelpList, { ...adminPage(page), type: type || undefined });
export const fetchAdminDownloads = (page: number) => api.call(adm.downloadList, adminPage(page));
export const fetchAdminDocument = (key: DocumentKey) => api.call(adm.getDocument, { key });

/** A form's checked values: the add's or, with the id, the update's (one form serves both). */
type Body<E extends keyof typeof adm> = EndpointInput<(typeof adm)[E]>;
type Form<A extends keyof typeof adm, U extends keyof typeof adm> = Body<A> | Body<U>;
const write = <E extends Endpoint>(endpoint: E, body: unknown) =>
  (api.send as (e: E, input: unknown, options: CallOptions) => Promise<ApiAnswer<EndpointData<E>>>)(endpoint, body, { userTriggered: true });

/** The back office's writes by what they change; each answers the envelope (the server's schema checks the form). */
export const contentWrites = {
  addBanner: (body: Form<'addBanner', 'updateBanner'>) => write(adm.addBanner, body),
  updateBanner: (body: Form<'addBanner', 'updateBanner'>) => write(adm.updateBanner, body),
  removeBanner: (id: string) => write(adm.removeBanner, { id }),
  addAnnouncement: (body: Form<'addannouncement', 'updateannouncement'>) => write(adm.addannouncement, body),
  updateAnnouncement: (body: Form<'addannouncement', 'updateannouncement'>) => write(adm.updateannouncement, body),
  deleteAnnouncement: (id: string) => write(adm.deleteannouncement, { id }),
  addHelp: (body: Form<'addHelp', 'updateHelp'>) => write(adm.addHelp, body),
  updateHelp: (body: Form<'addHelp', 'updateHelp'>) => write(adm.updateHelp, body),
  deleteHelp: (id: string) => write(adm.deleteHelp, { id }),
  addDownload: (body: Form<'addDownload', 'updateDownload'>) => write(adm.addDownload, body),
  updateDownload: (body: Form<'addDownload', 'updateDownload'>) => write(adm.updateDownload, body),
  removeDownload: (id: string) => write(adm.removeDownload, { id }),
  saveDocument: (body: Body<'updateDocument'>) => write(adm.updateDocument, body),
};

export { isSuccess };
