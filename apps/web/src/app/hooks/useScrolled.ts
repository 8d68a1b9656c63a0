import { useSyncExternalStore } from 'react';
import { isScrolledPast } from '../../lib/device.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

function snapshot(): boolean {
  return isScrolledPast(window.scrollY);
}

/** True once the page is scrolled more than 50 px (spec doc 2 §2, §9). */
export function useScrolled(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
