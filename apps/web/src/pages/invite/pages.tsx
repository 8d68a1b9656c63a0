import type { ReactNode } from 'react';
import { InviteAdminPage } from './InviteAdminPage.tsx';
import { InvitePage } from './InvitePage.tsx';

/** The invite page of the user centre, by its feature key in CENTER_ROUTES (issue 25). */
export const INVITE_CENTER_PAGES: Partial<Record<string, () => ReactNode>> = {
  invite: () => <InvitePage />,
};

/** The back office's invitations and rebates, by its key in ADMIN_ROUTES. */
export const INVITE_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  invitations: () => <InviteAdminPage />,
};
