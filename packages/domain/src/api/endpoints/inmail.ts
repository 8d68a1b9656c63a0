import { endpoint } from '../endpoint.ts';
import { getMessageQuery, messagePage, readResultSchema, setMessageReadAllBody, setMessageReadBody } from '../inmail.ts';

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
