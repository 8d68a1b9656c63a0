/** The bell badge shows the unread total, capped at 99 (spec doc 2 §4, §9). */
export const UNREAD_BADGE_CAP = 99;
/** Unread messages fetched per call (spec doc 2 §9). */
export const UNREAD_FETCH_COUNT = 10;

export interface UnreadMessage {
  id: number;
  title: string;
  created_at: number;
}

export interface UnreadMessages {
  total: number;
  list: UnreadMessage[];
}

const NONE: UnreadMessages = { total: 0, list: [] };

/**
 * The unread messages of the bell and the drawer dot. The message calls (GetMessage with
 * page 1, count 10, status 2) arrive with the messages issue; until then there are none.
 */
export function useUnreadMessages(): UnreadMessages {
  return NONE;
}
