import type { ReactNode } from 'react';
import { AssetsDailyReportsPage } from './AssetsReportsPage.tsx';
import { MiningDailyReportsPage } from './DailyReportsPage.tsx';
import { IncomeRecordsPage } from './IncomeRecordsPage.tsx';
import { AdminMachinesPage } from './MachinesPage.tsx';
import { AdminOpenedPoolsPage } from './OpenedPoolsPage.tsx';

/** The pool's back-office pages, by their key in ADMIN_ROUTES (plots and bind_info are not built yet). */
export const POOL_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  mining_daily_reports: () => <MiningDailyReportsPage />,
  assets_daily_reports: () => <AssetsDailyReportsPage />,
  machines: () => <AdminMachinesPage />,
  openned: () => <AdminOpenedPoolsPage />,
  mining_info: () => <IncomeRecordsPage key="mining_info" view="mining_info" />,
  income_info: () => <IncomeRecordsPage key="income_info" view="income_info" />,
  contribution: () => <IncomeRecordsPage key="contribution" view="contribution" />,
};
