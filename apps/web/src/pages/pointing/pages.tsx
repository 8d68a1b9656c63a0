import type { ReactNode } from 'react';
import { AdminPointInfoPage, AdminPointReviewPage } from './AdminPointingPages.tsx';
import { AdminPointSettingsPage } from './AdminPointSettingsPage.tsx';
import { PointingPage } from './PointingPage.tsx';

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
