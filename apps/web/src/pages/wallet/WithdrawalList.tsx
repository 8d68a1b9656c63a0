import { userCanCancel, type Withdrawal } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, middleEllipsis, STATUS_COLOR } from './format.ts';
import { moneyColumns } from './withdrawalColumns.tsx';
import { cancelWithdrawal, fetchWithdrawals, ok, walletKeys } from './walletApi.ts';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';

const PAGE_SIZE = 10;

/** The user's withdrawals: amount, fee, actual received, address, status, TXID; AUDITING ones can be cancelled. */
export function WithdrawalList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const [page, setPage] = useState(1);
  const withdrawals = useQuery({ queryKey: walletKeys.withdrawals(page), queryFn: () => fetchWithdrawals(page, PAGE_SIZE), refetchInterval: 5000 });

  const cancel = async (id: string) => {
    try {
      if (!ok(await cancelWithdrawal(id))) return;
      toast(t('feedback.withdrawCanceled'));
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } catch {
      // A transport failure: the API client has already shown it.
    }
  };

  const columns: TableColumnsType<Withdrawal> = [
    { key: 'time', title: t('wallet.list.time'), render: (_, w) => formatTime(w.created_at) },
    ...moneyColumns<Withdrawal>(t),
    {
      key: 'address',
      title: t('wallet.list.address'),
      render: (_, w) => (
        <span title={w.address}>
          {middleEllipsis(w.address)}
          {w.memo ? <Typography.Text type="secondary"> ({w.memo})</Typography.Text> : null}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('wallet.list.status'),
      render: (_, w) => (
        <span>
          <Tag color={STATUS_COLOR[w.status]} data-testid={`withdrawal-status-${w.id}`} data-status={w.status}>
            {t(`wallet.status.${w.status}`)}
          </Tag>
          {w.reason ? (
            <Typography.Text type="secondary" className="wallet-small">
              {w.reason}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'txid',
      title: t('wallet.list.txid'),
      render: (_, w) =>
        w.txid ? (
          <Typography.Text copyable={{ text: w.txid }} title={w.txid} data-testid={`withdrawal-txid-${w.id}`}>
            {middleEllipsis(w.txid)}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      title: '',
      render: (_, w) =>
        userCanCancel(w.status) ? (
          <Popconfirm
            title={t('wallet.list.cancelConfirm')}
            okText={t('wallet.yes')}
            cancelText={t('wallet.no')}
            onConfirm={() => cancel(w.id)}
            okButtonProps={{ 'data-testid': 'withdrawal-cancel-confirm' }}
          >
            <Button size="small" danger data-testid={`withdrawal-cancel-${w.id}`}>
              {t('wallet.list.cancel')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <section className="wallet-section" id="withdrawals" data-testid="withdrawal-list">
      <div className="wallet-page__head">
        <Typography.Title level={4}>{t('wallet.list.title')}</Typography.Title>
        <ExportButton scope="pool" list="withdraw" filters={{}} />
      </div>
      <Table
        rowKey="id"
        size="small"
        loading={withdrawals.isPending}
        columns={columns}
        dataSource={withdrawals.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('wallet.noData') }}
        onRow={(w) => ({ 'data-testid': `withdrawal-row-${w.id}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: withdrawals.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </section>
  );
}
