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

function snapshot(): boolean {
  return isMobileWidth(window.innerWidth);
}

/** True at a window width of 992 px or less (spec doc 2 §2), updated on resize. */
export function useIsMobile(): boolean {
  // The prerendered first screen (and the render that hydrates it) is drawn for the width it names.
  return useSyncExternalStore(subscribe, snapshot, prerenderedMobile);
}
