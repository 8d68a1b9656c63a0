import type { ReactNode } from 'react';
import { lazyPage } from '../../app/lazy.ts';

// Each page its own chunk: the centre's and the back office's pages do not load each other's code.
const AdminPointInfoPage = lazyPage(() => import('./AdminPointingPages.tsx').then((m) => m.AdminPointInfoPage));
const AdminPointReviewPage = lazyPage(() => import('./AdminPointingPages.tsx').then((m) => m.AdminPointReviewPage));
const AdminPointSettingsPage = lazyPage(() => import('./AdminPointSettingsPage.tsx').then((m) => m.AdminPointSettingsPage));
const PointingPage = lazyPage(() => import('./PointingPage.tsx').then((m) => m.PointingPage));

/** The coin owners' page of the user centre, by its feature key in CENTER_ROUTES (issue 22). */
export const POINTING_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  pointing: () => <PointingPage />,
};

/** The coin owners' back-office pages, by their keys in ADMIN_ROUTES. */
export const POINTING_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  point_info: () => <AdminPointInfoPage />,
  point_review: () => <AdminPointReviewPage />,
  point_settings: () => <AdminPointSettingsPage />,
};
