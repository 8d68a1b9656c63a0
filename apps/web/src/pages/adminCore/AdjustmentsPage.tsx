import { ADJUSTMENT_STATUSES, type Adjustment, type AdjustmentStatus } from '@platter/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceAdjustment } from '../wallet/BalanceAdjustment.tsx';
import { formatTime } from '../wallet/format.ts';
import { adminCoreKeys, decideAdjustment, fetchAdjustments, PAGE_SIZE, succeeded } from './adminCoreApi.ts';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';
import { AdminOnly, StatusTag, UserCell, useStaffRole } from './staff.tsx';
import './adminCore.css';
import { Amount } from '../../components/Amount.tsx';

/**
 * /admin/balance_adjustments: every UpdateBalance, pending ones first. An adjustment above the
 * threshold (counted with the same admin's and the same user's recent unreviewed ones) waits
 * here for a second admin; neither its requester nor the adjusted admin can decide it; a
 * rejection needs its reason.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  return (
    <div className="admin-core-page" data-testid="admin-adjustments-page">
      <Typography.Title level={3}>{t('adminCore.adjustments.title')}</Typography.Title>
      <AdminOnly>
        <Adjustments />
      </AdminOnly>
    </div>
  );
}

function Adjustments() {
  const { t } = useTranslation();
  const { uid: me } = useStaffRole();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AdjustmentStatus | ''>('pending');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery({ queryKey: adminCoreKeys.adjustments(status, page), queryFn: () => fetchAdjustments(status, page), placeholderData: keepPreviousData });

  const decide = async (row: Adjustment, approve: boolean, why: string) => {
    setBusy(row.id);
    try {
      const done = succeeded(await decideAdjustment(row.id, approve, why));
      // Decided meanwhile by another admin: the list shows what happened either way.
      await queryClient.invalidateQueries({ queryKey: adminCoreKeys.all });
      return done;
    } finally {
      setBusy(null);
    }
  };

  const columns: Column<Adjustment>[] = [
    { key: 'created', title: t('adminCore.adjustments.created'), render: (a) => <span className="admin-core-nowrap">{formatTime(a.created_at)}</span> },
    { key: 'user', title: t('adminCore.adjustments.user'), render: (a) => <UserCell uid={a.uid} email={a.email} /> },
    {
      key: 'amount',
      title: t('adminCore.adjustments.amount'),
      align: 'right',
      render: (a) => (
        <span className="admin-core-amount" data-testid={`adjustment-amount-${a.id}`}>
          <Amount value={a.amount} coin={a.coin} signed />
        </span>
      ),
    },
    { key: 'reason', title: t('adminCore.adjustments.reason'), render: (a) => a.reason },
    { key: 'requested', title: t('adminCore.adjustments.requestedBy'), render: (a) => a.requested_by },
    { key: 'status', title: t('adminCore.adjustments.status'), render: (a) => <StatusTag status={a.status} testId={`adjustment-status-${a.id}`} /> },
    {
      key: 'decided',
      title: t('adminCore.adjustments.decidedBy'),
      render: (a) => (a.decided_by ? `${a.decided_by}${a.reject_reason ? ` — ${a.reject_reason}` : ''}` : '—'),
    },
    {
      key: 'actions',
      title: '',
      render: (a) => {
        if (a.status !== 'pending') return null;
        // Neither the requester nor the adjusted admin decides it.
        if (a.requested_by_uid === me || a.uid === me)
          return (
            <Typography.Text type="secondary" data-testid={`adjustment-own-${a.id}`}>
              {t('adminCore.adjustments.own')}
            </Typography.Text>
          );
        return (
          <Space>
            <Popconfirm
              title={t('adminCore.adjustments.approveConfirm', { amount: a.amount, coin: a.coin, email: a.email })}
              okText={t('adminCore.yes')}
              cancelText={t('adminCore.no')}
              okButtonProps={{ 'data-testid': 'adjustment-approve-confirm' }}
              onConfirm={() => decide(a, true, '')}
            >
              <Button type="primary" size="small" loading={busy === a.id} data-testid={`adjustment-approve-${a.id}`}>
                {t('adminCore.adjustments.approve')}
              </Button>
            </Popconfirm>
            <Button danger size="small" onClick={() => setRejecting(a)} data-testid={`adjustment-reject-${a.id}`}>
              {t('adminCore.adjustments.reject')}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Typography.Text type="secondary" className="admin-core-hint" data-testid="adjustments-threshold">
        {t('adminCore.adjustments.threshold', { threshold: list.data?.threshold ?? '…', hours: list.data?.window_hours ?? '…' })}
      </Typography.Text>
      <div className="admin-core-toolbar">
        <Select
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          className="admin-core-filter"
          aria-label={t('adminCore.adjustments.status')}
          data-testid="adjustments-filter-status"
          options={[
            { value: '', label: t('adminCore.adjustments.all') },
            ...ADJUSTMENT_STATUSES.map((s) => ({ value: s, label: <span data-testid={`adjustments-filter-status-option-${s}`}>{t(`adminCore.status.${s}`)}</span> })),
          ]}
        />
        <BalanceAdjustment />
      </div>
      <ResponsiveTable
        testId="adjustments-table"
        rowTestId="adjustment-row"
        rowKey={(a) => a.id}
        rows={list.data?.list}
        loading={list.isFetching}
        failed={list.isError}
        columns={columns}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      />
      <Modal
        open={rejecting !== null}
        title={t('adminCore.adjustments.rejectTitle')}
        okText={t('adminCore.adjustments.reject')}
        cancelText={t('adminCore.no')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: busy !== null, 'data-testid': 'adjustment-reject-submit' }}
        onCancel={() => setRejecting(null)}
        onOk={async () => {
          if (rejecting && (await decide(rejecting, false, reason.trim()))) {
            setRejecting(null);
            setReason('');
          }
        }}
      >
        <Form layout="vertical">
          <Form.Item label={t('adminCore.adjustments.rejectReason')} required>
            <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} showCount data-testid="adjustment-reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
