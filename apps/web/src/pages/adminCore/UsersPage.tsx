import { FIND_USER_FIELDS, type AdminUser, type FindUserField } from '@platter/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Form, Input, Modal, Popconfirm, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../app/hooks/useIsMobile.ts';
import { BalanceAdjustment } from '../wallet/BalanceAdjustment.tsx';
import { formatTime } from '../wallet/format.ts';
import { adminCoreKeys, banUser, clearCache, findUsers, PAGE_SIZE, succeeded, userAction, type UserAction } from './adminCoreApi.ts';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';
import { RoleTag, StatusTag, UserCell, useStaffRole } from './staff.tsx';
import './adminCore.css';
import { Amount } from '../../components/Amount.tsx';

/**
 * /admin 'Account info': findusers by e-mail, account, uid or phone; a user's detail with ban
 * and unban, the unbinding of phone, authenticator, WeChat and Telegram, and a balance
 * adjustment (admins; support reads). ClearCache for the operator.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const { isAdmin } = useStaffRole();
  const [by, setBy] = useState<FindUserField>('any');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [openUid, setOpenUid] = useState<string | null>(null);
  const users = useQuery({
    queryKey: adminCoreKeys.users(keyword, by, page),
    queryFn: () => findUsers(keyword, by, page),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
  });
  const open = users.data?.list.find((u) => u.uid === openUid) ?? null;

  const columns: Column<AdminUser>[] = [
    { key: 'user', title: t('adminCore.users.user'), render: (u) => <UserCell uid={u.uid} email={u.email} /> },
    { key: 'account', title: t('adminCore.users.account'), render: (u) => u.account || '—' },
    { key: 'phone', title: t('adminCore.users.phone'), render: (u) => u.phone || '—' },
    { key: 'role', title: t('adminCore.users.role'), render: (u) => <RoleTag role={u.role} /> },
    { key: 'status', title: t('adminCore.users.status'), render: (u) => <StatusTag status={u.status} testId={`user-status-${u.uid}`} /> },
    { key: 'created', title: t('adminCore.users.created'), render: (u) => <span className="admin-core-nowrap">{formatTime(u.created_at)}</span> },
    {
      key: 'open',
      title: '',
      render: (u) => (
        <Button size="small" onClick={() => setOpenUid(u.uid)} data-testid={`user-open-${u.uid}`}>
          {t('adminCore.users.details')}
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-core-page" data-testid="admin-users-page">
      <Typography.Title level={3}>{t('adminCore.users.title')}</Typography.Title>
      <div className="admin-core-toolbar">
        <Select
          value={by}
          onChange={(value) => {
            setBy(value);
            setPage(1);
          }}
          className="admin-core-filter"
          aria-label={t('adminCore.users.by')}
          data-testid="users-search-by"
          options={FIND_USER_FIELDS.map((f) => ({ value: f, label: <span data-testid={`users-search-by-option-${f}`}>{t(`adminCore.users.field.${f}`)}</span> }))}
        />
        <Input.Search
          allowClear
          enterButton
          className="admin-core-filter admin-core-filter--text"
          placeholder={t('adminCore.users.searchPlaceholder')}
          aria-label={t('adminCore.users.searchPlaceholder')}
          maxLength={128}
          onSearch={(text) => {
            setKeyword(text.trim());
            setPage(1);
          }}
          data-testid="users-search"
        />
        {isAdmin ? <ClearCacheButton /> : null}
      </div>
      {keyword === '' ? (
        <Empty description={t('adminCore.users.hint')} data-testid="users-hint" />
      ) : (
        <ResponsiveTable
          testId="users-table"
          rowTestId="user-row"
          rowKey={(u) => u.uid}
          rows={users.data?.list}
          loading={users.isFetching}
          failed={users.isError}
          columns={columns}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: users.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        />
      )}
      <UserDrawer user={open} onClose={() => setOpenUid(null)} />
    </div>
  );
}

function ClearCacheButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <Popconfirm
      title={t('adminCore.users.clearCacheConfirm')}
      okText={t('adminCore.yes')}
      cancelText={t('adminCore.no')}
      okButtonProps={{ 'data-testid': 'users-clear-cache-confirm' }}
      onConfirm={async () => {
        setBusy(true);
        try {
          setDone(succeeded(await clearCache()));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button loading={busy} data-testid="users-clear-cache" data-done={done}>
        {done ? t('adminCore.users.cacheCleared') : t('adminCore.users.clearCache')}
      </Button>
    </Popconfirm>
  );
}

function Bound({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return on ? <Tag color="green">{t('adminCore.users.bound')}</Tag> : <Tag>{t('adminCore.users.notBound')}</Tag>;
}

/** One user in full, with the admin's actions on the account. */
function UserDrawer({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { isAdmin } = useStaffRole();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState('');

  const act = async (name: string, call: () => ReturnType<typeof banUser>) => {
    setBusy(name);
    try {
      const answer = await call();
      if (succeeded(answer)) await queryClient.invalidateQueries({ queryKey: adminCoreKeys.all });
      return succeeded(answer);
    } finally {
      setBusy(null);
    }
  };

  const unbind = (action: UserAction, label: string, bound: boolean) =>
    user ? (
      <Popconfirm
        key={action}
        title={t('adminCore.users.unbindConfirm', { what: label, email: user.email })}
        okText={t('adminCore.yes')}
        cancelText={t('adminCore.no')}
        okButtonProps={{ 'data-testid': `user-unbind-${action}-confirm` }}
        onConfirm={() => act(action, () => userAction(action, user.uid))}
        disabled={!bound}
      >
        <Button disabled={!bound} loading={busy === action} data-testid={`user-unbind-${action}`}>
          {t('adminCore.users.unbind', { what: label })}
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <Drawer open={user !== null} onClose={onClose} size={mobile ? '100%' : 560} title={user?.email} destroyOnHidden data-testid="user-drawer">
      {user ? (
        <div data-testid={`user-detail-${user.uid}`}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('adminCore.users.uid')}>{user.uid}</Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.email')}>{user.email}</Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.account')}>{user.account || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.nickname')}>{user.nickname || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.role')}>
              <RoleTag role={user.role} />
            </Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.status')}>
              <StatusTag status={user.status} testId="user-detail-status" />
            </Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.phone')}>{user.phone || <Bound on={false} />}</Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.google')}>
              <Bound on={user.google} />
            </Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.wechat')}>
              <Bound on={user.wechat} />
            </Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.telegram')}>
              <Bound on={user.telegram} />
            </Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.created')}>{formatTime(user.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.lastLogin')}>{user.last_login_at ? formatTime(user.last_login_at) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('adminCore.users.balances')}>
              {user.balances.length === 0
                ? '—'
                : user.balances.map((b) => (
                    <div key={b.coin} className="admin-core-amount" data-testid={`user-balance-${b.coin}`}>
                      <Amount value={b.available} coin={b.coin} />
                    </div>
                  ))}
            </Descriptions.Item>
          </Descriptions>
          {isAdmin ? (
            <>
              <div className="admin-core-actions">
                {user.status === 'banned' ? (
                  <Popconfirm
                    title={t('adminCore.users.unbanConfirm', { email: user.email })}
                    okText={t('adminCore.yes')}
                    cancelText={t('adminCore.no')}
                    okButtonProps={{ 'data-testid': 'user-unban-confirm' }}
                    onConfirm={() => act('unban', () => userAction('UnbanUser', user.uid))}
                  >
                    <Button type="primary" loading={busy === 'unban'} data-testid="user-unban">
                      {t('adminCore.users.unban')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button danger disabled={user.role !== 'user'} onClick={() => setBanning(true)} data-testid="user-ban">
                    {t('adminCore.users.ban')}
                  </Button>
                )}
                {unbind('unbindphone', t('adminCore.users.phone'), user.phone !== '')}
                {unbind('UnBindGoogle', t('adminCore.users.google'), user.google)}
                {unbind('UnBindWechat', t('adminCore.users.wechat'), user.wechat)}
                {unbind('UbBindChannel', t('adminCore.users.telegram'), user.telegram)}
              </div>
              <div className="admin-core-actions">
                <BalanceAdjustment uid={user.uid} />
              </div>
            </>
          ) : (
            <Typography.Text type="secondary" className="admin-core-hint" data-testid="user-support-readonly">
              {t('adminCore.users.supportReadOnly')}
            </Typography.Text>
          )}
          <Modal
            open={banning}
            title={t('adminCore.users.banTitle', { email: user.email })}
            okText={t('adminCore.users.ban')}
            cancelText={t('adminCore.no')}
            okButtonProps={{ danger: true, loading: busy === 'ban', 'data-testid': 'user-ban-submit' }}
            onCancel={() => setBanning(false)}
            onOk={async () => {
              if (await act('ban', () => banUser(user.uid, reason))) {
                setBanning(false);
                setReason('');
              }
            }}
          >
            <Typography.Paragraph type="secondary">{t('adminCore.users.banText')}</Typography.Paragraph>
            <Form layout="vertical">
              <Form.Item label={t('adminCore.users.banReason')}>
                <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} showCount data-testid="user-ban-reason" />
              </Form.Item>
            </Form>
          </Modal>
        </div>
      ) : null}
    </Drawer>
  );
}
