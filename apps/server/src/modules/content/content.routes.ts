import { adminContentEndpoints, AppError, publicContentEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { announcements, banners, documents, downloads, help } from './content.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
}

/** The public content calls (spec doc 2 §7 'Home and content'), in the caller's language. */
export function publicContentRoutes(app: ZodApp, deps: Pick<Deps, 'db'>): void {
  const { db } = deps;
  route(app, publicContentEndpoints.banner, {}, async (request) => ok(request, await banners.showing(db, request.lang)));
  route(app, publicContentEndpoints.list, {}, async (request) => ok(request, await announcements.list(db, request.lang, request.query)));
  route(app, publicContentEndpoints.content, {}, async (request) => ok(request, await announcements.content(db, request.lang, request.query.id)));
  route(app, publicContentEndpoints.helpList, {}, async (request) => ok(request, await help.list(db, request.lang, request.query)));
  route(app, publicContentEndpoints.helpContent, {}, async (request) => ok(request, await help.content(db, request.lang, request.query.id)));
  route(app, publicContentEndpoints.download, {}, async (request) => ok(request, await downloads.showing(db, request.lang)));
  route(app, publicContentEndpoints.document, {}, async (request) => ok(request, await documents.show(db, request.lang, request.query.key)));
}

/**
 * The content back office (spec doc 2 §7 'Admin'): admins and support staff read and edit
 * content; every change is audited. The spec lists AddBanner, UpdateBanner and RemoveBanner
 * as GET calls; they change data, so they are POST here, and their GET answers 2008 (WRITE_USE_POST).
 */
export function adminContentRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  // Support staff and admins (the back office's guard checks the role first; this names the actor).
  const staff = async (request: FastifyRequest) => (await requireRole(sessions, request, 'support')).id;

  // banners
  route(app, adminContentEndpoints.bannerList, { config: { role: 'support' } }, async (request) => {
    await staff(request);
    return ok(request, await banners.list(db, request.query));
  });
  route(app, adminContentEndpoints.addBanner, { config: { role: 'support' } }, async (request) => ok(request, await banners.add(db, await staff(request), request.body)));
  route(app, adminContentEndpoints.updateBanner, { config: { role: 'support' } }, async (request) => ok(request, await banners.update(db, await staff(request), request.body)));
  route(app, adminContentEndpoints.removeBanner, { config: { role: 'support' } }, async (request) => {
    await banners.remove(db, await staff(request), request.body.id);
    return ok(request, null);
  });

  // The spec's GETs of the three banner writes (issue 20): nothing to read that BannerList does
  // not show, so a GET changes nothing and names the POST to use.
  for (const endpoint of [adminContentEndpoints.addBannerRead, adminContentEndpoints.updateBannerRead, adminContentEndpoints.removeBannerRead]) {
    route(app, endpoint, { config: { role: 'support' } }, async () => {
      throw new AppError('WRITE_USE_POST', { method: 'POST', path: endpoint.path });
    });
  }

  // announcements
  route(app, adminContentEndpoints.getannouncementlist, { config: { role: 'support' } }, async (request) => {
    await staff(request);
    return ok(request, await announcements.adminList(db, request.query));
  });
  route(app, adminContentEndpoints.getannouncementlistsome, { config: { role: 'support' } }, async (request) => {
    await staff(request);
    return ok(request, await announcements.adminOne(db, request.query.id));
  });
  route(app, adminContentEndpoints.addannouncement, { config: { role: 'support' } }, async (request) =>
    ok(request, await announcements.add(db, await staff(request), request.body)),
  );
  route(app, adminContentEndpoints.updateannouncement, { config: { role: 'support' } }, async (request) =>
    ok(request, await announcements.update(db, await staff(request), request.body)),
  );
  route(app, adminContentEndpoints.deleteannouncement, { config: { role: 'support' } }, async (request) => {
    await announcements.remove(db, await staff(request), request.query.id);
    return ok(request, null);
  });

  // help items
  route(app, adminContentEndpoints.getHelpList, { config: { role: 'support' } }, async (request) => {
    await staff(request);
    return ok(request, await help.adminList(db, request.query));
  });
  route(app, adminContentEndpoints.getHelpListSome, { config: { role: 'support' } }, async (request) => {
    await staff(request);
    return ok(request, await help.adminOne(db, request.query.id));
  });
  route(app, adminContentEndpoints.addHelp, { config: { role: 'support' } }, async (request) => ok(request, await help.add(db, await staff(request), request.body)));
  route(app, adminContentEndpoints.updateHelp, { config: { role: 'support' } }, async (request) => ok(request, await help.update(db, await staff(request), request.body)));
  route(app, adminContentEndpoints.deleteHelp, { config: { role: 'support' } }, async (request) => {
    await help.remove(db, await staff(request), request.body.id);
    return ok(request, null);
  });

  // download centre
  route(app, adminContentEndpoints.downloadList, { config: { role: 'support' } }, async (request) => {
    await staff(request);
    return ok(request, await downloads.adminList(db, request.query));
  });
  route(app, adminContentEndpoints.addDownload, { config: { role: 'support' } }, async (request) => ok(request, await downloads.add(db, await staff(request), request.body)));
  route(app, adminContentEndpoints.updateDownload, { config: { role: 'support' } }, async (request) => ok(request, await downloads.update(db, await staff(request), request.body)));
  route(app, adminContentEndpoints.removeDownload, { config: { role: 'support' } }, async (request) => {
    await downloads.remove(db, await staff(request), request.body.id);
    return ok(request, null);
  });

  // the operator's texts
  route(app, adminContentEndpoints.getDocument, { config: { role: 'support' } }, async (request) => {
    await staff(request);
    return ok(request, await documents.adminOne(db, request.query.key));
  });
  route(app, adminContentEndpoints.updateDocument, { config: { role: 'support' } }, async (request) => ok(request, await documents.save(db, await staff(request), request.body)));
}
