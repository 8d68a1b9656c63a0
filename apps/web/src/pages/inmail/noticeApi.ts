import { adminInmailEndpoints, type MessageType, type SendNotificationBody } from '@platter/domain';
import { api } from '../../api/index.ts';

/** The back office's notifications (spec doc 2 §7 'Admin'): apart from inmailApi.ts, which the site's header loads. */

export type NoticeForm = Omit<SendNotificationBody, 'type'> & { type: MessageType };
export const sendNotification = (body: NoticeForm) => api.send(adminInmailEndpoints.sendNotification, body, { userTriggered: true });
export const sendNotificationIds = (body: NoticeForm & { ids: string[] }) => api.send(adminInmailEndpoints.sendNotificationIds, body, { userTriggered: true });

export const fetchNotices = (page: number) => api.call(adminInmailEndpoints.getNotificationList, { page, count: 10 });
