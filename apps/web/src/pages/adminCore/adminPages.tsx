import type { ReactNode } from 'react';
import { AdjustmentsPage } from './AdjustmentsPage.tsx';
import { AuditLogPage } from './AuditLogPage.tsx';
import { JobsPage } from './JobsPage.tsx';
import { RolesPage } from './RolesPage.tsx';
import { UsersPage } from './UsersPage.tsx';

/** The back office's users, adjustments, roles and audit log, by their key in ADMIN_ROUTES. */
export const ADMIN_CORE_PAGES: Partial<Record<string, () => ReactNode>> = {
  account: () => <UsersPage />,
  balance_adjustments: () => <AdjustmentsPage />,
  roles: () => <RolesPage />,
  audit_log: () => <AuditLogPage />,
  jobs: () => <JobsPage />,
};
