import type { ReactNode } from 'react';
import { lazyPage } from '../../app/lazy.ts';

// Its own chunk, like every back-office page.
const AdminMortgagePage = lazyPage(() => import('./AdminMortgagePage.tsx').then((m) => m.AdminMortgagePage));

/** The mortgage's back-office page, by its key in ADMIN_ROUTES (issue 22). */
export const MORTGAGE_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  mortgage: () => <AdminMortgagePage />,
};
