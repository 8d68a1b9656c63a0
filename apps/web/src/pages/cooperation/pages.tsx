import type { ReactNode } from 'react';
import { lazyPage } from '../../app/lazy.ts';

// Its own chunk, like every centre page.
const CooperationPage = lazyPage(() => import('./CooperationPage.tsx').then((m) => m.CooperationPage));
const AdminCooperationSettingsPage = lazyPage(() => import('./AdminCooperationSettingsPage.tsx').then((m) => m.AdminCooperationSettingsPage));

/** /center/open by its feature key in CENTER_ROUTES (issue 22). */
export const COOPERATION_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  open: () => <CooperationPage />,
};

/** The back office's per-coin cooperation settings, by its key in ADMIN_ROUTES. */
export const COOPERATION_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  cooperation_settings: () => <AdminCooperationSettingsPage />,
};
