import { USER_ROLES, type Staff, type UserRole } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCoreKeys, fetchStaff, setRole, succeeded } from './adminCoreApi.ts';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';
import { AdminOnly, RoleTag, UserCell } from './staff.tsx';
import './adminCore.css';

/**
 * /admin/roles: the back-office accounts and their roles; an admin gives a user the role
 * support or admin, or takes it back. The last admin keeps the role (the server refuses).
 */
export function RolesPage() {
  const { t } = useTranslation();
  return (
    <div className="admin-core-page" data-testid="admin-roles-page">
      <Typography.Title level={3}>{t('adminCore.roles.title')}</Typography.Title>
      <AdminOnly>
        <Roles />
      </AdminOnly>
    </div>
  );
}

function Roles() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: adminCoreKeys.staff, queryFn: fetchStaff });
  const [uid, setUid] = useState('');
  const [role, setRoleValue] = useState<UserRole>('support');
  const [busy, setBusy] = useState<string | null>(null);

  const change = async (target: string, next: UserRole) => {
    setBusy(target);
    try {
      const done = succeeded(await setRole(target, next));
      if (done) await queryClient.invalidateQueries({ queryKey: adminCoreKeys.all });
      return done;
    } finally {
      setBusy(null);
    }
  };

  const columns: Column<Staff>[] = [
    { key: 'user', title: t('adminCore.users.user'), render: (s) => <UserCell uid={s.uid} email={s.email} /> },
    { key: 'role', title: t('adminCore.users.role'), render: (s) => <RoleTag role={s.role} testId={`staff-role-${s.uid}`} /> },
    {
      key: 'actions',
      title: '',
      render: (s) => (
        <Popconfirm
          title={t('adminCore.roles.revokeConfirm', { email: s.email })}
          okText={t('adminCore.yes')}
          cancelText={t('adminCore.no')}
          okButtonProps={{ 'data-testid': 'staff-revoke-confirm' }}
          onConfirm={() => change(s.uid, 'user')}
        >
          <Button size="small" danger loading={busy === s.uid} data-testid={`staff-revoke-${s.uid}`}>
            {t('adminCore.roles.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <>
      <Card size="small" title={t('adminCore.roles.grantTitle')} className="admin-core-hint">
        <Form
          layout="inline"
          onFinish={async () => {
            if (uid.trim() && (await change(uid.trim(), role))) setUid('');
          }}
        >
          <Form.Item label={t('adminCore.users.uid')} required>
            <Input value={uid} onChange={(e) => setUid(e.target.value)} maxLength={64} data-testid="roles-uid" />
          </Form.Item>
          <Form.Item label={t('adminCore.users.role')}>
            <Select
              value={role}
              onChange={setRoleValue}
              className="admin-core-filter"
              data-testid="roles-role"
              options={USER_ROLES.map((r) => ({ value: r, label: <span data-testid={`roles-role-option-${r}`}>{t(`adminCore.role.${r}`)}</span> }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" disabled={uid.trim() === ''} loading={busy === uid.trim()} data-testid="roles-submit">
              {t('adminCore.roles.grant')}
            </Button>
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">{t('adminCore.roles.help')}</Typography.Text>
      </Card>
      <ResponsiveTable
        testId="staff-table"
        rowTestId="staff-row"
        rowKey={(s) => s.uid}
        rows={staff.data}
        loading={staff.isFetching}
        failed={staff.isError}
        columns={columns}
        pagination={false}
      />
    </>
  );
}
