import { CANCEL_REQUEST_STATUSES, POINT_STATUSES, POINTING_COINS } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Select, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { ResponsiveTable, type Column } from '../adminCore/ResponsiveTable.tsx';
import { fetchAdminRecords, fetchReviews, isOk, PAGE, pointingKeys, review, type AdminPointRecordRow, type AdminRecordsQuery, type PointCancellationRow } from './pointingApi.ts';
import './pointing.css';

/** /admin/point_info (spec doc 2 §2; issue 22): every pointing record, with filters; the export centre's file of the list as filtered (the applied filters). */
export function AdminPointInfoPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ coin: string; status: string; user: string; source_address: string }>({ coin: '', status: '', user: '', source_address: '' });
  const [applied, setApplied] = useState(filters);
  const [page, setPage] = useState(1);
  const query = { ...applied, page, count: PAGE } as AdminRecordsQuery;
  const records = useQuery({ queryKey: pointingKeys.adminRecords(query), queryFn: () => fetchAdminRecords(query) });

  const columns: Column<AdminPointRecordRow>[] = [
    { key: 'user', title: t('pointing.field.user'), render: (r) => r.user_email },
    { key: 'coin', title: t('pointing.field.coin'), render: (r) => r.coin },
    { key: 'source', title: t('pointing.field.source'), render: (r) => <span className="pointing-mono">{r.source_address}</span> },
    { key: 'pool', title: t('pointing.field.pool'), render: (r) => <span className="pointing-mono">{r.pool_address}</span> },
    { key: 'amount', title: t('pointing.field.amount'), align: 'right', render: (r) => r.amount },
    { key: 'pledge', title: t('pointing.field.actualPledge'), align: 'right', render: (r) => r.actual_pledge },
    { key: 'deposit', title: t('pointing.field.deposit'), align: 'right', render: (r) => r.deposit },
    { key: 'penalty', title: t('pointing.field.penalty'), align: 'right', render: (r) => r.penalty },
    { key: 'term', title: t('pointing.field.term'), render: (r) => t(`pointing.term.${r.term}`) },
    { key: 'status', title: t('pointing.field.status'), render: (r) => <Tag data-testid={`admin-point-status-${r.id}`}>{t(`pointing.status.${r.status}`)}</Tag> },
    { key: 'height', title: t('pointing.field.height'), render: (r) => r.height ?? '—' },
    { key: 'expiry', title: t('pointing.field.expiry'), render: (r) => r.expiry_height ?? '—' },
  ];

  return (
    <div className="page" data-testid="admin-point-info-page">
      <PageHeading title={t('admin.page.point_info')} />
      <div className="pointing-filters">
        <Select
          allowClear
          placeholder={t('pointing.field.coin')}
          style={{ width: 120 }}
          value={filters.coin || undefined}
          onChange={(v?: string) => setFilters({ ...filters, coin: v ?? '' })}
          options={POINTING_COINS.map((c) => ({ value: c, label: c }))}
          data-testid="admin-point-coin"
        />
        <Select
          allowClear
          placeholder={t('pointing.field.status')}
          style={{ width: 200 }}
          value={filters.status || undefined}
          onChange={(v?: string) => setFilters({ ...filters, status: v ?? '' })}
          options={POINT_STATUSES.map((s) => ({ value: s, label: t(`pointing.status.${s}`) }))}
          data-testid="admin-point-status"
        />
        <Input
          placeholder={t('pointing.field.user')}
          style={{ width: 200 }}
          value={filters.user}
          onChange={(e) => setFilters({ ...filters, user: e.target.value })}
          data-testid="admin-point-user"
        />
        <Input
          placeholder={t('pointing.field.source')}
          style={{ width: 260 }}
          value={filters.source_address}
          onChange={(e) => setFilters({ ...filters, source_address: e.target.value })}
          data-testid="admin-point-source"
        />
        <Button
          type="primary"
          onClick={() => {
            setApplied(filters);
            setPage(1);
          }}
          data-testid="admin-point-search"
        >
          {t('pointing.search')}
        </Button>
        <ExportButton scope="admin" list="point_info" filters={applied} testId="admin-point-export" />
      </div>
      <ResponsiveTable
        testId="admin-point-records"
        rowTestId="admin-point-record"
        rowKey={(r) => r.id}
        rows={records.data?.list}
        loading={records.isPending}
        failed={records.isError}
        columns={columns}
        pagination={{ current: page, pageSize: PAGE, total: records.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      />
    </div>
  );
}

/** /admin/point_review (spec doc 2 §2, §7 getauditpointmortgagelogs / auditunlockmortgagepoint; issue 22): cancellation requests, approved or rejected. */
export function AdminPointReviewPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const [status, setStatus] = useState<'' | (typeof CANCEL_REQUEST_STATUSES)[number]>('PENDING');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<PointCancellationRow | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery({ queryKey: pointingKeys.reviews(status, page), queryFn: () => fetchReviews(status, page) });

  async function decide(row: PointCancellationRow, approve: boolean, why = '') {
    if (isOk(await review(row.id, approve, why))) {
      toast(t(approve ? 'pointing.review.approved' : 'pointing.review.rejected'));
      setRejecting(null);
      await queryClient.invalidateQueries({ queryKey: pointingKeys.all });
    }
  }

  const columns: Column<PointCancellationRow>[] = [
    { key: 'user', title: t('pointing.field.user'), render: (r) => r.user_email },
    { key: 'coin', title: t('pointing.field.coin'), render: (r) => r.coin },
    { key: 'source', title: t('pointing.field.source'), render: (r) => <span className="pointing-mono">{r.source_address}</span> },
    { key: 'amount', title: t('pointing.field.amount'), align: 'right', render: (r) => r.amount },
    { key: 'deposit', title: t('pointing.field.deposit'), align: 'right', render: (r) => r.deposit },
    { key: 'record', title: t('pointing.field.status'), render: (r) => t(`pointing.status.${r.record_status}`) },
    { key: 'request', title: t('pointing.field.cancellation'), render: (r) => <Tag data-testid={`point-review-status-${r.id}`}>{t(`pointing.cancel.${r.status}`)}</Tag> },
    { key: 'reason', title: t('pointing.field.reason'), render: (r) => r.reason || '—' },
    { key: 'created', title: t('pointing.field.created'), render: (r) => r.created_at.slice(0, 16).replace('T', ' ') },
    {
      key: 'actions',
      title: '',
      fixed: 'right',
      render: (r) =>
        r.status === 'PENDING' ? (
          <Space>
            <Button size="small" type="primary" onClick={() => decide(r, true)} data-testid={`point-review-approve-${r.id}`}>
              {t('pointing.review.approve')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => {
                setRejecting(r);
                setReason('');
              }}
              data-testid={`point-review-reject-${r.id}`}
            >
              {t('pointing.review.reject')}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <div className="page" data-testid="admin-point-review-page">
      <PageHeading title={t('admin.page.point_review')} />
      <div className="pointing-filters">
        <Select
          style={{ width: 180 }}
          value={status}
          onChange={(v: typeof status) => {
            setStatus(v);
            setPage(1);
          }}
          options={[{ value: '', label: t('pointing.all') }, ...CANCEL_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`pointing.cancel.${s}`) }))]}
          data-testid="point-review-filter"
        />
      </div>
      <Typography.Paragraph type="secondary">{t('pointing.review.rules')}</Typography.Paragraph>
      <ResponsiveTable
        testId="point-reviews"
        rowTestId="point-review"
        rowKey={(r) => r.id}
        rows={list.data?.list}
        loading={list.isPending}
        failed={list.isError}
        columns={columns}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      />
      <Modal
        open={rejecting !== null}
        title={t('pointing.review.rejectTitle')}
        onCancel={() => setRejecting(null)}
        onOk={() => (rejecting ? decide(rejecting, false, reason) : undefined)}
        okText={t('pointing.review.reject')}
        cancelText={t('pointing.close')}
        okButtonProps={{ danger: true, 'data-testid': 'point-review-reject-confirm' } as ButtonProps}
      >
        <Input.TextArea value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} placeholder={t('pointing.field.reason')} data-testid="point-review-reason" />
      </Modal>
    </div>
  );
}
