import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { coinsQuery, poolsQuery, userInfoQuery } from '../api/queries.ts';
import { ROUTES } from './links.ts';
import { isAdminPath } from './routeTable.ts';
import { useFinishLogout } from './session.tsx';

/**
 * On start (spec doc 2 §4): user info, the coin list and the pool list are loaded. A user
 * whose info carries redirect_url is sent to the admin area (once per answer, so an admin
 * can still browse the site afterwards). It also finishes a logout (see useLogout).
 */
export function StartupSync() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  const { data: userInfo } = useQuery(userInfoQuery);
  useQuery(coinsQuery);
  useQuery(poolsQuery);
  useFinishLogout();
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (userInfo?.redirect_url && !isAdminPath(pathnameRef.current)) void navigate(ROUTES.admin);
  }, [userInfo, navigate]);
  return null;
}
