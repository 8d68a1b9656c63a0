import { createContext, useContext } from 'react';

/**
 * The watched user whose pool pages are shown (the /watcher page, issue 25): inside it the pool
 * pages read the observer calls for this uid and offer no action but the ones the watched user
 * granted. Outside it (undefined) they are the signed-in user's own pages.
 */
export interface WatchedView {
  uid: string;
  name: string;
  pools: string[];
  allowRemoveOffline: boolean;
}

export const WatchedContext = createContext<WatchedView | undefined>(undefined);

export const useWatched = (): WatchedView | undefined => useContext(WatchedContext);

/** The link to a pool section: the centre's own page, or the watcher page's view of the watched user. */
export function sectionLink(section: string, pool: string | undefined, watched: WatchedView | undefined): string {
  if (!watched) return `/center/${section}${pool ? `?pool=${encodeURIComponent(pool)}` : ''}`;
  const params = new URLSearchParams({ uid: watched.uid, view: section });
  if (pool) params.set('pool', pool);
  return `/watcher?${params.toString()}`;
}
