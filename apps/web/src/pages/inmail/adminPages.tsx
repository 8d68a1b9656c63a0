import type { ReactNode } from 'react';
import { SendNoticePage } from './SendNoticePage.tsx';

/** The messages' back-office pages, by their key in ADMIN_ROUTES. */
export const INMAIL_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  send_notice: () => <SendNoticePage />,
};
