import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, middleEllipsis, STATUS_COLOR } from './format.ts';
import { moneyColumns } from './withdrawalColumns.tsx';
import { auditBatch, fetchAdminWithdrawals, fetchAuditing, ok, walletKeys, type AdminWithdrawal } from './walletApi.ts';
import './wallet.css';

function useColumns(): TableColumnsType<AdminWithdrawal> {
  const { t } = useTranslation();
  return [
    { key: 'time', title: t('wallet.list.time'), render: (_, w) => formatTime(w.created_at) },
    { key: 'user', title: t('wallet.admin.user'), render: (_, w) => <span title={w.uid}>{w.email}</span> },
    ...moneyColumns<AdminWithdrawal>(t),
    { key: 'address', title: t('wallet.list.address'), render: (_, w) => <span title={w.address}>{middleEllipsis(w.address)}</span> },
    { key: 'batch', title: t('wallet.admin.batch'), render: (_, w) => w.batch },
    {
      key: 'status',
      title: t('wallet.list.status'),
      render: (_, w) => (
        <Tag color={STATUS_COLOR[w.status]} data-testid={`admin-withdrawal-status-${w.id}`} data-status={w.status}>
          {t(`wallet.status.${w.status}`)}
        </Tag>
      ),
    },
    { key: 'txid', title: t('wallet.list.txid'), render: (_, w) => (w.txid ? <span title={w.txid}>{middleEllipsis(w.txid)}</span> : w.reason || '—') },
  ];
}

const rowTestId = (w: AdminWithdrawal) => ({ 'data-testid': `admin-withdrawal-row-${w.id}` }) as HTMLAttributes<HTMLElement>;

/**
 * /admin/withdraw_review (spec doc 1 §5, doc 2 §7 'Admin'): the withdrawals under review,
 * approved or rejected in a batch; a rejection needs its reason.
 */
export function WithdrawReviewPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const auditing = useQuery({ queryKey: walletKeys.adminAuditing, queryFn: fetchAuditing });
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ done: number; skipped: number } | null>(null);
  const columns = useColumns();

  const audit = async (approve: boolean) => {
    setBusy(true);
    try {
      const answer = await auditBatch(selected, approve, approve ? '' : reason.trim());
      if (ok(answer) && 'data' in answer) {
        setResult({ done: answer.data.done.length, skipped: answer.data.skipped.length });
        setSelected([]);
        setRejecting(false);
        setReason('');
        await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      }
    } catch {
      // A transport failure: the API client has already shown it.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wallet-page" data-testid="withdraw-review-page">
      <Typography.Title level={3}>{t('wallet.admin.reviewTitle')}</Typography.Title>
      <div className="wallet-toolbar">
        <Typography.Text type="secondary" data-testid="withdraw-review-selected">
          {t('wallet.admin.selected', { count: selected.length })}
        </Typography.Text>
        <Space wrap>
          <Popconfirm
            title={t('wallet.admin.approveConfirm')}
            okText={t('wallet.yes')}
            cancelText={t('wallet.no')}
            onConfirm={() => audit(true)}
            okButtonProps={{ 'data-testid': 'withdraw-review-approve-confirm' }}
            disabled={selected.length === 0}
          >
            <Button type="primary" disabled={selected.length === 0} loading={busy && !rejecting} data-testid="withdraw-review-approve">
              {t('wallet.admin.approve')}
            </Button>
          </Popconfirm>
          <Button danger disabled={selected.length === 0} onClick={() => setRejecting(true)} data-testid="withdraw-review-reject">
            {t('wallet.admin.reject')}
          </Button>
        </Space>
      </div>
      {result ? (
        <Alert type="success" showIcon closable className="wallet-gap" onClose={() => setResult(null)} data-testid="withdraw-review-result" title={t('wallet.admin.result', result)} />
      ) : null}
      <Table
        rowKey="id"
        size="small"
        data-testid="withdraw-review-table"
        loading={auditing.isPending}
        columns={columns}
        dataSource={auditing.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('wallet.noData') }}
        pagination={false}
        onRow={rowTestId}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (w) => ({ 'data-testid': `withdraw-review-check-${w.id}` }) as object,
        }}
      />
      <Modal
        open={rejecting}
        title={t('wallet.admin.reject')}
        onCancel={() => setRejecting(false)}
        okText={t('wallet.admin.reject')}
        cancelText={t('wallet.cancel')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: busy, 'data-testid': 'withdraw-review-reject-submit' }}
        onOk={() => void audit(false)}
        modalRender={(node) => <div data-testid="withdraw-review-reject-dialog">{node}</div>}
      >
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          showCount
          placeholder={t('wallet.admin.reason')}
          status={reason.trim() === '' ? 'warning' : undefined}
          data-testid="withdraw-review-reason"
        />
        {reason.trim() === '' ? <Typography.Text type="secondary">{t('wallet.admin.reasonRequired')}</Typography.Text> : null}
      </Modal>
    </div>
  );
}

/** /admin/deposit_withdrawal: every user's withdrawals, newest first, paged. */
export function AdminWithdrawalsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const withdrawals = useQuery({ queryKey: walletKeys.adminAll(page), queryFn: () => fetchAdminWithdrawals(page) });
  const columns = useColumns();
  return (
    <div className="wallet-page" data-testid="admin-withdrawals-page">
      <Typography.Title level={3}>{t('wallet.admin.allTitle')}</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        data-testid="admin-withdrawals-table"
        loading={withdrawals.isPending}
        columns={columns}
        dataSource={withdrawals.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('wallet.noData') }}
        onRow={rowTestId}
        pagination={{ current: page, pageSize: 20, total: withdrawals.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </div>
  );
}
