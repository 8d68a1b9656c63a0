import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, InputNumber, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable, type Column } from '../adminCore/ResponsiveTable.tsx';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { formatDay } from '../finance/format.ts';
import {
  fetchAdminInvitations,
  fetchAdminPools,
  fetchAdminRebates,
  inviteKeys,
  paging,
  savePoolShare,
  type AdminInvitationRow,
  type AdminInvitePool,
  type AdminRebateRow,
} from './inviteApi.ts';
import './invite.css';

const person = (uid: string, email: string) => (
  <span>
    {uid} <Typography.Text type="secondary">{email}</Typography.Text>
  </span>
);

/** /admin/invitations (issue 25): every invitation, every rebate paid, and each pool's rebate share of its fee. */
export function InviteAdminPage() {
  const { t } = useTranslation();
  return (
    <div className="page invite-page" data-testid="admin-invite-page">
      <Typography.Title level={2}>{t('invite.admin.title')}</Typography.Title>
      <Tabs
        items={[
          { key: 'invitations', label: t('invite.admin.invitations'), children: <Invitations /> },
          { key: 'rebates', label: t('invite.admin.rebates'), children: <Rebates /> },
          { key: 'pools', label: t('invite.admin.pools'), children: <Pools /> },
        ]}
      />
    </div>
  );
}

function Invitations() {
  const { t } = useTranslation();
  const [uid, setUid] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: inviteKeys.adminInvitations(search, page), queryFn: () => fetchAdminInvitations(search, page) });
  const columns: Column<AdminInvitationRow>[] = [
    { key: 'invitee', title: t('invite.admin.invitee'), render: (r) => person(r.invitee_uid, r.invitee_email) },
    { key: 'inviter', title: t('invite.admin.inviter'), render: (r) => person(r.inviter_uid, r.inviter_email) },
    { key: 'time', title: t('invite.admin.time'), render: (r) => formatDay(r.created_at) },
  ];
  return (
    <>
      <div className="invite-admin-toolbar">
        <Input.Search
          placeholder={t('invite.admin.uid')}
          enterButton={t('invite.admin.search')}
          value={uid}
          onChange={(e) => setUid(e.target.value)}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
          data-testid="admin-invite-uid"
        />
        <ExportButton scope="admin" list="invitations" filters={search ? { uid: search } : {}} />
      </div>
      <ResponsiveTable
        testId="admin-invitations"
        rowTestId="admin-invitations-row"
        rowKey={(r) => r.invitee_uid}
        rows={list.data?.list}
        loading={list.isPending}
        failed={list.isError}
        columns={columns}
        emptyText={t('invite.empty')}
        pagination={paging(page, list.data?.total ?? 0, setPage)}
      />
    </>
  );
}

function Rebates() {
  const { t } = useTranslation();
  const [uid, setUid] = useState('');
  const [day, setDay] = useState('');
  const [filters, setFilters] = useState({ uid: '', day: '' });
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: inviteKeys.adminRebates(filters.uid, filters.day, page), queryFn: () => fetchAdminRebates(filters.uid, filters.day, page) });
  const amount = (value: string, coin: string) => <span className="invite-amount">{`${value} ${coin}`}</span>;
  const columns: Column<AdminRebateRow>[] = [
    { key: 'day', title: t('invite.day'), render: (r) => r.day },
    { key: 'pool', title: t('invite.pool'), render: (r) => r.pool },
    { key: 'invitee', title: t('invite.admin.invitee'), render: (r) => person(r.invitee_uid, r.invitee_email) },
    { key: 'inviter', title: t('invite.admin.inviter'), render: (r) => person(r.inviter_uid, r.inviter_email) },
    { key: 'income', title: t('invite.income'), align: 'right', render: (r) => amount(r.income, r.unit) },
    { key: 'fee', title: t('invite.fee'), align: 'right', render: (r) => amount(r.fee, r.unit) },
    { key: 'share', title: t('invite.share'), align: 'right', render: (r) => `${r.share} %` },
    { key: 'rebate', title: t('invite.rebate'), align: 'right', render: (r) => amount(r.rebate, r.unit) },
  ];
  const exportFilters = { ...(filters.uid ? { uid: filters.uid } : {}), ...(filters.day ? { day: filters.day } : {}) };
  return (
    <>
      <div className="invite-admin-toolbar">
        <Input placeholder={t('invite.admin.uid')} value={uid} onChange={(e) => setUid(e.target.value)} style={{ maxWidth: 200 }} data-testid="admin-rebates-uid" />
        <Input placeholder={t('invite.admin.dayFilter')} value={day} onChange={(e) => setDay(e.target.value)} style={{ maxWidth: 200 }} data-testid="admin-rebates-day" />
        <Button
          type="primary"
          onClick={() => {
            setFilters({ uid: uid.trim(), day: day.trim() });
            setPage(1);
          }}
          data-testid="admin-rebates-search"
        >
          {t('invite.admin.search')}
        </Button>
        <ExportButton scope="admin" list="invite_rebates" filters={exportFilters} />
      </div>
      <ResponsiveTable
        testId="admin-invite-rebates"
        rowTestId="admin-invite-rebates-row"
        rowKey={(r) => `${r.day}:${r.pool}:${r.invitee_uid}`}
        rows={list.data?.list}
        loading={list.isPending}
        failed={list.isError}
        columns={columns}
        emptyText={t('invite.empty')}
        pagination={paging(page, list.data?.total ?? 0, setPage)}
      />
    </>
  );
}

function Pools() {
  const { t } = useTranslation();
  const pools = useQuery({ queryKey: inviteKeys.adminPools, queryFn: fetchAdminPools });
  const columns: Column<AdminInvitePool>[] = [
    { key: 'pool', title: t('invite.pool'), render: (p) => `${p.pool} (${p.coin})` },
    { key: 'fee', title: t('invite.admin.poolFee'), align: 'right', render: (p) => `${p.fee} %` },
    { key: 'share', title: t('invite.admin.sharePercent'), render: (p) => <ShareEditor pool={p} /> },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t('invite.admin.poolsHint')}</Typography.Paragraph>
      <ResponsiveTable
        testId="admin-invite-pools"
        rowTestId="admin-invite-pools-row"
        rowKey={(r) => r.pool}
        rows={pools.data?.list}
        loading={pools.isPending}
        failed={pools.isError}
        columns={columns}
        pagination={false}
      />
    </>
  );
}

/** A pool's share in percent (two decimals: basis points), saved on its own. */
function ShareEditor({ pool }: { pool: AdminInvitePool }) {
  const { t } = useTranslation();
  const toast = useSuccessToast();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | null>(pool.share_bp / 100);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (value === null) return;
    setBusy(true);
    try {
      const answer = await savePoolShare(pool.pool, Math.round(value * 100));
      if ('code' in answer && answer.code === 200) {
        toast(t('invite.admin.saved'));
        await queryClient.invalidateQueries({ queryKey: inviteKeys.adminPools });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact>
      <InputNumber min={0} max={100} step={1} precision={2} value={value} onChange={setValue} data-testid={`admin-invite-share-${pool.pool}`} />
      <Button onClick={() => void save()} loading={busy} data-testid={`admin-invite-save-${pool.pool}`}>
        {t('invite.admin.save')}
      </Button>
    </Space.Compact>
  );
}
