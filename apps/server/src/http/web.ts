import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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
export async function registerWeb(app: ZodApp, webDist: string, options: WebOptions = {}): Promise<void> {
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
      // The page names the chunks of its path and language (and home's drawn first screen, its
      // width and theme), which vary with these headers.
      reply.header('vary', 'Accept-Language, Cookie, Accept-Encoding, User-Agent, Sec-CH-UA-Mobile');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const body = await page(urlPath, request.lang, await firstScreenOf(request, urlPath, options));
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

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressed off the event loop (zlib's thread pool): home's pages, with their first screen, are some 100 kB. */
async function compressed(html: string): Promise<Page> {
  const body = Buffer.from(html);
  const [br, gz] = await Promise.all([brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzipAsync(body, { level: 9 })]);
  return { html, br, gzip: gz };
}

export interface WebOptions {
  /** Whether a request carries a live session: the dashboard is sent drawn (signed-in-shaped) only then. */
  signedIn?: (request: FastifyRequest) => Promise<boolean>;
}

/** What a page's drawn first screen depends on beyond the language. */
export interface FirstScreen {
  /** A phone (User-Agent, or the Sec-CH-UA-Mobile hint): the phone layout is drawn. */
  mobile: boolean;
  /** The theme the reader chose (the h9_theme cookie), if any. */
  theme: 'light' | 'dark' | undefined;
  /** A live session: a signed-in-only page drawn signed-in-shaped can be sent. */
  signedIn?: boolean;
}

const MOBILE_AGENT = /Mobi|Android|iPhone|iPod/;

/** Paths whose first screen is drawn at build time (the web app's PRERENDERED_PATHS); all but `/` for a signed-in reader. */
const DRAWN_PATHS = new Set(['/', '/center/mining']);

async function firstScreenOf(request: FastifyRequest, urlPath: string, options: WebOptions): Promise<FirstScreen> {
  const hint = request.headers['sec-ch-ua-mobile'];
  const agent = request.headers['user-agent'] ?? '';
  const theme = request.cookies.h9_theme;
  const mobile = hint === '?1' || MOBILE_AGENT.test(agent);
  // The session is looked up only for a page that is sent drawn signed-in-shaped: to a phone (pageWithPreloads).
  const signedIn = mobile && urlPath !== '/' && DRAWN_PATHS.has(urlPath) && options.signedIn ? await options.signedIn(request) : false;
  return { mobile, theme: theme === 'light' || theme === 'dark' ? theme : undefined, signedIn };
}

/** A page's first screen drawn at build time (apps/web/src/prerender.tsx), per path, language and width. */
interface PrerenderedPage {
  id: string;
  path: string;
  lang: string;
  mobile: boolean;
  html: string;
  styles: string;
}

/** `<html lang>`: zh is Traditional Chinese (as the web app's HTML_LANG). */
const HTML_LANG: Partial<Record<string, string>> = { en: 'en', zh: 'zh-Hant', ru: 'ru' };

/**
 * A page with its first screen drawn in (#root[data-prerender], antd's styles in the head), which
 * the web app hydrates; for a reader who chose the dark theme, none (the light one would flash).
 * With no choice made, a dark system hides it until the app has drawn (data-prerender-auto).
 */
function withFirstScreen(html: string, drawn: PrerenderedPage, auto: boolean): string {
  const hide = auto ? '<style>@media (prefers-color-scheme: dark){#root[data-prerender-auto]{visibility:hidden}}</style>' : '';
  return html
    .replace(/<html lang="[^"]*">/, `<html lang="${HTML_LANG[drawn.lang] ?? drawn.lang}">`)
    .replace('</head>', `${drawn.styles}${hide}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-prerender="${drawn.id}"${auto ? ' data-prerender-auto' : ''}>${drawn.html}</div>`);
}

interface PreloadTable {
  routes: { path: string; exact: boolean; files: string[]; firstTextsOnly?: boolean }[];
  /** Each language's first-screen texts. */
  languages: Partial<Record<string, string[]>>;
  /** Each language's other texts: every page but those drawn with the first screen's alone (home) waits for them. */
  rests?: Partial<Record<string, string[]>>;
  /** The script that starts the app of a page sent drawn once it is painted (apps/web/src/loader.ts). */
  loader?: string;
}

const APP_SCRIPTS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/**
 * A page sent drawn is readable before any script runs: its scripts and their preloads go into
 * `<template id="app-scripts">`, inert, and the loader puts them into the page once the browser
 * has painted it (apps/web/src/loader.ts). Otherwise the app's scripts arrive beside the styles
 * and start before the first paint.
 */
export function withScriptsAfterPaint(html: string, loader: string): string {
  const scripts = html.match(APP_SCRIPTS) ?? [];
  return html
    .replace(APP_SCRIPTS, '')
    .replace('</head>', () => `<template id="app-scripts">${scripts.join('')}</template><script type="module" crossorigin src="/${loader}"></script></head>`);
}

/**
 * index.html with `<link rel="modulepreload">` (and `rel="preload" as="style"`) for the chunks
 * the path's first screen and the reader's language need, from the build's table
 * (dist/.vite/preload.json, vite.config.ts `preloadTable`): the browser fetches them beside the
 * entry chunk rather than a round trip after it has run. Without the table, index.html as built.
 * Each variant (language × the routes it matches: a handful) is made and compressed once; home's
 * variants with their first screen at start.
 */
export function pageWithPreloads(root: string): (urlPath: string, lang: string, screen?: FirstScreen) => Promise<Page> {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const tablePath = path.join(root, '.vite/preload.json');
  const table: PreloadTable = existsSync(tablePath) ? (JSON.parse(readFileSync(tablePath, 'utf8')) as PreloadTable) : { routes: [], languages: {} };
  const prerenderPath = path.join(root, '.vite/prerender.json');
  const prerendered = existsSync(prerenderPath) ? (JSON.parse(readFileSync(prerenderPath, 'utf8')) as PrerenderedPage[]) : [];
  const pages = new Map<string, Promise<Page>>();
  const page = (urlPath: string, lang: string, screen?: FirstScreen): Promise<Page> => {
    const routes = table.routes.filter((route) => urlPath === route.path || (!route.exact && urlPath.startsWith(`${route.path}/`)));
    // The dashboard is sent drawn to a phone only: on a desktop, hydrating it and then drawing the
    // data cost more than drawing it once (Lighthouse desktop 93 → 71).
    const drawable = urlPath === '/' || (screen?.signedIn === true && screen.mobile);
    const drawn =
      drawable && screen && screen.theme !== 'dark' ? prerendered.find((page) => page.path === urlPath && page.lang === lang && page.mobile === screen.mobile) : undefined;
    const auto = screen?.theme === undefined;
    const key = `${lang} ${routes.map((route) => route.path).join(' ')} ${drawn ? `${drawn.id}${auto ? ' auto' : ''}` : ''}`;
    let made = pages.get(key);
    if (made === undefined) {
      const rest = routes.some((route) => route.firstTextsOnly) ? [] : (table.rests?.[lang] ?? []);
      const files = new Set([...(table.languages[lang] ?? []), ...rest, ...routes.flatMap((route) => route.files)]);
      // A page sent drawn needs its route's styles before its first paint (a preload alone would
      // apply them when the route's chunk runs, moving what was drawn): those are stylesheets.
      const css = (file: string) => (drawn ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<link rel="preload" as="style" crossorigin href="/${file}">`);
      const links = [...files].map((file) => (file.endsWith('.css') ? css(file) : `<link rel="modulepreload" crossorigin href="/${file}">`));
      const withLinks = links.length === 0 ? html : html.replace('</head>', `${links.join('')}</head>`);
      made = compressed(drawn ? withFirstScreen(table.loader ? withScriptsAfterPaint(withLinks, table.loader) : withLinks, drawn, auto) : withLinks);
      pages.set(key, made);
    }
    return made;
  };
  // The drawn pages, made beside the start-up rather than on a first visit.
  for (const drawn of prerendered) for (const theme of [undefined, 'light'] as const) void page(drawn.path, drawn.lang, { mobile: drawn.mobile, theme, signedIn: true });
  return page;
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
