import type { FinanceHolding } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useModalSubmit } from '../../lib/useModalSubmit.ts';
import { ResponsiveTable, type Column } from '../adminCore/ResponsiveTable.tsx';
import { walletKeys } from '../wallet/walletApi.ts';
import { newRequestId } from '../wallet/WithdrawDialog.tsx';
import { fetchHoldings, fetchIncome, fetchProduct, financeKeys, redeemHolding, revokeHolding, type FinanceIncome } from './financeApi.ts';
import { formatDay, useCoinUnit } from './format.ts';
import '../adminCore/adminCore.css';
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
  const unitOf = useCoinUnit();
  const [page, setPage] = useState(1);
  const [incomePage, setIncomePage] = useState(1);
  const [closing, setClosing] = useState<{ holding: FinanceHolding; action: 'redeem' | 'revoke' } | null>(null);
  const holdings = useQuery({ queryKey: financeKeys.holdings(page), queryFn: () => fetchHoldings(page) });
  const income = useQuery({ queryKey: financeKeys.income(incomePage), queryFn: () => fetchIncome(incomePage) });

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

  const columns: Column<FinanceHolding>[] = [
    { key: 'product', title: t('finance.investment.product'), render: (h) => `${h.product_name} · ${t(`finance.type.${h.type}`)}` },
    { key: 'amount', title: t('finance.investment.amount'), align: 'right', render: (h) => <span className="finance-amount">{`${h.amount} ${unitOf(h.coin)}`}</span> },
    {
      key: 'income',
      title: t('finance.investment.income'),
      align: 'right',
      render: (h) => <span className="finance-amount" data-testid={`holding-income-${h.id}`}>{`${h.income} ${unitOf(h.coin)}`}</span>,
    },
    {
      key: 'yesterday',
      title: t('finance.investment.yesterday'),
      align: 'right',
      render: (h) => <span className="finance-amount">{`${h.yesterday_income} ${unitOf(h.coin)}`}</span>,
    },
    { key: 'status', title: t('finance.investment.status'), render: (h) => statusOf(h) },
    { key: 'subscribed', title: t('finance.investment.subscribed'), render: (h) => formatDay(h.subscribed_at) },
    { key: 'due', title: t('finance.investment.due'), render: (h) => <span data-testid={`holding-due-${h.id}`}>{formatDay(h.redemption_due_at ?? h.closed_at)}</span> },
    { key: 'action', title: t('finance.admin.actions'), render: (h) => actionButton(h) ?? '—' },
  ];
  const incomeColumns: Column<FinanceIncome>[] = [
    { key: 'day', title: t('finance.investment.day'), render: (r) => r.day },
    { key: 'product', title: t('finance.investment.product'), render: (r) => r.product_name },
    { key: 'amount', title: t('finance.investment.income'), align: 'right', render: (r) => <span className="finance-amount">{`${r.amount} ${unitOf(r.coin)}`}</span> },
  ];

  return (
    <div className="page finance-page" data-testid="investment-page">
      <PageHeading title={t('finance.investment.title')}>
        <Link to="/financial" data-testid="investment-browse">
          {t('finance.investment.browse')}
        </Link>
      </PageHeading>
      <Typography.Title level={3}>{t('finance.investment.holdings')}</Typography.Title>
      <ResponsiveTable
        testId="holdings-table"
        rowTestId="holding-row"
        rowKey={(h) => h.id}
        rows={holdings.data?.list}
        loading={holdings.isPending}
        failed={holdings.isError}
        columns={columns}
        emptyText={t('finance.investment.empty')}
        pagination={{ current: page, pageSize: 20, total: holdings.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      />
      <Typography.Title level={3} className="finance-section">
        {t('finance.investment.history')}
      </Typography.Title>
      <ResponsiveTable
        testId="income-table"
        rowTestId="income-row"
        rowKey={(r) => `${r.holding_id}-${r.day}`}
        rows={income.data?.list}
        loading={income.isPending}
        failed={income.isError}
        columns={incomeColumns}
        emptyText={t('finance.investment.noIncome')}
        pagination={{ current: incomePage, pageSize: 20, total: income.data?.total ?? 0, onChange: setIncomePage, showSizeChanger: false, hideOnSinglePage: true }}
      />
      {closing ? <CloseDialog holding={closing.holding} action={closing.action} onClose={() => setClosing(null)} /> : null}
    </div>
  );
}

/** Confirms a redemption (with its expected date) or a revocation. */
function CloseDialog({ holding, action, onClose }: { holding: FinanceHolding; action: 'redeem' | 'revoke'; onClose: () => void }) {
  const { t } = useTranslation();
  const unit = useCoinUnit()(holding.coin);
  const { busy, submit } = useModalSubmit();
  const [requestId] = useState(newRequestId);
  // When the dialog opened: the expected date counts from it.
  const [openedAt] = useState(() => Date.now());
  // The product's T+N (a setting): the expected date shown before asking; the server answers the exact one.
  const product = useQuery({ queryKey: financeKeys.product(holding.product_id), queryFn: () => fetchProduct(holding.product_id) });
  const expected = product.data ? formatDay(new Date(openedAt + product.data.redemption_days * DAY_MS).toISOString()).slice(0, 10) : '…';
  const confirm = () =>
    submit(() => (action === 'redeem' ? redeemHolding(holding.id, requestId) : revokeHolding(holding.id, requestId)), {
      invalidate: [financeKeys.all, walletKeys.all],
      success: t(action === 'redeem' ? 'finance.investment.redeemed' : 'finance.investment.revoked'),
      onDone: onClose,
    });
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
          ? t('finance.investment.redeemText', { amount: `${holding.amount} ${unit}`, date: expected })
          : t('finance.investment.revokeText', { amount: `${holding.amount} ${unit}` })}
      </Typography.Paragraph>
    </Modal>
  );
}
