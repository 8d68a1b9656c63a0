import type { ReactNode } from 'react';
import { AddressBookPage } from './AddressBookPage.tsx';
import { AssetsPage } from './AssetsPage.tsx';
import { BillPage } from './BillPage.tsx';

/** The wallet's pages of the user centre, by their feature key in CENTER_ROUTES. */
export const WALLET_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  centerAssets: () => <AssetsPage />,
  centerAddress: () => <AddressBookPage />,
  bill: () => <BillPage />,
  flow: () => <BillPage />,
};
