import { CANCEL_REQUEST_STATUSES, MORTGAGE_LOG_TYPES, type MortgageLogType } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { ResponsiveTable, type Column } from '../adminCore/ResponsiveTable.tsx';
import {
  fetchAdminMortgageLogs,
  fetchPointRequests,
  mortgageKeys,
  PAGE,
  reviewPointRequest,
  type AdminMortgageLogRow,
  type AdminMortgageLogsQuery,
  type PointMortgageRequestRow,
} from './mortgageApi.ts';
import './mortgage.css';

type RequestStatus = '' | (typeof CANCEL_REQUEST_STATUSES)[number];
const seconds = (at: number | null) => (at === null ? '—' : new Date(at * 1000).toISOString().slice(0, 16).replace('T', ' '));

/** Requests to put a pointing in mortgage (auditmorttopoint): pending first, approved or rejected here. */
function PointRequests() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const [status, setStatus] = useState<RequestStatus>('PENDING');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: mortgageKeys.pointRequests(status, page), queryFn: () => fetchPointRequests(status, page) });

  async function decide(row: PointMortgageRequestRow, approve: boolean) {
    const answer = await reviewPointRequest(row.id, approve, '');
    if ('code' in answer && answer.code === 200) {
      toast(t(approve ? 'mortgage.admin.approved' : 'mortgage.admin.rejected'));
      await queryClient.invalidateQueries({ queryKey: mortgageKeys.all });
    }
  }

  const columns: Column<PointMortgageRequestRow>[] = [
    { key: 'user', title: t('mortgage.log.user'), render: (r) => r.user_email },
    { key: 'coin', title: t('mortgage.log.coin'), render: (r) => r.coin },
    { key: 'source', title: t('mortgage.admin.source'), render: (r) => <span className="mortgage-mono">{r.source_address}</span> },
    { key: 'amount', title: t('mortgage.log.amount'), align: 'right', render: (r) => `${r.amount} ${r.coin}` },
    { key: 'record', title: t('mortgage.admin.record'), render: (r) => t(`pointing.status.${r.record_status}`) },
    { key: 'status', title: t('mortgage.log.status'), render: (r) => <Tag data-testid={`mortgage-request-status-${r.id}`}>{t(`mortgage.request.${r.status}`)}</Tag> },
    { key: 'created', title: t('mortgage.log.time'), render: (r) => r.created_at.slice(0, 16).replace('T', ' ') },
    {
      key: 'actions',
      title: '',
      fixed: 'right',
      render: (r) =>
        r.status === 'PENDING' ? (
          <Space>
            <Button size="small" type="primary" onClick={() => void decide(r, true)} data-testid={`mortgage-request-approve-${r.id}`}>
              {t('mortgage.admin.approve')}
            </Button>
            <Popconfirm title={t('mortgage.admin.rejectConfirm')} onConfirm={() => decide(r, false)} okText={t('mortgage.admin.reject')} cancelText={t('mortgage.dialog.cancel')}>
              <Button size="small" danger data-testid={`mortgage-request-reject-${r.id}`}>
                {t('mortgage.admin.reject')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <section className="mortgage-admin-part">
      <Typography.Title level={3}>{t('mortgage.admin.requests')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('mortgage.admin.requestsRules')}</Typography.Paragraph>
      <div className="mortgage-filters">
        <Select
          className="mortgage-filter"
          value={status}
          onChange={(v: RequestStatus) => {
            setStatus(v);
            setPage(1);
          }}
          options={[{ value: '', label: t('mortgage.admin.allStatuses') }, ...CANCEL_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`mortgage.request.${s}`) }))]}
          data-testid="mortgage-request-filter"
        />
      </div>
      <ResponsiveTable
        testId="mortgage-requests"
        rowTestId="mortgage-request"
        rowKey={(r) => r.id}
        rows={list.data?.list}
        loading={list.isPending}
        failed={list.isError}
        columns={columns}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      />
    </section>
  );
}

