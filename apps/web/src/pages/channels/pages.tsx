import type { ReactNode } from 'react';
import { DeliveryListPage, MessageSettingsPage, TunnelBindPage } from './ChannelPages.tsx';

/** The message channels' centre pages (by CENTER_ROUTES feature) and back-office page (by ADMIN_ROUTES key). */
export const CHANNEL_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  tunnel: () => <TunnelBindPage />,
  messageSettings: () => <MessageSettingsPage />,
};

export const CHANNEL_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  message_delivery: () => <DeliveryListPage />,
};
