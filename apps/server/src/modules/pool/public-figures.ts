import { errorMessageByName, LANGS, type Lang } from '@platter/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Most answers kept at once (a key is a call and its query: page, pool, days). */
const MAX_ENTRIES = 256;

interface Entry {
  /** The success envelope serialised once per language, as the route's response schema encodes it. */
  body: Record<Lang, Buffer>;
  computedAt: number;
}

/**
 * The public figures every visitor loads (home list and capacity, found blocks, pool trends
 * and rankings) are computed at most once per refresh period per process and shared by
 * every request in that period: the first request after the period computes (requests
 * arriving meanwhile wait for the same computation), the others get the stored bytes. The
 * answer says how long it stays fresh (`Cache-Control: public, max-age`), so browsers and a
 * proxy in front keep it for the rest of the period too. `refreshSeconds` 0 computes every
 * time (no caching headers).
 */
export function publicFigures(options: { refreshSeconds: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const period = options.refreshSeconds * 1000;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry>>();

  async function compute(key: string, schema: z.ZodType, load: () => Promise<unknown>): Promise<Entry> {
    const data = await load();
    const body = {} as Record<Lang, Buffer>;
    for (const lang of LANGS) {
      const envelope = { code: 200, msg: errorMessageByName('OK', lang), data };
      body[lang] = Buffer.from(JSON.stringify(z.encode(schema, envelope)));
    }
    const entry = { body, computedAt: now() };
    if (period > 0) {
      entries.delete(key);
      entries.set(key, entry);
      // Oldest first in a Map: drop the least recently computed beyond the bound.
      for (const old of entries.keys()) {
        if (entries.size <= MAX_ENTRIES) break;
        entries.delete(old);
      }
    }
    return entry;
  }

  return {
    /**
     * Answers `key` from the stored figures while they are fresh, else computes them with
     * `load` (a failure is not stored: the next request tries again). `schema` is the
     * route's 200 envelope schema.
     */
    async send(request: FastifyRequest, reply: FastifyReply, key: string, schema: z.ZodType, load: () => Promise<unknown>) {
      const stored = entries.get(key);
      const fresh = stored && now() - stored.computedAt < period ? stored : undefined;
      let entry = fresh;
      if (!entry) {
        let running = pending.get(key);
        if (!running) {
          running = compute(key, schema, load).finally(() => pending.delete(key));
          pending.set(key, running);
        }
        entry = await running;
      }
      if (period > 0) {
        const left = Math.max(0, Math.ceil((entry.computedAt + period - now()) / 1000));
        reply.header('cache-control', `public, max-age=${left}`);
      }
      // The envelope's msg follows the caller's language (cookie, then Accept-Language).
      reply.header('vary', 'Accept-Language, Cookie');
      return reply.type('application/json; charset=utf-8').send(entry.body[request.lang]);
    },
    /** Forgets every stored answer (after a change the public should see at once). */
    clear(): void {
      entries.clear();
    },
  };
}

export type PublicFigures = ReturnType<typeof publicFigures>;
