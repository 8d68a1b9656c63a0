import { useSyncExternalStore } from 'react';
import { isScrolledPast } from '../../lib/device.ts';

/**
 * The scroll state is read in the scroll event (and once after the first reader subscribes),
 * not in every render: reading window.scrollY while React renders or commits makes the browser
 * lay the page out there and then, a forced layout inside the first screen's long tasks.
 */
let scrolled = false;
const listeners = new Set<() => void>();

function read(): void {
  const now = isScrolledPast(window.scrollY);
  if (now === scrolled) return;
  scrolled = now;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('scroll', read, { passive: true });
  listeners.add(onChange);
  // A page opened scrolled (back navigation, an anchor): read once, after the commit.
  const frame = requestAnimationFrame(read);
  return () => {
    cancelAnimationFrame(frame);
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('scroll', read);
  };
}

function snapshot(): boolean {
  return scrolled;
}

/** True once the page is scrolled more than 50 px (spec doc 2 §2, §9). */
export function useScrolled(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
