import { adminContentEndpoints, type DocumentKey, type Endpoint, type EndpointData, type EndpointInput, type HelpType } from '@platter/domain';
import { api, type ApiAnswer, type CallOptions } from '../../../api/index.ts';
import { ADMIN_PAGE_SIZE, readItem } from '../contentApi.ts';

/** The back office's content calls (spec doc 2 §7 'Admin'): apart from contentApi.ts so that the site's first load does not hold them. */

const adm = adminContentEndpoints;

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
