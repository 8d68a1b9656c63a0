import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelBatch, fetchSendPending, walletAdminKeys } from './adminWalletApi.ts';
import { ReasonDialog, rowTestId, SelectableBatch, useAdminWithdrawalColumns, useBatch } from './adminWithdrawalTable.tsx';
import { BalanceAdjustment } from './BalanceAdjustment.tsx';
import { auditBatch, fetchAdminWithdrawals, fetchAuditing, walletKeys } from './walletApi.ts';
import { WithdrawFeeCard } from './WithdrawFeeCard.tsx';
import './wallet.css';
import './walletAdmin.css';
import { ExportButton } from '../../components/export/ExportButton.tsx';

/** The withdrawals under review, approved or rejected in a batch; a rejection needs its reason. */
function ReviewTab() {
  const { t } = useTranslation();
  const auditing = useQuery({ queryKey: walletKeys.adminAuditing, queryFn: fetchAuditing });
  const batch = useBatch();
  const [rejecting, setRejecting] = useState(false);
  const none = batch.selected.length === 0;

  const audit = async (approve: boolean, reason: string) => {
    if (await batch.run((ids) => auditBatch(ids, approve, reason))) setRejecting(false);
  };

  return (
    <>
      <SelectableBatch prefix="withdraw-review" batch={batch} rows={auditing.data?.list} loading={auditing.isPending}>
        <Space wrap>
          <Popconfirm
            title={t('wallet.admin.approveConfirm')}
            okText={t('wallet.yes')}
            cancelText={t('wallet.no')}
            onConfirm={() => audit(true, '')}
            okButtonProps={{ 'data-testid': 'withdraw-review-approve-confirm' }}
            disabled={none}
          >
            <Button type="primary" disabled={none} loading={batch.busy && !rejecting} data-testid="withdraw-review-approve">
              {t('wallet.admin.approve')}
            </Button>
          </Popconfirm>
          <Button danger disabled={none} onClick={() => setRejecting(true)} data-testid="withdraw-review-reject">
            {t('wallet.admin.reject')}
          </Button>
        </Space>
      </SelectableBatch>
      <ReasonDialog
        open={rejecting}
        title={t('wallet.admin.reject')}
        placeholder={t('wallet.admin.reason')}
        requiredText={t('wallet.admin.reasonRequired')}
        busy={batch.busy}
        testIds={{ dialog: 'withdraw-review-reject-dialog', reason: 'withdraw-review-reason', submit: 'withdraw-review-reject-submit' }}
        onCancel={() => setRejecting(false)}
        onSubmit={(reason) => void audit(false, reason)}
      />
    </>
  );
}

/**
 * Approved withdrawals the sender has not started (SENT_PENDING): cancelled with a reason, the
 * amount returns to the user. One the sender picks up meanwhile is skipped with its code.
 */
function SendPendingTab() {
  const { t } = useTranslation();
  const pending = useQuery({ queryKey: walletAdminKeys.sendPending, queryFn: fetchSendPending });
  const batch = useBatch();
  const [cancelling, setCancelling] = useState(false);

  const cancel = async (reason: string) => {
    if (await batch.run((ids) => cancelBatch(ids, reason))) setCancelling(false);
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('walletAdmin.pending.intro')}</Typography.Paragraph>
      <SelectableBatch prefix="withdraw-pending" batch={batch} rows={pending.data?.list} loading={pending.isPending}>
        <Button danger disabled={batch.selected.length === 0} onClick={() => setCancelling(true)} data-testid="withdraw-pending-cancel">
          {t('walletAdmin.pending.cancel')}
        </Button>
      </SelectableBatch>
      <ReasonDialog
        open={cancelling}
        title={t('walletAdmin.pending.cancel')}
        placeholder={t('walletAdmin.pending.reason')}
        requiredText={t('walletAdmin.pending.reasonRequired')}
        busy={batch.busy}
        testIds={{ dialog: 'withdraw-pending-cancel-dialog', reason: 'withdraw-pending-reason', submit: 'withdraw-pending-cancel-submit' }}
        onCancel={() => setCancelling(false)}
        onSubmit={(reason) => void cancel(reason)}
      />
    </>
  );
}

/**
 * /admin/withdraw_review (spec doc 1 §5, doc 2 §7 'Admin'): the review, the approved
 * withdrawals not sent yet, and each coin's withdrawal fee.
 */
export function WithdrawReviewPage() {
  const { t } = useTranslation();
  const tab = (key: string, label: string) => <span data-testid={`withdraw-review-tab-${key}`}>{label}</span>;
  return (
    <div className="wallet-page" data-testid="withdraw-review-page">
      <Typography.Title level={3}>{t('wallet.admin.reviewTitle')}</Typography.Title>
      <Tabs
        items={[
          { key: 'review', label: tab('review', t('walletAdmin.tabs.review')), children: <ReviewTab /> },
          { key: 'pending', label: tab('pending', t('walletAdmin.tabs.pending')), children: <SendPendingTab /> },
          { key: 'fees', label: tab('fees', t('walletAdmin.tabs.fees')), children: <WithdrawFeeCard /> },
        ]}
      />
    </div>
  );
}

/** /admin/deposit_withdrawal: every user's withdrawals, newest first, paged; balance adjustments. */
export function AdminWithdrawalsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const withdrawals = useQuery({ queryKey: walletKeys.adminAll(page), queryFn: () => fetchAdminWithdrawals(page) });
  const columns = useAdminWithdrawalColumns();
  return (
    <div className="wallet-page" data-testid="admin-withdrawals-page">
      <div className="wallet-page__head">
        <Typography.Title level={3}>{t('wallet.admin.allTitle')}</Typography.Title>
        <BalanceAdjustment />
      </div>
      <div className="wallet-toolbar">
        <ExportButton scope="admin" list="deposit_withdrawal" filters={{}} />
      </div>
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
