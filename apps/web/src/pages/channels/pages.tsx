import type { ReactNode } from 'react';
import { lazyPage } from '../../app/lazy.ts';

// Each page its own chunk: the centre's and the back office's pages do not load each other's code.
const DeliveryListPage = lazyPage(() => import('./ChannelPages.tsx').then((m) => m.DeliveryListPage));
const MessageSettingsPage = lazyPage(() => import('./ChannelPages.tsx').then((m) => m.MessageSettingsPage));
const TunnelBindPage = lazyPage(() => import('./ChannelPages.tsx').then((m) => m.TunnelBindPage));

/** The message channels' centre pages (by CENTER_ROUTES feature) and back-office page (by ADMIN_ROUTES key). */
export const CHANNEL_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  tunnel: () => <TunnelBindPage />,
  messageSettings: () => <MessageSettingsPage />,
};

export const CHANNEL_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  message_delivery: () => <DeliveryListPage />,
};
