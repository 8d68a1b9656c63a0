import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
 * the boundary shows 'Loaded Error!' with a refresh button rather than a render error.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (cause) {
      throw new ChunkLoadError(cause);
    }
  });
}
