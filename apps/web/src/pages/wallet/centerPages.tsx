import type { ReactNode } from 'react';
import { lazyPage } from '../../app/lazy.ts';

// Each page its own chunk: the centre's and the back office's pages do not load each other's code.
const AddressBookPage = lazyPage(() => import('./AddressBookPage.tsx').then((m) => m.AddressBookPage));
const AssetsPage = lazyPage(() => import('./AssetsPage.tsx').then((m) => m.AssetsPage));
const BillPage = lazyPage(() => import('./BillPage.tsx').then((m) => m.BillPage));

/** The wallet's pages of the user centre, by their feature key in CENTER_ROUTES. */
export const WALLET_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  centerAssets: () => <AssetsPage />,
  centerAddress: () => <AddressBookPage />,
  bill: () => <BillPage />,
  flow: () => <BillPage />,
};
