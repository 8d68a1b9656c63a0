import { startTransition, useEffect, useState } from 'react';

/**
 * The first screen drawn into the page at build time (src/prerender.tsx, served by the server
 * for `/` and, to a reader with a live session, `/center/mining`): what it was drawn for, so
 * that the client's first render — the one that hydrates it — draws the same.
 * `#root[data-prerender="<lang>-<desktop|mobile>"]` names home's, `…@/center/mining` the dashboard's.
 */
export interface Prerendered {
  lang: string;
  /** Drawn for a phone: under 768 px (the phone header and the data tables' cards); otherwise for a desktop, over 992 px. */
  mobile: boolean;
  /** The path drawn: `/` (signed out) or a centre page (signed-in-shaped, with none of the user's data). */
  path: string;
}

/** The pages drawn at build time. */
export const PRERENDERED_PATHS = ['/', '/center/mining'] as const;

let drawnFor: Prerendered | undefined;
/** While the drawn page is shown: from hydrating it until the reader moves to another path. */
let drawnShown = false;

/** Set by the prerender before it draws, and by main.tsx before it hydrates. */
export function setPrerendered(value: Prerendered | undefined): void {
  drawnFor = value;
  drawnShown = value !== undefined;
}

/** Whether a part mounting now may be hydrating the drawn page (in the prerender: always). */
function mayBeHydrating(): boolean {
  if (drawnShown && drawnFor && typeof window !== 'undefined' && window.location.pathname !== drawnFor.path) drawnShown = false;
  return drawnShown;
}

/** Whether the first screen was drawn for a phone (the server snapshot of useIsMobile and of the data tables' phone width). */
export function prerenderedMobile(): boolean {
  return drawnFor?.mobile ?? false;
}

/**
 * Whether the page was drawn for a signed-in reader (a centre page: the server sends it only
 * with a live session). Until the user's info has answered, the frame keeps that shape
 * (`useSignedIn`) instead of flashing the signed-out one.
 */
export function prerenderedSignedIn(): boolean {
  return drawnFor !== undefined && drawnFor.path !== '/';
}

export function prerenderAttribute(value: Prerendered): string {
  return `${value.lang}-${value.mobile ? 'mobile' : 'desktop'}${value.path === '/' ? '' : `@${value.path}`}`;
}

export function parsePrerenderAttribute(value: string | undefined): Prerendered | undefined {
  const match = /^(\w+)-(desktop|mobile)(?:@(\/[\w/]+))?$/.exec(value ?? '');
  return match?.[1] ? { lang: match[1], mobile: match[2] === 'mobile', path: match[3] ?? '/' } : undefined;
}

/**
 * `drawn` in the prerender and in the render that hydrates it, `live` in every other render. A
 * part that hydrates the drawn page turns to `live` right after, in a transition: drawn in
 * slices React can interrupt, where a store's server snapshot (useSyncExternalStore) made it
 * one blocking redraw of every part that read one — on the dashboard the frame, the pool's
 * page with its queries and the cards below, some 0.3–0.5 s on a throttled phone. A part that
 * mounts later on the drawn page turns the same way (no harm, a render later); once the reader
 * has moved to another path, every part draws `live` at once.
 */
export function useAfterHydration<T>(live: T, drawn: T): T {
  const [hydrating, setHydrating] = useState(mayBeHydrating);
  useEffect(() => {
    if (hydrating) startTransition(() => setHydrating(false));
  }, [hydrating]);
  return hydrating ? drawn : live;
}

/**
 * False in the prerender and in the render that hydrates it, true in every other render (React
 * draws again right after hydrating when the two differ). The prerender is drawn with no answer
 * yet; an answer that arrives before its part of the page hydrates (the pool list, asked for by
 * the frame, hydrated first) must still be drawn as the placeholder the page was sent with, or
 * React throws the page away and draws it anew (error #418).
 */
export function useHydrated(): boolean {
  return useAfterHydration(true, false);
}
