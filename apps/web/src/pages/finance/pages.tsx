import type { ReactNode } from 'react';
import { FinanceAdminPage } from './FinanceAdminPage.tsx';
import { InvestmentPage } from './InvestmentPage.tsx';

/** The finance pages of the user centre, by their feature key in CENTER_ROUTES. */
export const FINANCE_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  investment: () => <InvestmentPage />,
};

/** The finance back-office page, by its key in ADMIN_ROUTES. */
export const FINANCE_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  finance_products: () => <FinanceAdminPage />,
};