/** Every user's moves into and out of mortgage (getpointmortgagelogs), by coin, type and user. */
function MortgageLogs() {
  const { t } = useTranslation();
  const [user, setUser] = useState('');
  const [query, setQuery] = useState<AdminMortgageLogsQuery>({ page: 1, count: PAGE });
  const logs = useQuery({ queryKey: mortgageKeys.adminLogs(query), queryFn: () => fetchAdminMortgageLogs(query) });
  const set = (change: Partial<AdminMortgageLogsQuery>) => setQuery((q) => ({ ...q, page: 1, ...change }));

  const columns: Column<AdminMortgageLogRow>[] = [
    { key: 'time', title: t('mortgage.log.time'), render: (r) => seconds(r.created_at) },
    { key: 'user', title: t('mortgage.log.user'), render: (r) => r.user_email },
    { key: 'coin', title: t('mortgage.log.coin'), render: (r) => r.coin },
    { key: 'type', title: t('mortgage.log.type'), render: (r) => t(`mortgage.type.${r.type}`) },
    { key: 'amount', title: t('mortgage.log.amount'), align: 'right', render: (r) => `${r.amount} ${r.coin}` },
    { key: 'remaining', title: t('mortgage.log.remaining'), align: 'right', render: (r) => (r.type === 'to_mortgage' ? `${r.remaining} ${r.coin}` : '—') },
    { key: 'status', title: t('mortgage.log.status'), render: (r) => (r.status ? <Tag>{t(`mortgage.status.${r.status}`)}</Tag> : '—') },
    { key: 'effective', title: t('mortgage.log.effective'), render: (r) => r.effective_day ?? '—' },
    { key: 'unlock', title: t('mortgage.log.unlock'), render: (r) => seconds(r.unlock_at) },
  ];

  return (
    <section className="mortgage-admin-part">
      <Typography.Title level={3}>{t('mortgage.admin.title')}</Typography.Title>
      <div className="mortgage-filters">
        <Input.Search
          className="mortgage-user-filter"
          value={user}
          onChange={(e) => setUser(e.target.value)}
          onSearch={(v) => set({ user: v.trim() || undefined })}
          placeholder={t('mortgage.admin.user')}
          enterButton={t('mortgage.admin.search')}
          allowClear
          data-testid="admin-mortgage-user"
        />
        <Input
          className="mortgage-filter mortgage-coin-filter"
          placeholder={t('mortgage.log.coin')}
          onBlur={(e) => set({ coin: e.target.value.trim().toUpperCase() || undefined })}
          data-testid="admin-mortgage-coin"
        />
        <Select
          className="mortgage-filter"
          value={query.type ?? ''}
          onChange={(v: MortgageLogType | '') => set({ type: v || undefined })}
          options={[{ value: '', label: t('mortgage.log.allTypes') }, ...MORTGAGE_LOG_TYPES.map((type) => ({ value: type, label: t(`mortgage.type.${type}`) }))]}
          data-testid="admin-mortgage-type"
        />
      </div>
      <ResponsiveTable
        testId="admin-mortgage-logs"
        rowTestId="admin-mortgage-log"
        rowKey={(r) => r.id}
        rows={logs.data?.list}
        loading={logs.isPending}
        failed={logs.isError}
        columns={columns}
        pagination={{
          current: Number(query.page ?? 1),
          pageSize: PAGE,
          total: logs.data?.total ?? 0,
          onChange: (page) => setQuery((q) => ({ ...q, page })),
          hideOnSinglePage: true,
        }}
      />
    </section>
  );
}

/** /admin/mortgage (issue 22): requests to put a pointing in mortgage, and every user's mortgage log. */
export function AdminMortgagePage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="admin-mortgage-page">
      <PageHeading title={t('admin.page.mortgage')} />
      <PointRequests />
      <MortgageLogs />
    </div>
  );
}
