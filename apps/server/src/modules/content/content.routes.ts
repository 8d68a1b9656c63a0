import {
  addAnnouncementBody,
  AppError,
  addBannerBody,
  addDownloadBody,
  addHelpBody,
  announcementAdminPage,
  announcementAdminSchema,
  articleSchema,
  bannerAdminPage,
  bannerAdminSchema,
  bannerSchema,
  contentIdQuery,
  documentAdminSchema,
  documentQuery,
  documentSchema,
  downloadAdminPage,
  downloadAdminSchema,
  downloadSchema,
  envelopeSchema,
  helpAdminPage,
  helpAdminSchema,
  helpArticleSchema,
  helpListQuery,
  helpPage,
  noticePage,
  pagingQuery,
  updateAnnouncementBody,
  updateBannerBody,
  updateDocumentBody,
  updateDownloadBody,
  updateHelpBody,
} from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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

const nothing = envelopeSchema(z.null());

/** The public content calls (spec doc 2 §7 'Home and content'), in the caller's language. */
export function publicContentRoutes(app: ZodApp, deps: Pick<Deps, 'db'>): void {
  const { db } = deps;
  const tags = ['content'];
  app.get(
    '/api/home/banner',
    { schema: { tags, summary: 'The home page’s banners showing now (active, inside their window), in order', response: { 200: envelopeSchema(z.array(bannerSchema)) } } },
    async (request) => ok(request, await banners.showing(db, request.lang)),
  );
  app.get(
    '/api/notice/list',
    { schema: { tags, summary: 'Announcements, newest first: title and a plain-text summary', querystring: pagingQuery, response: { 200: envelopeSchema(noticePage) } } },
    async (request) => ok(request, await announcements.list(db, request.lang, request.query)),
  );
  app.get(
    '/api/notice/Content',
    {
      schema: { tags, summary: 'One announcement with its sanitised HTML (212 when there is none)', querystring: contentIdQuery, response: { 200: envelopeSchema(articleSchema) } },
    },
    async (request) => ok(request, await announcements.content(db, request.lang, request.query.id)),
  );
  app.get(
    '/api/help/list',
    { schema: { tags, summary: 'Help items (FAQ and tutorials, or one type) in their order', querystring: helpListQuery, response: { 200: envelopeSchema(helpPage) } } },
    async (request) => ok(request, await help.list(db, request.lang, request.query)),
  );
  app.get(
    '/api/help/Content',
    {
      schema: {
        tags,
        summary: 'One help item with its sanitised HTML (212 when there is none)',
        querystring: contentIdQuery,
        response: { 200: envelopeSchema(helpArticleSchema) },
      },
    },
    async (request) => ok(request, await help.content(db, request.lang, request.query.id)),
  );
  app.get(
    '/api/help/download',
    { schema: { tags, summary: 'The download centre: the app and each coin’s tools', response: { 200: envelopeSchema(z.array(downloadSchema)) } } },
    async (request) => ok(request, await downloads.showing(db, request.lang)),
  );
  app.get(
    '/api/help/document',
    {
      schema: {
        tags,
        summary: 'The user agreement, privacy policy or support text (null until written)',
        querystring: documentQuery,
        response: { 200: envelopeSchema(documentSchema.nullable()) },
      },
    },
    async (request) => ok(request, await documents.show(db, request.lang, request.query.key)),
  );
}

/**
 * The content back office (spec doc 2 §7 'Admin'): admins and support staff read and edit
 * content; every change is audited. The spec lists AddBanner, UpdateBanner and RemoveBanner
 * as GET calls; they change data, so they are POST here, and their GET answers 2008 (WRITE_USE_POST).
 */
