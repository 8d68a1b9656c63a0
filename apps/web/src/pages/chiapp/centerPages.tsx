import type { ReactNode } from 'react';
import { lazyPage } from '../../app/lazy.ts';

const ChiaPpPage = lazyPage(() => import('./ChiaPpPage.tsx').then((m) => m.ChiaPpPage));

/** The Chia PP points page of the user centre, by its feature key in CENTER_ROUTES. */
export const CHIAPP_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  chiapp: () => <ChiaPpPage />,
};
