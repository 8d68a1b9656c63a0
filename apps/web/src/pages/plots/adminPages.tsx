import type { ReactNode } from 'react';
import { AdminPlotsPage } from './AdminPlots.tsx';

/** The plots' back-office pages, by their key in ADMIN_ROUTES. */
export const PLOTS_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  plots: () => <AdminPlotsPage bindings={false} />,
  bind_info: () => <AdminPlotsPage bindings />,
};
