import { useSearchParams } from 'react-router';
import { NotYetOpen } from '../../components/NotYetOpen.tsx';

/** Signed-in pages outside the centre: assets, watcher, messages, user, security, address. */
export function MemberPage({ feature }: { feature: string }) {
  return <NotYetOpen feature={feature} />;
}

/** /inmail and /inmail?id={messageId}. */
export function InmailPage() {
  const [params] = useSearchParams();
  return <NotYetOpen feature={params.has('id') ? 'message' : 'inmail'} />;
}
