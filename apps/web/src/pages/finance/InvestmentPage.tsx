import type { FinanceHolding } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Grid, Modal, Pagination, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { walletKeys } from '../wallet/walletApi.ts';
import { newRequestId } from '../wallet/WithdrawDialog.tsx';
import { fetchHoldings, fetchIncome, fetchProduct, financeKeys, isOk, redeemHolding, revokeHolding, type FinanceIncome } from './financeApi.ts';
import { formatDay } from './format.ts';
import './finance.css';

const STATUS_COLOR: Record<string, string> = {
  waiting: 'gold',
  interest: 'blue',
  redeeming: 'orange',
  locked: 'purple',
  redeemed: 'default',
  ended: 'default',
  revoked: 'default',
  unlocked: 'default',
};
const DAY_MS = 86_400_000;

/**
 * /center/investment (spec doc 1 §2 'Investment'; issue 23): the user's holdings with their
 * accrued income and yesterday's, redemption of a current holding with its expected date
 * (T+N), revoking a periodical one before it earns, and the daily income history.
 */
export function InvestmentPage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(1);
  const [incomePage, setIncomePage] = useState(1);
  const [closing, setClosing] = useState<{ holding: FinanceHolding; action: 'redeem' | 'revoke' } | null>(null);
  const holdings = useQuery({ queryKey: financeKeys.holdings(page), queryFn: () => fetchHoldings(page) });
  const income = useQuery({ queryKey: financeKeys.income(incomePage), queryFn: () => fetchIncome(incomePage) });
  const phone = screens.lg === false;

  const actionOf = (h: FinanceHolding) =>
    (h.type === 'HQB' || h.type === 'SXC') && (h.status === 'waiting' || h.status === 'interest') ? 'redeem' : h.type === 'DQB' && h.status === 'waiting' ? 'revoke' : null;
  const statusOf = (h: FinanceHolding) => (
    <Tag color={STATUS_COLOR[h.status]} data-testid={`holding-status-${h.id}`}>
      {t(`finance.holding.${h.status}`)}
      {h.blocks_left !== null && h.status === 'locked' ? ` · ${t('finance.investment.blocksLeft', { count: h.blocks_left })}` : ''}
    </Tag>
  );
  const actionButton = (h: FinanceHolding) => {
    const action = actionOf(h);
    return action ? (
      <Button size="small" onClick={() => setClosing({ holding: h, action })} data-testid={`holding-${action}-${h.id}`}>
        {t(`finance.investment.${action}`)}
      </Button>
    ) : null;
  };

  const columns: TableColumnsType<FinanceHolding> = [
    { key: 'product', title: t('finance.investment.product'), render: (_, h) => `${h.product_name} · ${t(`finance.type.${h.type}`)}` },
    { key: 'amount', title: t('finance.investment.amount'), align: 'right', render: (_, h) => <span className="finance-amount">{`${h.amount} ${h.coin}`}</span> },
    {
      key: 'income',
      title: t('finance.investment.income'),
      align: 'right',
      render: (_, h) => <span className="finance-amount" data-testid={`holding-income-${h.id}`}>{`${h.income} ${h.coin}`}</span>,
    },
    { key: 'yesterday', title: t('finance.investment.yesterday'), align: 'right', render: (_, h) => <span className="finance-amount">{`${h.yesterday_income} ${h.coin}`}</span> },
    { key: 'status', title: t('finance.investment.status'), render: (_, h) => statusOf(h) },
    { key: 'subscribed', title: t('finance.investment.subscribed'), render: (_, h) => formatDay(h.subscribed_at) },
    { key: 'due', title: t('finance.investment.due'), render: (_, h) => <span data-testid={`holding-due-${h.id}`}>{formatDay(h.redemption_due_at ?? h.closed_at)}</span> },
    { key: 'action', title: '', render: (_, h) => actionButton(h) },
  ];
  const incomeColumns: TableColumnsType<FinanceIncome> = [
    { key: 'day', title: t('finance.investment.day'), render: (_, r) => r.day },
    { key: 'product', title: t('finance.investment.product'), render: (_, r) => r.product_name },
    { key: 'amount', title: t('finance.investment.income'), align: 'right', render: (_, r) => <span className="finance-amount">{`${r.amount} ${r.coin}`}</span> },
  ];

  return (
    <div className="page finance-page" data-testid="investment-page">
      <PageHeading title={t('finance.investment.title')}>
        <Link to="/financial" data-testid="investment-browse">
          {t('finance.investment.browse')}
        </Link>
      </PageHeading>
      <Typography.Title level={3}>{t('finance.investment.holdings')}</Typography.Title>
      {phone ? (
        <div data-testid="holdings-table">
          {(holdings.data?.list ?? []).length === 0 ? <Typography.Text type="secondary">{t('finance.investment.empty')}</Typography.Text> : null}
          {(holdings.data?.list ?? []).map((h) => (
            <div key={h.id} className="finance-list-item" data-testid={`holding-row-${h.id}`}>
              <div>
                <div>{h.product_name}</div>
                <Typography.Text type="secondary">{formatDay(h.subscribed_at)}</Typography.Text>
                <div>{statusOf(h)}</div>
                {h.redemption_due_at ? (
                  <Typography.Text type="secondary" data-testid={`holding-due-${h.id}`}>{`${t('finance.investment.due')}: ${formatDay(h.redemption_due_at)}`}</Typography.Text>
                ) : null}
              </div>
              <div className="finance-list-item__side">
                <div className="finance-amount">{`${h.amount} ${h.coin}`}</div>
                <div className="finance-amount" data-testid={`holding-income-${h.id}`}>{`+${h.income}`}</div>
                {actionButton(h)}
              </div>
            </div>
          ))}
          <Pagination simple current={page} pageSize={20} total={holdings.data?.total ?? 0} onChange={setPage} hideOnSinglePage />
        </div>
      ) : (
        <Table
          rowKey="id"
          size="middle"
          data-testid="holdings-table"
          loading={holdings.isPending}
          columns={columns}
          dataSource={holdings.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('finance.investment.empty') }}
          onRow={(h) => ({ 'data-testid': `holding-row-${h.id}` }) as HTMLAttributes<HTMLElement>}
          pagination={{ current: page, pageSize: 20, total: holdings.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        />
      )}
      <Typography.Title level={3} className="finance-section">
        {t('finance.investment.history')}
      </Typography.Title>
      <Table
        rowKey={(r) => `${r.holding_id}:${r.day}`}
        size="small"
        data-testid="income-table"
        loading={income.isPending}
        columns={incomeColumns}
        dataSource={income.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('finance.investment.noIncome') }}
        pagination={{ current: incomePage, pageSize: 20, total: income.data?.total ?? 0, onChange: setIncomePage, showSizeChanger: false, hideOnSinglePage: true }}
      />
      {closing ? <CloseDialog holding={closing.holding} action={closing.action} onClose={() => setClosing(null)} /> : null}
    </div>
  );
}

