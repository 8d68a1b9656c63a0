import { adminInmailEndpoints, inmailEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { FastifyRequest } from 'fastify';
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
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  route(app, inmailEndpoints.getMessage, {}, async (request) => ok(request, await getMessages(db, await signedIn(request), request.query, request.lang)));
  route(app, inmailEndpoints.setMessageRead, {}, async (request) => ok(request, await setMessageRead(db, await signedIn(request), request.body.id)));
  route(app, inmailEndpoints.setMessageReadAll, {}, async (request) => ok(request, await setMessageReadAll(db, await signedIn(request), request.body?.type ?? 'all')));
}

/** Notifications from the back office (spec doc 2 §2 send_notice, §7 'Admin'); admin and support. */
export function adminInmailRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  // Notifications are content: support sends them as well as admins (the guard checks the role first).
  const support = { role: 'support' as const };
  const staff = async (request: FastifyRequest) => (await requireRole(sessions, request, 'support')).id;

  route(app, adminInmailEndpoints.sendNotification, { config: support }, async (request) => {
    const result = await sendNotification(db, await staff(request), request.body);
    deps.kickNotices();
    return ok(request, result);
  });
  route(app, adminInmailEndpoints.sendNotificationIds, { config: support }, async (request) => ok(request, await sendNotificationIds(db, await staff(request), request.body)));
  route(app, adminInmailEndpoints.getNotificationList, { config: support }, async (request) => {
    await staff(request);
    return ok(request, await noticeList(db, request.query.page, request.query.count, request.lang));
  });
}
