import type { ReactNode } from 'react';
import { AdminWithdrawalsPage, WithdrawReviewPage } from './AdminWithdrawals.tsx';

/** The wallet's back-office pages, by their key in ADMIN_ROUTES. */
export const WALLET_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  withdraw_review: () => <WithdrawReviewPage />,
  deposit_withdrawal: () => <AdminWithdrawalsPage />,
};
