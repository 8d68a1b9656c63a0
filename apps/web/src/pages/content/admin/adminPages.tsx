import type { ReactNode } from 'react';
import { AnnouncementEditorPage, AnnouncementsAdminPage } from './AnnouncementsAdmin.tsx';
import { BannersAdminPage } from './BannersAdmin.tsx';
import { DocumentsAdminPage } from './DocumentsAdmin.tsx';
import { DownloadsAdminPage } from './DownloadsAdmin.tsx';
import { HelpAdminPage } from './HelpAdmin.tsx';

/** The content back-office pages, by their key in ADMIN_ROUTES. */
export const CONTENT_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  banner_list: () => <BannersAdminPage />,
  bulletin_list: () => <AnnouncementsAdminPage />,
  bulletin_add: () => <AnnouncementEditorPage />,
  help_list: () => <HelpAdminPage />,
  download_list: () => <DownloadsAdminPage />,
  documents: () => <DocumentsAdminPage />,
};
