import { useSyncExternalStore } from 'react';

/** Light and dark themes, the choice remembered in localStorage. */
export type ThemeMode = 'light' | 'dark';
export const THEME_KEY = 'h9_theme';

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

let mode: ThemeMode = readStored() ?? systemMode();
const listeners = new Set<() => void>();

export function getThemeMode(): ThemeMode {
  return mode;
}

export function setThemeMode(next: ThemeMode): void {
  mode = next;
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
  return useSyncExternalStore(subscribe, getThemeMode);
}
