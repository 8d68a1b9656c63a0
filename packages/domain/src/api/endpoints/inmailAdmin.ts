import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { sendNotificationBody, sendNotificationIdsBody, sentNotificationPage, sentNotificationQuery } from '../inmailAdmin.ts';

export const adminInmailEndpoints = {
  sendNotification: endpoint({
    method: 'POST',
    path: '/api/admin/SendNotification',
    tags: ['admin'],
    summary: 'Sends a notification (title and HTML content in en, zh and ru) to every user, as a background job; audited',
    request: sendNotificationBody,
    response: z.object({ id: z.string(), total: z.number().int() }),
  }),
  sendNotificationIds: endpoint({
    method: 'POST',
    path: '/api/admin/SendNotificationIds',
    tags: ['admin'],
    summary: 'Sends a notification to the users with these uids, at once; an unknown uid refuses the call (203); audited',
    request: sendNotificationIdsBody,
    response: z.object({ id: z.string(), sent: z.number().int() }),
  }),
  getNotificationList: endpoint({
    method: 'GET',
    path: '/api/admin/GetNotificationList',
    tags: ['admin'],
    summary: 'The notifications sent, newest first, with each job’s progress (sent of total)',
    request: sentNotificationQuery,
    response: sentNotificationPage,
  }),
};
