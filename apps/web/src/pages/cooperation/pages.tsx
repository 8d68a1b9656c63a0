import type { ReactNode } from 'react';
import { CooperationPage } from './CooperationPage.tsx';

/** /center/open by its feature key in CENTER_ROUTES (issue 22). */
export const COOPERATION_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  open: () => <CooperationPage />,
};