export function adminContentRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions } = deps;
  const tags = ['admin'];
  // Support staff and admins (the back office's guard checks the role first; this names the actor).
  const staff = async (request: FastifyRequest) => (await requireRole(sessions, request, 'support')).id;

  // banners
  app.get(
    '/api/admin/BannerList',
    {
      config: { role: 'support' },
      schema: { tags, summary: 'Every banner with every language, in order', querystring: pagingQuery, response: { 200: envelopeSchema(bannerAdminPage) } },
    },
    async (request) => {
      await staff(request);
      return ok(request, await banners.list(db, request.query));
    },
  );
  app.post(
    '/api/admin/AddBanner',
    {
      config: { role: 'support' },
      schema: {
        tags,
        summary: 'Adds a banner: image URL, link, order, active window, caption per language',
        body: addBannerBody,
        response: { 200: envelopeSchema(bannerAdminSchema) },
      },
    },
    async (request) => ok(request, await banners.add(db, await staff(request), request.body)),
  );
  app.post(
    '/api/admin/UpdateBanner',
    {
      config: { role: 'support' },
      schema: { tags, summary: 'Edits a banner (212 when there is none)', body: updateBannerBody, response: { 200: envelopeSchema(bannerAdminSchema) } },
    },
    async (request) => ok(request, await banners.update(db, await staff(request), request.body)),
  );
  app.post(
    '/api/admin/RemoveBanner',
    { config: { role: 'support' }, schema: { tags, summary: 'Removes a banner', body: contentIdQuery, response: { 200: nothing } } },
    async (request) => {
      await banners.remove(db, await staff(request), request.body.id);
      return ok(request, null);
    },
  );

  // The spec's GETs of the three banner writes (issue 20): nothing to read that BannerList does
  // not show, so a GET changes nothing and names the POST to use.
  for (const call of ['AddBanner', 'UpdateBanner', 'RemoveBanner']) {
    app.get(
      `/api/admin/${call}`,
      { config: { role: 'support' }, schema: { tags, summary: `The spec’s GET of ${call}: answers 2008 naming POST /api/admin/${call}; nothing changes` } },
      async () => {
        throw new AppError('WRITE_USE_POST', { method: 'POST', path: `/api/admin/${call}` });
      },
    );
  }

  // announcements
  app.get(
    '/api/admin/getannouncementlist',
    {
      config: { role: 'support' },
      schema: { tags, summary: 'Announcements with every language, newest first', querystring: pagingQuery, response: { 200: envelopeSchema(announcementAdminPage) } },
    },
    async (request) => {
      await staff(request);
      return ok(request, await announcements.adminList(db, request.query));
    },
  );
  app.get(
    '/api/admin/getannouncementlistsome',
    {
      config: { role: 'support' },
      schema: { tags, summary: 'One announcement with every language (the editor)', querystring: contentIdQuery, response: { 200: envelopeSchema(announcementAdminSchema) } },
    },
    async (request) => {
      await staff(request);
      return ok(request, await announcements.adminOne(db, request.query.id));
    },
  );
  app.post(
    '/api/admin/addannouncement',
    {
      config: { role: 'support' },
      schema: {
        tags,
        summary: 'Posts an announcement: title and HTML per language (en required), sanitised',
        body: addAnnouncementBody,
        response: { 200: envelopeSchema(announcementAdminSchema) },
      },
    },
    async (request) => ok(request, await announcements.add(db, await staff(request), request.body)),
  );
  app.post(
    '/api/admin/updateannouncement',
    { config: { role: 'support' }, schema: { tags, summary: 'Edits an announcement', body: updateAnnouncementBody, response: { 200: envelopeSchema(announcementAdminSchema) } } },
    async (request) => ok(request, await announcements.update(db, await staff(request), request.body)),
  );
  app.delete(
    '/api/admin/deleteannouncement',
    { config: { role: 'support' }, schema: { tags, summary: 'Deletes an announcement', querystring: contentIdQuery, response: { 200: nothing } } },
    async (request) => {
      await announcements.remove(db, await staff(request), request.query.id);
      return ok(request, null);
    },
  );

  // help items
  app.get(
    '/api/admin/GetHelpList',
    {
      config: { role: 'support' },
      schema: { tags, summary: 'Help items (or one type) with every language', querystring: helpListQuery, response: { 200: envelopeSchema(helpAdminPage) } },
    },
    async (request) => {
      await staff(request);
      return ok(request, await help.adminList(db, request.query));
    },
  );
  app.get(
    '/api/admin/GetHelpListSome',
    {
      config: { role: 'support' },
      schema: { tags, summary: 'One help item with every language (the editor)', querystring: contentIdQuery, response: { 200: envelopeSchema(helpAdminSchema) } },
    },
    async (request) => {
      await staff(request);
      return ok(request, await help.adminOne(db, request.query.id));
    },
  );
  app.post(
    '/api/admin/AddHelp',
    { config: { role: 'support' }, schema: { tags, summary: 'Adds a FAQ entry or tutorial', body: addHelpBody, response: { 200: envelopeSchema(helpAdminSchema) } } },
    async (request) => ok(request, await help.add(db, await staff(request), request.body)),
  );
  app.post(
    '/api/admin/UpdateHelp',
    { config: { role: 'support' }, schema: { tags, summary: 'Edits a help item', body: updateHelpBody, response: { 200: envelopeSchema(helpAdminSchema) } } },
    async (request) => ok(request, await help.update(db, await staff(request), request.body)),
  );
  app.post(
    '/api/admin/DeleteHelp',
    { config: { role: 'support' }, schema: { tags, summary: 'Deletes a help item', body: contentIdQuery, response: { 200: nothing } } },
    async (request) => {
      await help.remove(db, await staff(request), request.body.id);
      return ok(request, null);
    },
  );

  // download centre
  app.get(
    '/api/admin/DownloadList',
    {
      config: { role: 'support' },
      schema: { tags, summary: 'Download-centre links with every language', querystring: pagingQuery, response: { 200: envelopeSchema(downloadAdminPage) } },
    },
    async (request) => {
      await staff(request);
      return ok(request, await downloads.adminList(db, request.query));
    },
  );
  app.post(
    '/api/admin/AddDownload',
    {
      config: { role: 'support' },
      schema: { tags, summary: 'Adds a download link: the app, or a coin’s tool', body: addDownloadBody, response: { 200: envelopeSchema(downloadAdminSchema) } },
    },
    async (request) => ok(request, await downloads.add(db, await staff(request), request.body)),
  );
  app.post(
    '/api/admin/UpdateDownload',
    { config: { role: 'support' }, schema: { tags, summary: 'Edits a download link', body: updateDownloadBody, response: { 200: envelopeSchema(downloadAdminSchema) } } },
    async (request) => ok(request, await downloads.update(db, await staff(request), request.body)),
  );
  app.post(
    '/api/admin/RemoveDownload',
    { config: { role: 'support' }, schema: { tags, summary: 'Removes a download link', body: contentIdQuery, response: { 200: nothing } } },
    async (request) => {
      await downloads.remove(db, await staff(request), request.body.id);
      return ok(request, null);
    },
  );

  // the operator's texts
  app.get(
    '/api/admin/GetDocument',
    {
      config: { role: 'support' },
      schema: {
        tags,
        summary: 'The agreement, privacy or support text with every language (null until written)',
        querystring: documentQuery,
        response: { 200: envelopeSchema(documentAdminSchema.nullable()) },
      },
    },
    async (request) => {
      await staff(request);
      return ok(request, await documents.adminOne(db, request.query.key));
    },
  );
  app.post(
    '/api/admin/UpdateDocument',
    {
      config: { role: 'support' },
      schema: {
        tags,
        summary: 'Writes the agreement, privacy or support text (all languages at once)',
        body: updateDocumentBody,
        response: { 200: envelopeSchema(documentAdminSchema) },
      },
    },
    async (request) => ok(request, await documents.save(db, await staff(request), request.body)),
  );
}
