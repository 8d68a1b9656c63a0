import { LANG_COOKIE, resolveLang, type Lang } from '@platter/domain';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language: the h9_lang cookie, then Accept-Language, then en. */
    lang: Lang;
  }
}

export function registerLang(app: FastifyInstance): void {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = resolveLang(request.cookies[LANG_COOKIE], request.headers['accept-language']);
  });
}
