import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { ResponsiveTable, type Column } from '../adminCore/ResponsiveTable.tsx';
import {
  cooperationKeys,
  fetchDeals,
  fetchLogs,
  fetchPools,
  isOk,
  isWholeAmount,
  moveCooperation,
  moveDeal,
  offerDeal,
  PAGE,
  type CooperationLogRow,
  type CooperationPoolRow,
  type DealActionName,
  type DealRow,
  type MoveKind,
} from './cooperationApi.ts';
import { CooperationIncomeTable } from './CooperationIncomeTable.tsx';
import { useRequestKeys } from './requestKeys.ts';
import './cooperation.css';
import { poolName } from '../../i18n/poolName.ts';

const STATUS_COLOR: Record<string, string> = { OPEN: 'green', CLOSED: 'default', NONE: 'default' };
const DEAL_COLOR: Record<string, string> = {
  DEAL_VALID: 'blue',
  DEAL_PENDING: 'gold',
  DEAL_LOCKED: 'gold',
  DEAL_SUCCESS: 'cyan',
  DEAL_INTEREST_START: 'green',
  DEAL_INTEREST_END: 'cyan',
  DEAL_UNLOCK_PENDING: 'orange',
  DEAL_UNLOCKED: 'default',
  DEAL_BROKEN: 'red',
  DEAL_REDEEMED: 'default',
};
const pct = (bp: number) => (bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2));

/** The actions a deal offers its side in its state (the server checks them again). */
function dealActions(d: DealRow): DealActionName[] {
  if (d.role === 'none') return d.status === 'DEAL_VALID' ? ['take'] : [];
  if (d.role === 'owner') {
    if (d.status === 'DEAL_VALID') return ['withdraw'];
    if (d.status === 'DEAL_PENDING') return ['accept', 'withdraw'];
    if (d.status === 'DEAL_BROKEN') return ['unlock'];
    return [];
  }
  if (d.status === 'DEAL_BROKEN') return ['remargin'];
  if (d.status === 'DEAL_LOCKED' || d.status === 'DEAL_SUCCESS' || d.status === 'DEAL_INTEREST_START') return ['break'];
  return [];
}

/**
 * /center/open (spec doc 2 §2; spec doc 1 §3 'Mining pool config', §4 'Deal pointing', §5, §6;
 * issue 22): the cooperation pools with their config; opening one with a cooperation amount
 * (whole coins, at least the coin's minimum), converting more balance to cooperation
 * (deposit_mortgage_free_balance, frozen) and returning it; a coin owner's deals with miners.
 */
