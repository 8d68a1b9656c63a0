import { createElement, lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
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

/** A lazy page whose code can be asked for ahead of its first render. */
export interface PreloadablePage<P extends object> {
  Page: ComponentType<P>;
  /** Starts loading the code (and the texts) once; resolves when they are there, never fails. */
  ready: () => Promise<void>;
}

/**
 * A lazyPage that, once its code is there (`ready`), is drawn at once rather than through
 * React.lazy, which suspends on its first render even then: a page sent drawn (main.tsx) is
 * hydrated with every part in place, none left dehydrated while the data arrives (that part
 * would be drawn anew, its place empty meanwhile).
 */
export function preloadablePage<P extends object>(load: () => Promise<ComponentType<P>>, options: { texts?: 'all' | 'first' } = {}): PreloadablePage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> =>
    (loading ??= Promise.all([load(), options.texts === 'first' ? undefined : languageComplete(i18n.language)]).then(
      ([page]) => (loaded = page),
      (error: unknown) => {
        // Tried again on the next render (the boundary's refresh).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazyPage(start, options);
  function Page(props: P) {
    // Chosen once per mounted page: turning from the lazy component to the loaded one would mount it anew.
    const [Loaded] = useState<ComponentType<P> | undefined>(() => loaded);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  return {
    Page,
    ready: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  };
}
