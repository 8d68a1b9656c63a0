import { useSyncExternalStore } from 'react';
import { writeCookie } from '../lib/cookies.ts';

/** Light and dark themes, the choice remembered in localStorage. */
export type ThemeMode = 'light' | 'dark';
export const THEME_KEY = 'h9_theme';
/**
 * The chosen theme, also in a cookie of the same name: the server sends the home page with its
 * first screen drawn in the light theme (src/prerender.tsx) unless the reader chose dark.
 */
export const THEME_COOKIE = 'h9_theme';

function rememberInCookie(value: ThemeMode): void {
  if (typeof document !== 'undefined') writeCookie(THEME_COOKIE, value, { days: 365, path: '/' });
}

export function parseThemeMode(value: string | null | undefined): ThemeMode | undefined {
  return value === 'light' || value === 'dark' ? value : undefined;
}

function systemMode(): ThemeMode {
  try {
    return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

function readStored(): ThemeMode | undefined {
  try {
    return parseThemeMode(globalThis.localStorage?.getItem(THEME_KEY));
  } catch {
    return undefined;
  }
}

const stored = readStored();
let mode: ThemeMode = stored ?? systemMode();
// A choice made before the cookie existed reaches the server from the next page on.
if (stored) rememberInCookie(stored);
const listeners = new Set<() => void>();

export function getThemeMode(): ThemeMode {
  return mode;
}

export function setThemeMode(next: ThemeMode): void {
  mode = next;
  rememberInCookie(next);
  try {
    globalThis.localStorage?.setItem(THEME_KEY, next);
  } catch {
    // blocked storage: the choice lasts for this page only
  }
  for (const listener of listeners) listener();
}

export function toggleThemeMode(): void {
  setThemeMode(mode === 'dark' ? 'light' : 'dark');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeMode(): ThemeMode {
  // The server snapshot is the prerender's (light: nothing stored there) and the hydrating render's
  // (main.tsx hydrates a light page only).
  return useSyncExternalStore(subscribe, getThemeMode, getThemeMode);
}
