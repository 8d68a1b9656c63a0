import type { ReactNode } from 'react';
import { AdminFlowPage } from './AdminFlowPage.tsx';

/** The flow's back-office page, by its key in ADMIN_ROUTES. */
export const FLOW_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  flow: () => <AdminFlowPage />,
};
