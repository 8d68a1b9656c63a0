import {
  envelopeSchema,
  getMessageQuery,
  messagePage,
  sentNotificationQuery,
  sentNotificationPage,
  readResultSchema,
  sendNotificationBody,
  sendNotificationIdsBody,
  setMessageReadAllBody,
  setMessageReadBody,
} from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { getMessages, noticeList, sendNotification, sendNotificationIds, setMessageRead, setMessageReadAll } from './inmail.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  /** Starts delivering a notice to every user now (the worker, or a run in this process). */
  kickNotices: () => void;
}

/** The user's in-site messages (spec doc 2 §7 'User and session'). */
export function inmailRoutes(app: ZodApp, deps: Pick<Deps, 'db' | 'sessions'>): void {
  const { db, sessions } = deps;
  const tags = ['messages'];
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  app.get(
    '/api/user/GetMessage',
    {
      schema: {
        tags,
        summary: 'The user’s in-site messages, newest first: page, count (1 to 200), status (2 unread, 1 read), type (all or one), id (one message)',
        querystring: getMessageQuery,
        response: { 200: envelopeSchema(messagePage) },
      },
    },
    async (request) => ok(request, await getMessages(db, await signedIn(request), request.query, request.lang)),
  );
  app.post(
    '/api/user/SetMessageRead',
    { schema: { tags, summary: 'Marks one of the user’s messages read (status 2 → 1)', body: setMessageReadBody, response: { 200: envelopeSchema(readResultSchema) } } },
    async (request) => ok(request, await setMessageRead(db, await signedIn(request), request.body.id)),
  );
  app.post(
    '/api/user/SetMessageReadAll',
    {
      schema: {
        tags,
        summary: 'Marks every unread message read (of one type, if given)',
        body: setMessageReadAllBody.optional(),
        response: { 200: envelopeSchema(readResultSchema) },
      },
    },
    async (request) => ok(request, await setMessageReadAll(db, await signedIn(request), request.body?.type ?? 'all')),
  );
}

/** Notifications from the back office (spec doc 2 §2 send_notice, §7 'Admin'); admin and support. */
export function adminInmailRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const tags = ['admin'];
  // Notifications are content: support sends them as well as admins (the guard checks the role first).
  const support = { role: 'support' as const };
  const staff = async (request: FastifyRequest) => (await requireRole(sessions, request, 'support')).id;

  app.post(
    '/api/admin/SendNotification',
    {
      config: support,
      schema: {
        tags,
        summary: 'Sends a notification (title and HTML content in en, zh and ru) to every user, as a background job; audited',
        body: sendNotificationBody,
        response: { 200: envelopeSchema(z.object({ id: z.string(), total: z.number().int() })) },
      },
    },
    async (request) => {
      const result = await sendNotification(db, await staff(request), request.body);
      deps.kickNotices();
      return ok(request, result);
    },
  );
  app.post(
    '/api/admin/SendNotificationIds',
    {
      config: support,
      schema: {
        tags,
        summary: 'Sends a notification to the users with these uids, at once; an unknown uid refuses the call (203); audited',
        body: sendNotificationIdsBody,
        response: { 200: envelopeSchema(z.object({ id: z.string(), sent: z.number().int() })) },
      },
    },
    async (request) => ok(request, await sendNotificationIds(db, await staff(request), request.body)),
  );
  app.get(
    '/api/admin/GetNotificationList',
    {
      config: support,
      schema: {
        tags,
        summary: 'The notifications sent, newest first, with each job’s progress (sent of total)',
        querystring: sentNotificationQuery,
        response: { 200: envelopeSchema(sentNotificationPage) },
      },
    },
    async (request) => {
      await staff(request);
      return ok(request, await noticeList(db, request.query.page, request.query.count, request.lang));
    },
  );
}
