import type { ReactNode } from 'react';
import { lazyPage } from '../../app/lazy.ts';

// Each page its own chunk: the centre's and the back office's pages do not load each other's code.
const InviteAdminPage = lazyPage(() => import('./InviteAdminPage.tsx').then((m) => m.InviteAdminPage));
const InvitePage = lazyPage(() => import('./InvitePage.tsx').then((m) => m.InvitePage));

/** The invite page of the user centre, by its feature key in CENTER_ROUTES (issue 25). */
export const INVITE_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  invite: () => <InvitePage />,
};

/** The back office's invitations and rebates, by its key in ADMIN_ROUTES. */
export const INVITE_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  invitations: () => <InviteAdminPage />,
};