/** Confirms a redemption (with its expected date) or a revocation. */
function CloseDialog({ holding, action, onClose }: { holding: FinanceHolding; action: 'redeem' | 'revoke'; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(newRequestId);
  // When the dialog opened: the expected date counts from it.
  const [openedAt] = useState(() => Date.now());
  // The product's T+N (a setting): the expected date shown before asking; the server answers the exact one.
  const product = useQuery({ queryKey: financeKeys.product(holding.product_id), queryFn: () => fetchProduct(holding.product_id) });
  const expected = product.data ? formatDay(new Date(openedAt + product.data.redemption_days * DAY_MS).toISOString()).slice(0, 10) : '…';
  const confirm = async () => {
    setBusy(true);
    try {
      const answer = action === 'redeem' ? await redeemHolding(holding.id, requestId) : await revokeHolding(holding.id, requestId);
      if (isOk(answer)) {
        await Promise.all([queryClient.invalidateQueries({ queryKey: financeKeys.all }), queryClient.invalidateQueries({ queryKey: walletKeys.all })]);
        toast(t(action === 'redeem' ? 'finance.investment.redeemed' : 'finance.investment.revoked'));
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t(action === 'redeem' ? 'finance.investment.redeemTitle' : 'finance.investment.revokeTitle')}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t(`finance.investment.${action}`)}
      cancelText={t('finance.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'holding-close-confirm' }}
      modalRender={(node) => <div data-testid="holding-close-dialog">{node}</div>}
    >
      <Typography.Paragraph data-testid="holding-close-text">
        {action === 'redeem'
          ? t('finance.investment.redeemText', { amount: `${holding.amount} ${holding.coin}`, date: expected })
          : t('finance.investment.revokeText', { amount: `${holding.amount} ${holding.coin}` })}
      </Typography.Paragraph>
    </Modal>
  );
}
