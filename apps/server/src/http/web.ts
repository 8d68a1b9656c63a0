import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from './compress.ts';
import type { ZodApp } from './types.ts';

/**
 * Serves the built SPA: hashed assets cached for a year, every other GET that is not an API
 * or protocol path answered with index.html so that client-side routes load on refresh. The
 * build writes brotli and gzip copies beside each text file (vite.config.ts `precompress`);
 * the copy the browser accepts is sent, with `Vary: Accept-Encoding`. The page itself names
 * the chunks its path and the reader's language need (`pageWithPreloads`), read once at start.
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
    const page = pageWithPreloads(root);
    // Explicit routes for files at the root of dist (favicon, icons) come from the wildcard below.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (urlPath.startsWith('/api/')) return sendApiNotFound(request, reply);
      const candidate = path.join(root, path.normalize(urlPath));
      if (candidate.startsWith(root + path.sep) && !isHidden(urlPath) && isFile(candidate)) {
        return reply.sendFile(path.relative(root, candidate));
      }
      reply.header('cache-control', 'no-cache');
      // The page names the chunks of its path and language, which vary with these headers.
      reply.header('vary', 'Accept-Language, Cookie, Accept-Encoding');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const body = page(urlPath, request.lang);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(encoding ? body[encoding] : body.html);
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

/** A page as sent: plain, and compressed once for the clients that accept brotli or gzip. */
interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function compressed(html: string): Page {
  const body = Buffer.from(html);
  return { html, br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(body, { level: 9 }) };
}

interface PreloadTable {
  routes: { path: string; exact: boolean; files: string[]; firstTextsOnly?: boolean }[];
  /** Each language's first-screen texts. */
  languages: Partial<Record<string, string[]>>;
  /** Each language's other texts: every page but those drawn with the first screen's alone (home) waits for them. */
  rests?: Partial<Record<string, string[]>>;
}

/**
 * index.html with `<link rel="modulepreload">` (and `rel="preload" as="style"`) for the chunks
 * the path's first screen and the reader's language need, from the build's table
 * (dist/.vite/preload.json, vite.config.ts `preloadTable`): the browser fetches them beside the
 * entry chunk rather than a round trip after it has run. Without the table, index.html as built.
 * Each variant (language × the routes it matches: a handful) is made and compressed once.
 */
export function pageWithPreloads(root: string): (urlPath: string, lang: string) => Page {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const tablePath = path.join(root, '.vite/preload.json');
  const table: PreloadTable = existsSync(tablePath) ? (JSON.parse(readFileSync(tablePath, 'utf8')) as PreloadTable) : { routes: [], languages: {} };
  const pages = new Map<string, Page>();
  return (urlPath, lang) => {
    const routes = table.routes.filter((route) => urlPath === route.path || (!route.exact && urlPath.startsWith(`${route.path}/`)));
    const key = `${lang} ${routes.map((route) => route.path).join(' ')}`;
    let page = pages.get(key);
    if (page === undefined) {
      const rest = routes.some((route) => route.firstTextsOnly) ? [] : (table.rests?.[lang] ?? []);
      const files = new Set([...(table.languages[lang] ?? []), ...rest, ...routes.flatMap((route) => route.files)]);
      const links = [...files].map((file) =>
        file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="/${file}">` : `<link rel="modulepreload" crossorigin href="/${file}">`,
      );
      page = compressed(links.length === 0 ? html : html.replace('</head>', `${links.join('')}</head>`));
      pages.set(key, page);
    }
    return page;
  };
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
