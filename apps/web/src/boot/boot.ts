import { needsLegacyBundle, needsRetinaBundle } from '../lib/device.ts';
import { clearSessionCache } from '../state/store.ts';
import { getThemeMode } from '../state/theme.ts';

/**
 * Before the first render (spec doc 2 §4 'Page loading', §9): clear the session cache key,
 * then load the retina-phone bundle or the old-browser bundle when the device needs it.
 */
export async function boot(): Promise<void> {
  clearSessionCache();
  // The remembered theme before the first paint, so a dark page never flashes white.
  document.documentElement.dataset.theme = getThemeMode();
  const loads: Promise<void>[] = [];
  if (needsLegacyBundle(globalThis)) {
    loads.push(import('./legacy.ts').then((m) => m.installLegacySupport()));
  }
  if (needsRetinaBundle(window.devicePixelRatio || 1, window.innerWidth)) {
    loads.push(import('./retina.ts').then((m) => m.applyRetina()));
  }
  // A bundle that fails to load must not keep the app from starting.
  await Promise.allSettled(loads);
}
