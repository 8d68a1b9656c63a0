import { useSyncExternalStore } from 'react';

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

/** Set by the prerender before it draws, and by main.tsx before it hydrates. */
export function setPrerendered(value: Prerendered | undefined): void {
  drawnFor = value;
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

const subscribeNothing = () => () => undefined;

/**
 * False in the prerender and in the render that hydrates it, true in every other render (React
 * draws again right after hydrating when the two differ). The prerender is drawn with no answer
 * yet; an answer that arrives before its part of the page hydrates (the pool list, asked for by
 * the frame, hydrated first) must still be drawn as the placeholder the page was sent with, or
 * React throws the page away and draws it anew (error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
