import { Result, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../state/store.ts';

/** The signed-in back-office user's role ('admin' or 'support'). */
export function useStaffRole(): { isAdmin: boolean; uid: string } {
  const info = useAppState((state) => state.userInfo);
  return { isAdmin: info?.role === 'admin', uid: info?.uid ?? '' };
}

/** Admin-only pages: support sees why the page is closed to them (the server refuses anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isAdmin } = useStaffRole();
  if (isAdmin) return children;
  return <Result status="403" title={t('adminCore.adminOnly')} subTitle={t('adminCore.adminOnlyText')} data-testid="admin-only" />;
}

const ROLE_COLOR: Record<string, string> = { admin: 'red', support: 'blue', user: 'default' };
const STATUS_COLOR: Record<string, string> = { active: 'green', pending: 'gold', banned: 'red', posted: 'green', rejected: 'default' };

export function RoleTag({ role, testId }: { role: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={ROLE_COLOR[role] ?? 'default'} data-testid={testId} data-role={role}>
      {t(`adminCore.role.${role}`)}
    </Tag>
  );
}

export function StatusTag({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status] ?? 'gold'} data-testid={testId} data-status={status}>
      {t(`adminCore.status.${status}`)}
    </Tag>
  );
}

/** A user as the back office names them: the e-mail, with the uid under it. */
export function UserCell({ uid, email }: { uid: string; email: string }) {
  return (
    <span className="admin-core-user">
      <span>{email}</span>
      <span className="admin-core-muted">{uid}</span>
    </span>
  );
}
