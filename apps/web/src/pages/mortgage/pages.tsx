import type { ReactNode } from 'react';
import { AdminMortgagePage } from './AdminMortgagePage.tsx';

/** The mortgage's back-office page, by its key in ADMIN_ROUTES (issue 22). */
export const MORTGAGE_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  mortgage: () => <AdminMortgagePage />,
};
