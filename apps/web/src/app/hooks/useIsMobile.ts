import { useSyncExternalStore } from 'react';
import { isMobileWidth, MOBILE_MAX_WIDTH } from '../../lib/device.ts';
import { prerenderedMobile } from '../prerendered.ts';

const QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
  media?.addEventListener('change', onChange);
  window.addEventListener('resize', onChange);
  return () => {
    media?.removeEventListener('change', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/**
 * The window's width, read when this module loads (the drawn page is laid out then, before it
 * hydrates) and again after each resize: reading `innerWidth` in a phone's browser (a viewport
 * meta tag) lays the page out first, and React reads the snapshot right after it has committed,
 * when the page has changed — after hydrating the drawn home page that was a full layout inside
 * the task that runs the effects (some 50 ms on a throttled phone).
 */
let width = typeof window === 'undefined' ? 0 : window.innerWidth;
if (typeof window !== 'undefined') window.addEventListener('resize', () => (width = window.innerWidth));

function snapshot(): boolean {
  return isMobileWidth(width);
}

/** True at a window width of 992 px or less (spec doc 2 §2), updated on resize. */
export function useIsMobile(): boolean {
  // The prerendered first screen (and the render that hydrates it) is drawn for the width it names.
  return useSyncExternalStore(subscribe, snapshot, prerenderedMobile);
}
