import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX, isAdminWrite } from '../modules/admin/guard.ts';

/** Answers smaller than this go as they are: the headers would cost more than the saving. */
const MIN_BYTES = 1024;

/** The coding to use from an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return undefined;
}

/**
 * The API's JSON answers compressed when the client accepts it (brotli at a fast level, or
 * gzip): the home page's list and the coin settings are some 7 kB each and shrink to about a
 * fifth, which a phone on a slow network waits for before the figures show. The built web
 * files are compressed once at build time instead (web.ts); streams are sent as they are.
 * Reads only: a back-office write's own onSend check (admin/guard.ts, a route hook that runs
 * after this one) reads the answer's text to decide whether to audit it.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || Buffer.byteLength(payload) < MIN_BYTES) return payload;
    if (!request.url.startsWith('/api/') || reply.hasHeader('content-encoding')) return payload;
    const route = request.routeOptions.url ?? request.url;
    if (request.method !== 'GET' || (route.startsWith(ADMIN_PREFIX) && isAdminWrite(request.method, route))) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    if (typeof payload === 'string') return compress(Buffer.from(payload), encoding);
    // A stored answer (the public figures, the coin list) is one Buffer sent again and again:
    // compressed once per stored answer, not per request.
    let copies = stored.get(payload);
    if (!copies) stored.set(payload, (copies = {}));
    return (copies[encoding] ??= compress(payload, encoding));
  });
}

const stored = new WeakMap<Buffer, Partial<Record<'br' | 'gzip', Buffer>>>();

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}
