import { inmailEndpoints, UNREAD_FETCH_COUNT, type EndpointInput, type Message, type MessagePage, type SentNotification } from '@platter/domain';
import { api, dataOf } from '../../api/index.ts';

/**
 * The message calls of spec doc 2 §7 'User and session' (the back office's notifications: noticeApi.ts).
 * A message-list answer with a code other than 200 is ignored (doc 2 §8): it reads as no
 * messages. Writes return the envelope; the client has shown a business code's message.
 */

export type { Message, MessagePage, SentNotification };
/** The list filter: unread (2), read (1) or both. */
export type StatusFilter = 'all' | '2' | '1';

export const inmailKeys = {
  all: ['inmail'] as const,
  unread: ['inmail', 'unread'] as const,
  list: (page: number, status: StatusFilter) => ['inmail', 'list', page, status] as const,
  one: (id: string) => ['inmail', 'one', id] as const,
  notices: (page: number) => ['inmailAdmin', 'notices', page] as const,
};

const NONE: MessagePage = { list: [], total: 0 };

async function messages(query: EndpointInput<typeof inmailEndpoints.getMessage>): Promise<MessagePage> {
  return dataOf(await api.send(inmailEndpoints.getMessage, query, { messageList: true })) ?? NONE;
}

/** The frame's call: page 1, count 10, status 2, type 'all' (doc 2 §7). */
export const fetchUnread = () => messages({ page: 1, count: UNREAD_FETCH_COUNT, status: 2, type: 'all' });

export const INMAIL_PAGE_SIZE = 10;
export const fetchMessages = (page: number, status: StatusFilter) =>
  messages({ page, count: INMAIL_PAGE_SIZE, status: status === 'all' ? undefined : status === '2' ? 2 : 1, type: 'all' });

export async function fetchMessage(id: string): Promise<Message | null> {
  return (await messages({ id, page: 1, count: 1 })).list[0] ?? null;
}

export const setMessageRead = (id: string) => api.send(inmailEndpoints.setMessageRead, { id });
export const setMessageReadAll = () => api.send(inmailEndpoints.setMessageReadAll, { type: 'all' }, { userTriggered: true });