export function CooperationPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const [moving, setMoving] = useState<{ kind: MoveKind; pool: CooperationPoolRow } | null>(null);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [dealPage, setDealPage] = useState(1);
  const [offerPage, setOfferPage] = useState(1);
  const [logPage, setLogPage] = useState(1);
  const [offerForm] = Form.useForm<{ pool: string; amount: string }>();
  const keys = useRequestKeys();
  const pools = useQuery({ queryKey: cooperationKeys.pools, queryFn: fetchPools });
  const deals = useQuery({ queryKey: cooperationKeys.deals('mine', dealPage), queryFn: () => fetchDeals('mine', dealPage), refetchInterval: 30_000 });
  const offers = useQuery({ queryKey: cooperationKeys.deals('offers', offerPage), queryFn: () => fetchDeals('offers', offerPage), refetchInterval: 30_000 });
  const logs = useQuery({ queryKey: cooperationKeys.logs(logPage), queryFn: () => fetchLogs(logPage) });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: cooperationKeys.all }), queryClient.invalidateQueries({ queryKey: ['wallet'] })]);
  const list = pools.data?.list ?? [];
  const amountValid = isWholeAmount(amount);

  async function submitMove() {
    if (!moving || !amountValid) return;
    setBusy(true);
    const submission = `${moving.kind}:${moving.pool.pool}:${amount.trim()}`;
    try {
      const answer = await keys.send(submission, (key) => moveCooperation(moving.kind, moving.pool.pool, amount.trim(), key));
      if (answer && isOk(answer)) {
        toast(t(`cooperation.move.done.${moving.kind}`));
        setMoving(null);
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  }

  async function submitOffer(values: { pool: string; amount: string }) {
    const submission = `offer:${values.pool}:${values.amount.trim()}`;
    const answer = await keys.send(submission, (key) => offerDeal(values.pool, values.amount.trim(), key));
    if (answer && isOk(answer)) {
      toast(t('cooperation.deals.offered'));
      offerForm.resetFields(['amount']);
      await refresh();
    }
  }

  async function act(d: DealRow, action: DealActionName) {
    const submission = `deal:${d.id}:${action}`;
    const answer = await keys.send(submission, (key) => moveDeal(d.id, action, key));
    if (answer && isOk(answer)) {
      toast(t('cooperation.deals.moved'));
      await refresh();
    }
  }

  const start = (kind: MoveKind, pool: CooperationPoolRow) => {
    setMoving({ kind, pool });
    setAmount('');
  };

  const poolCard = (p: CooperationPoolRow) => (
    <Card
      key={p.pool}
      className="cooperation-card"
      data-testid={`coop-pool-${p.pool}`}
      title={poolName(t, p.pool, p.name)}
      extra={
        <Tag color={STATUS_COLOR[p.status]} data-testid={`coop-status-${p.pool}`}>
          {t(`cooperation.status.${p.status}`)}
        </Tag>
      }
    >
      <div className="cooperation-figures">
        <div>
          <Typography.Text type="secondary">{t('cooperation.field.frozen')}</Typography.Text>
          <div className="cooperation-figure" data-testid={`coop-balance-${p.pool}`}>
            {p.deposit_mortgage_free_balance} {p.unit}
          </div>
        </div>
        <div>
          <Typography.Text type="secondary">{t('cooperation.field.available')}</Typography.Text>
          <div className="cooperation-figure" data-testid={`coop-available-${p.pool}`}>
            {p.available} {p.unit}
          </div>
        </div>
      </div>
      <Descriptions size="small" column={1} className="cooperation-config">
        <Descriptions.Item label={t('cooperation.field.minimum')}>
          {p.min_amount} {p.unit}
        </Descriptions.Item>
        <Descriptions.Item label={t('cooperation.config.mode')}>{p.mode}</Descriptions.Item>
        <Descriptions.Item label={t('cooperation.config.fee')}>{pct(p.fee_bp)} %</Descriptions.Item>
        <Descriptions.Item label={t('cooperation.config.ratio')}>
          {t('cooperation.config.ratioValue', { miners: pct(p.coop_ratio_bp), cooperators: pct(10_000 - p.coop_ratio_bp) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('cooperation.config.burn')}>× {(p.burn_coefficient_bp / 10_000).toString()}</Descriptions.Item>
        <Descriptions.Item label={t('cooperation.config.paymentTime')}>{p.payment_time} UTC</Descriptions.Item>
        <Descriptions.Item label={t('cooperation.config.payout')}>
          {p.payout_threshold} {p.unit}
        </Descriptions.Item>
        <Descriptions.Item label={t('cooperation.config.withdrawFee')}>
          {p.withdraw_fee} {p.unit}
        </Descriptions.Item>
        <Descriptions.Item label={t('cooperation.config.withdrawAudit')}>{t(p.withdraw_audit ? 'cooperation.yes' : 'cooperation.no')}</Descriptions.Item>
      </Descriptions>
      <div className="cooperation-actions">
        {p.status === 'OPEN' ? (
          <>
            <Button type="primary" onClick={() => start('deposit', p)} data-testid={`coop-deposit-${p.pool}`}>
              {t('cooperation.move.deposit')}
            </Button>
            <Button onClick={() => start('return', p)} data-testid={`coop-return-${p.pool}`}>
              {t('cooperation.move.return')}
            </Button>
          </>
        ) : (
          <Button type="primary" onClick={() => start('open', p)} data-testid={`coop-open-${p.pool}`}>
            {t('cooperation.move.open')}
          </Button>
        )}
      </div>
    </Card>
  );

  const dealColumns: Column<DealRow>[] = [
    { key: 'pool', title: t('cooperation.field.pool'), render: (d) => d.pool },
    { key: 'role', title: t('cooperation.deals.role'), render: (d) => t(`cooperation.role.${d.role}`) },
    { key: 'amount', title: t('cooperation.field.amount'), align: 'right', render: (d) => `${d.amount} ${d.coin}` },
    { key: 'margin', title: t('cooperation.deals.margin'), align: 'right', render: (d) => `${d.margin} ${d.coin}` },
    { key: 'shares', title: t('cooperation.deals.shares'), render: (d) => t('cooperation.deals.sharesValue', { owner: pct(d.owner_bp), miner: pct(d.miner_bp) }) },
    { key: 'term', title: t('cooperation.deals.term'), align: 'right', render: (d) => d.term_days },
    {
      key: 'status',
      title: t('cooperation.field.status'),
      render: (d) => (
        <Tag color={DEAL_COLOR[d.status]} data-testid={`deal-status-${d.id}`} title={d.status}>
          {t(`cooperation.deal.${d.status}`)}
        </Tag>
      ),
    },
    { key: 'penalty', title: t('cooperation.deals.penalty'), align: 'right', render: (d) => `${d.penalty} ${d.coin}` },
    {
      key: 'actions',
      title: '',
      fixed: 'right',
      render: (d) => (
        <div className="cooperation-row-actions">
          {dealActions(d).map((action) => (
            <Popconfirm
              key={action}
              title={t(`cooperation.deals.confirm.${action}`)}
              onConfirm={() => act(d, action)}
              okText={t(`cooperation.deals.action.${action}`)}
              cancelText={t('cooperation.close')}
            >
              <Button size="small" danger={action === 'break'} data-testid={`deal-${action}-${d.id}`}>
                {t(`cooperation.deals.action.${action}`)}
              </Button>
            </Popconfirm>
          ))}
        </div>
      ),
    },
  ];

  const logColumns: Column<CooperationLogRow>[] = [
    { key: 'time', title: t('cooperation.field.time'), render: (l) => new Date(l.created_at).toLocaleString() },
    { key: 'pool', title: t('cooperation.field.pool'), render: (l) => l.pool },
    { key: 'kind', title: t('cooperation.field.kind'), render: (l) => t(`cooperation.log.${l.kind}`) },
    { key: 'amount', title: t('cooperation.field.amount'), align: 'right', render: (l) => `${l.amount} ${l.coin}` },
    { key: 'balance', title: t('cooperation.field.frozen'), align: 'right', render: (l) => `${l.balance} ${l.coin}` },
  ];

  return (
    <div className="page cooperation-page" data-testid="cooperation-page">
      <PageHeading title={t('cooperation.title')} />
      <Typography.Paragraph type="secondary">{t('cooperation.intro')}</Typography.Paragraph>
      {pools.isError ? <Alert type="error" showIcon title={t('cooperation.failed')} /> : null}
      <div className="cooperation-grid" data-testid="coop-pools">
        {list.map(poolCard)}
      </div>

      <Typography.Title level={3}>{t('cooperation.deals.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('cooperation.deals.intro')}</Typography.Paragraph>
      <Form form={offerForm} layout="inline" className="cooperation-offer" onFinish={submitOffer} initialValues={{ pool: 'bhd_co', amount: '' }} data-testid="deal-offer-form">
        <Form.Item name="pool" label={t('cooperation.field.pool')}>
          <Select style={{ width: 200 }} options={list.map((p) => ({ value: p.pool, label: poolName(t, p.pool, p.name) }))} data-testid="deal-offer-pool" />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('cooperation.field.amount')}
          rules={[{ validator: (_, v: string) => (isWholeAmount(v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('cooperation.move.integer')))) }]}
        >
          <Input inputMode="numeric" autoComplete="off" data-testid="deal-offer-amount" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="deal-offer-submit">
            {t('cooperation.deals.offer')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Title level={4}>{t('cooperation.deals.mine')}</Typography.Title>
      <ResponsiveTable
        testId="deals-mine"
        rowTestId="deal"
        rowKey={(d) => d.id}
        rows={deals.data?.list}
        loading={deals.isPending}
        failed={deals.isError}
        columns={dealColumns}
        pagination={{ current: dealPage, pageSize: PAGE, total: deals.data?.total ?? 0, onChange: setDealPage, hideOnSinglePage: true }}
      />
      <Typography.Title level={4}>{t('cooperation.deals.offers')}</Typography.Title>
      <ResponsiveTable
        testId="deals-offers"
        rowTestId="offer"
        rowKey={(d) => d.id}
        rows={offers.data?.list}
        loading={offers.isPending}
        failed={offers.isError}
        columns={dealColumns}
        pagination={{ current: offerPage, pageSize: PAGE, total: offers.data?.total ?? 0, onChange: setOfferPage, hideOnSinglePage: true }}
      />

      <Typography.Title level={3}>{t('cooperation.logs.title')}</Typography.Title>
      <ResponsiveTable
        testId="coop-logs"
        rowTestId="coop-log"
        rowKey={(l) => l.id}
        rows={logs.data?.list}
        loading={logs.isPending}
        failed={logs.isError}
        columns={logColumns}
        pagination={{ current: logPage, pageSize: PAGE, total: logs.data?.total ?? 0, onChange: setLogPage, hideOnSinglePage: true }}
      />

      <CooperationIncomeTable />

      <Modal
        open={moving !== null}
        title={moving ? t(`cooperation.move.title.${moving.kind}`, { pool: poolName(t, moving.pool.pool, moving.pool.name) }) : ''}
        onCancel={() => setMoving(null)}
        onOk={submitMove}
        okText={moving ? t(`cooperation.move.${moving.kind}`) : ''}
        cancelText={t('cooperation.close')}
        confirmLoading={busy}
        okButtonProps={{ disabled: !amountValid, ...({ 'data-testid': 'coop-move-submit' } as object) }}
      >
        {moving ? (
          <>
            <Typography.Paragraph type="secondary">
              {t(`cooperation.move.hint.${moving.kind}`, {
                min: moving.pool.min_amount,
                unit: moving.pool.unit,
                available: moving.pool.available,
                held: moving.pool.deposit_mortgage_free_balance,
              })}
            </Typography.Paragraph>
            <Input
              value={amount}
              inputMode="numeric"
              autoComplete="off"
              suffix={moving.pool.unit}
              status={amount && !amountValid ? 'error' : ''}
              onChange={(e) => setAmount(e.target.value)}
              data-testid="coop-move-amount"
            />
            {amount && !amountValid ? (
              <Typography.Text type="danger" data-testid="coop-move-error">
                {t('cooperation.move.integer')}
              </Typography.Text>
            ) : null}
          </>
        ) : null}
      </Modal>
    </div>
  );
}
