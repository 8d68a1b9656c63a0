import type { Lang } from '@platter/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { checkRegistrationOpen, logout, saveLanguage } from '../api/endpoints.ts';
import { queryKeys } from '../api/queries.ts';
import { applyLanguage } from '../i18n/index.ts';
import { appStore } from '../state/store.ts';
import { REGISTER_PATH } from './guards.tsx';

/** Navigation state that tells <StartupSync/> to finish a logout once the home page is shown. */
export const LOGGED_OUT_STATE = { loggedOut: true } as const;

export function isLoggedOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { loggedOut?: unknown }).loggedOut === true;
}

/**
 * Logout (spec doc 2 §4): after an empty-object answer the browser goes to / and then user
 * info and the persisted state are cleared. Clearing first would let a signed-in-only page
 * still on screen bounce the visitor to the login page instead.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    let done = false;
    try {
      done = await logout();
    } catch {
      // Surfaced by the client already.
    }
    if (done) void navigate('/', { state: LOGGED_OUT_STATE });
  }, [navigate]);
}

/** The second half of logout, run once the home page is the current location. */
export function useFinishLogout(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isLoggedOutState(location.state)) return;
    appStore.clear();
    queryClient.setQueryData(queryKeys.userInfo, null);
    void navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate, queryClient]);
}

/**
 * The registration link (spec doc 2 §4): check availability first; code other than 200 or
 * a failure shows the centred 'not registrable' modal, otherwise go to the register page.
 */
export function useRegisterAction(): { openRegister: () => Promise<void>; checking: boolean } {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const openRegister = useCallback(async () => {
    setChecking(true);
    const open = await checkRegistrationOpen();
    setChecking(false);
    if (open) {
      void navigate(REGISTER_PATH);
      return;
    }
    modal.warning({
      centered: true,
      title: t('register.unavailableTitle'),
      content: <div data-testid="register-unavailable">{t('register.unavailable')}</div>,
      okText: t('register.ok'),
    });
  }, [modal, navigate, t]);
  return { openRegister, checking };
}

/** The language switch: cookie h9_lang for 365 days, the interface, and SetLanguage. */
export function useChangeLanguage(): (lang: Lang) => void {
  return useCallback((lang: Lang) => {
    applyLanguage(lang);
    saveLanguage(lang).catch(() => {
      // Surfaced by the client; the cookie already carries the choice.
    });
  }, []);
}
