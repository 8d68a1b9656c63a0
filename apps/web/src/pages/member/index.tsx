import { NotYetOpen } from '../../components/NotYetOpen.tsx';
import { AddressBookPage } from '../wallet/AddressBookPage.tsx';
import { AssetsPage } from '../wallet/AssetsPage.tsx';

/** Signed-in pages outside the centre: assets, watcher, messages, user, security, address. */
export function MemberPage({ feature }: { feature: string }) {
  if (feature === 'assets') return <AssetsPage />;
  if (feature === 'address') return <AddressBookPage />;
  return <NotYetOpen feature={feature} />;
}
