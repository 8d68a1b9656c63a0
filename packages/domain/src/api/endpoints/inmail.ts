import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  getMessageQuery,
  messagePage,
  readResultSchema,
  sendNotificationBody,
  sendNotificationIdsBody,
  sentNotificationPage,
  sentNotificationQuery,
  setMessageReadAllBody,
  setMessageReadBody,
} from '../inmail.ts';

export const inmailEndpoints = {
  getMessage: endpoint({
    method: 'GET',
    path: '/api/user/GetMessage',
    tags: ['messages'],
    summary: 'The user’s in-site messages, newest first: page, count (1 to 200), status (2 unread, 1 read), type (all or one), id (one message)',
    request: getMessageQuery,
    response: messagePage,
  }),
  setMessageRead: endpoint({
    method: 'POST',
    path: '/api/user/SetMessageRead',
    tags: ['messages'],
    summary: 'Marks one of the user’s messages read (status 2 → 1)',
    request: setMessageReadBody,
    response: readResultSchema,
  }),
  setMessageReadAll: endpoint({
    method: 'POST',
    path: '/api/user/SetMessageReadAll',
    tags: ['messages'],
    summary: 'Marks every unread message read (of one type, if given)',
    request: setMessageReadAllBody.optional(),
    response: readResultSchema,
  }),
};

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
