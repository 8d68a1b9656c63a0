import fastifyStatic from '@fastify/static';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodApp } from './types.ts';

/**
 * Serves the built SPA: hashed assets cached for a year, every other GET that is not an API
 * or protocol path answered with index.html so that client-side routes load on refresh. The
 * build writes brotli and gzip copies beside each text file (vite.config.ts `precompress`);
 * the copy the browser accepts is sent, with `Vary: Accept-Encoding`.
 */
export async function registerWeb(app: ZodApp, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Not the build's own records (dist/.vite/manifest.json): only what the pages load.
      allowedPath: (pathName) => !isHidden(pathName),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}static${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Explicit routes for files at the root of dist (favicon, icons) come from the wildcard below.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (urlPath.startsWith('/api/')) return sendApiNotFound(request, reply);
      const candidate = path.join(root, path.normalize(urlPath));
      if (candidate.startsWith(root + path.sep) && !isHidden(urlPath) && isFile(candidate)) {
        return reply.sendFile(path.relative(root, candidate));
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') return sendApiNotFound(request, reply);
    return reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .send(built ? 'Not found' : `The web app is not built (${root}). Run: npm run build`);
  });
}

/** A path with a segment starting with a dot (.vite, .well-known files the build never writes). */
function isHidden(urlPath: string): boolean {
  return urlPath.split('/').some((segment) => segment.startsWith('.'));
}

function isFile(candidate: string): boolean {
  return statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** An unknown API path: outside the catalogue (no client calls it), but still in the reader's language. */
const API_NOT_FOUND = { en: 'No such API', zh: '沒有這個介面', ru: 'Такого API нет' } as const;

function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ code: 404, msg: API_NOT_FOUND[request.lang], data: null });
}
