import { useQuery } from '@tanstack/react-query';
import type { Message } from '@platter/domain';
import { fetchUnread, inmailKeys } from '../../pages/inmail/inmailApi.ts';
import { useAppState } from '../../state/store.ts';

export { UNREAD_BADGE_CAP, UNREAD_FETCH_COUNT } from '@platter/domain';

export interface UnreadMessages {
  total: number;
  list: Message[];
  loading: boolean;
  /** Fetches them again (the dropdown does when it opens: events arrive while a page is open). */
  refresh: () => void;
}

/**
 * The unread messages of the bell and the drawer dot: GetMessage with page 1, count 10,
 * status 2, type 'all'. Loaded only once `load` is true — on the home page at start, elsewhere
 * when the dropdown (on phones the drawer) opens (spec doc 2 §4 'Message loading'); once
 * loaded it stays, and reading a message refreshes it. Nothing for a signed-out visitor.
 */
export function useUnreadMessages(load: boolean): UnreadMessages {
  const uid = useAppState((state) => (state.userInfo?.email ? state.userInfo.uid : null));
  const query = useQuery({
    queryKey: [...inmailKeys.unread, uid],
    queryFn: fetchUnread,
    enabled: uid !== null && load,
    staleTime: 60_000,
  });
  const refresh = () => void query.refetch();
  if (uid === null) return { total: 0, list: [], loading: false, refresh };
  return { total: query.data?.total ?? 0, list: query.data?.list ?? [], loading: query.isFetching, refresh };
}
