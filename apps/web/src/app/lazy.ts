import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import i18n, { languageComplete } from '../i18n/index.ts';

/** A route chunk that failed to load (offline, or a deploy replaced the files). */
export class ChunkLoadError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * React.lazy over a route group's chunk; a failed import becomes a ChunkLoadError so that
 * the boundary shows 'Loaded Error!' with a refresh button rather than a render error. The
 * page waits for the shown language's other texts too (i18n/lang/<lang>.rest.ts) — except a
 * page drawn only with the first screen's (`texts: 'first'`: home), which does not wait.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, options: { texts?: 'all' | 'first' } = {}): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      const [page] = await Promise.all([load(), options.texts === 'first' ? undefined : languageComplete(i18n.language)]);
      return { default: page };
    } catch (cause) {
      throw new ChunkLoadError(cause);
    }
  });
}
