import type { ReactNode } from 'react';
import { OutliersPage } from './OutliersPage.tsx';
import { ProxyKeysPage } from './ProxyKeysPage.tsx';

/** The verified-work back-office pages (issue 18), by their key in ADMIN_ROUTES. */
export const VERIFICATION_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  proxy_keys: () => <ProxyKeysPage />,
  outliers: () => <OutliersPage />,
};
