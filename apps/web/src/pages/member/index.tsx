import { lazyPage } from '../../app/lazy.ts';
import { NotYetOpen } from '../../components/NotYetOpen.tsx';
import { AddressBookPage } from '../wallet/AddressBookPage.tsx';
import { AssetsPage } from '../wallet/AssetsPage.tsx';

// Its own chunk (issue 25): it carries the pool pages and their charts.
const WatcherPage = lazyPage(() => import('../watcher/WatcherPage.tsx').then((m) => m.WatcherPage));

/** Signed-in pages outside the centre: assets, watcher, messages, user, security, address. */
export function MemberPage({ feature }: { feature: string }) {
  if (feature === 'assets') return <AssetsPage />;
  if (feature === 'address') return <AddressBookPage />;
  if (feature === 'watcher') return <WatcherPage />;
  return <NotYetOpen feature={feature} />;
}
