import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { userInfoQuery } from '../api/queries.ts';
import { isSignedIn, useAppState } from '../state/store.ts';
import { DelayedLoading } from './errors/DelayedLoading.tsx';
import { prerenderedSignedIn, useHydrated } from './prerendered.ts';

/** The login page (the account host's first address, spec doc 2 §1). */
export const LOGIN_PATH = '/request';
export const REGISTER_PATH = '/register';

/**
 * The signed-in state: user info with an e-mail (spec doc 2 §4). A page the server sent drawn
 * for a live session (the dashboard) is signed in while it hydrates (the store reads as empty
 * then) and until the user's info answers otherwise.
 */
export function useSignedIn(): boolean {
  const stored = isSignedIn(useAppState((state) => state.userInfo));
  const { isPending } = useQuery(userInfoQuery);
  const hydrated = useHydrated();
  return stored || (prerenderedSignedIn() && (isPending || !hydrated));
}

/**
 * Signed-in-only routes send a signed-out visitor to the login page. While the start-up
 * user-info call is still out and nothing is persisted, it waits instead of bouncing (a page
 * sent drawn for a live session shows its placeholders meanwhile).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const { isPending } = useQuery(userInfoQuery);
  const location = useLocation();
  if (signedIn) return children;
  if (isPending) return <DelayedLoading />;
  return <Navigate to={LOGIN_PATH} replace state={{ from: `${location.pathname}${location.search}` }} />;
}
