import { MORTGAGE_LOG_TYPES, type MortgageLogType } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Modal, Select, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { ResponsiveTable, type Column } from '../adminCore/ResponsiveTable.tsx';
import { newRequestId } from '../wallet/WithdrawDialog.tsx';
import { walletKeys } from '../wallet/walletApi.ts';
import { fetchMortgageCoins, fetchMortgageLogs, mortgageKeys, PAGE, toBalance, toMortgage, type MortgageCoin, type MortgageLogRow } from './mortgageApi.ts';
import './mortgage.css';

const STATUS_COLOR: Record<string, string> = { PENDING: 'gold', EFFECTIVE: 'green', RETURNABLE: 'blue', RETURNED: 'default' };
const FIGURES = ['available', 'mortgage', 'pending', 'effective', 'returnable'] as const;
const AMOUNT = /^\d{1,15}(\.\d{1,36})?$/;

type Move = { coin: MortgageCoin; direction: 'in' | 'out' };

const date = (seconds: number | null) => (seconds === null ? '—' : new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' '));

/** The move dialog: an amount (or all of what may move), submitted once per key. */
function MoveDialog({ move, onClose, onDone }: { move: Move; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const toast = useSuccessToast();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per submission; kept while the request may have been lost, so a retry cannot move twice.
  const requestId = useRef<string | null>(null);
  const { coin, direction } = move;
  const most = direction === 'in' ? coin.available : coin.returnable;
  const valid = AMOUNT.test(amount.trim()) && Number(amount) > 0;

  async function submit() {
    if (!valid) return;
    setBusy(true);
    requestId.current ??= newRequestId();
    try {
      const body = { coin: coin.coin, amount: amount.trim(), request_id: requestId.current };
      const answer = direction === 'in' ? await toMortgage(body) : await toBalance(body);
      if ('code' in answer) requestId.current = null;
      if ('code' in answer && answer.code === 200) {
        toast(t(direction === 'in' ? 'mortgage.dialog.inDone' : 'mortgage.dialog.outDone', { amount: amount.trim(), coin: coin.coin }));
        await onDone();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t(direction === 'in' ? 'mortgage.dialog.inTitle' : 'mortgage.dialog.outTitle', { coin: coin.coin })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('mortgage.dialog.submit')}
      cancelText={t('mortgage.dialog.cancel')}
      okButtonProps={{ disabled: !valid, loading: busy, 'data-testid': 'mortgage-dialog-submit' } as ButtonProps}
      destroyOnHidden
      modalRender={(node) => <div data-testid="mortgage-dialog">{node}</div>}
    >
      <Typography.Paragraph type="secondary">
        {t(direction === 'in' ? 'mortgage.dialog.inHint' : 'mortgage.dialog.outHint', { days: coin.return_days, effect: coin.effect_days })}
      </Typography.Paragraph>
      <Space.Compact className="mortgage-amount">
        <Input
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('mortgage.dialog.amount')}
          suffix={coin.coin}
          status={amount !== '' && !valid ? 'error' : undefined}
          data-testid="mortgage-dialog-amount"
        />
        <Button onClick={() => setAmount(most)} data-testid="mortgage-dialog-max">
          {t('mortgage.dialog.max')}
        </Button>
      </Space.Compact>
      <Typography.Text type="secondary" className="mortgage-most">
        {t(direction === 'in' ? 'mortgage.dialog.available' : 'mortgage.dialog.returnable', { amount: most, coin: coin.coin })}
      </Typography.Text>
    </Modal>
  );
}

/**
 * The mortgage section of the assets page (/center/assets#mortgage; spec doc 1 §4 'Balance to
 * mortgage (MASS)', §9 'MASS'; issue 22): per coin that takes mortgages, the available balance,
 * the mortgage and its waiting (T+1), effective and returnable (7 days) parts, with the moves
 * in and back; the user's mortgage log below, filtered by coin and type.
 */
export function MortgageSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [move, setMove] = useState<Move | null>(null);
  const [coinFilter, setCoinFilter] = useState('');
  const [typeFilter, setTypeFilter] = useState<MortgageLogType | ''>('');
  const [page, setPage] = useState(1);
  const coins = useQuery({ queryKey: mortgageKeys.coins, queryFn: fetchMortgageCoins, refetchInterval: 30_000 });
  const query = { page, count: PAGE, ...(coinFilter ? { coin: coinFilter } : {}), ...(typeFilter ? { type: typeFilter } : {}) };
  const logs = useQuery({ queryKey: mortgageKeys.logs(query), queryFn: () => fetchMortgageLogs(query) });
  const list = coins.data?.list ?? [];
  if (coins.isSuccess && list.length === 0) return null;

  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: mortgageKeys.all }), queryClient.invalidateQueries({ queryKey: walletKeys.all })]);
  };

  const columns: Column<MortgageLogRow>[] = [
    { key: 'time', title: t('mortgage.log.time'), render: (r) => date(r.created_at) },
    { key: 'coin', title: t('mortgage.log.coin'), render: (r) => r.coin },
    { key: 'type', title: t('mortgage.log.type'), render: (r) => <span data-testid={`mortgage-log-type-${r.id}`}>{t(`mortgage.type.${r.type}`)}</span> },
    { key: 'amount', title: t('mortgage.log.amount'), align: 'right', render: (r) => <Amount value={r.amount} coin={r.coin} testId={`mortgage-log-amount-${r.id}`} /> },
    { key: 'remaining', title: t('mortgage.log.remaining'), align: 'right', render: (r) => (r.type === 'to_mortgage' ? <Amount value={r.remaining} coin={r.coin} /> : '—') },
    {
      key: 'status',
      title: t('mortgage.log.status'),
      render: (r) =>
        r.status ? (
          <Tag color={STATUS_COLOR[r.status]} data-testid={`mortgage-log-status-${r.id}`}>
            {t(`mortgage.status.${r.status}`)}
          </Tag>
        ) : (
          '—'
        ),
    },
    { key: 'effective', title: t('mortgage.log.effective'), render: (r) => r.effective_day ?? '—' },
    { key: 'unlock', title: t('mortgage.log.unlock'), render: (r) => date(r.unlock_at) },
  ];

  return (
    <section className="wallet-section mortgage-section" id="mortgage" data-testid="mortgage-section">
      <Typography.Title level={3}>{t('mortgage.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('mortgage.intro')}</Typography.Paragraph>
      {coins.isError ? <Alert type="error" showIcon title={t('mortgage.loadFailed')} /> : null}
      <div className="mortgage-coins">
        {list.map((c) => (
          <Card
            key={c.coin}
            size="small"
            title={c.coin}
            data-testid={`mortgage-coin-${c.coin}`}
            extra={
              <Space wrap size="small">
                <Button size="small" type="primary" disabled={!c.enabled} onClick={() => setMove({ coin: c, direction: 'in' })} data-testid={`mortgage-in-${c.coin}`}>
                  {t('mortgage.action.in')}
                </Button>
                <Button size="small" disabled={c.returnable === '0'} onClick={() => setMove({ coin: c, direction: 'out' })} data-testid={`mortgage-out-${c.coin}`}>
                  {t('mortgage.action.out')}
                </Button>
              </Space>
            }
          >
            <dl className="wallet-figures">
              {FIGURES.map((figure) => (
                <div key={figure}>
                  <dt>{t(`mortgage.figure.${figure}`)}</dt>
                  <dd>
                    <Amount className="wallet-amount" value={c[figure]} coin={c.coin} unit={false} testId={`mortgage-${figure}-${c.coin}`} />
                  </dd>
                </div>
              ))}
            </dl>
            <Typography.Paragraph type="secondary" className="mortgage-rules" data-testid={`mortgage-rules-${c.coin}`}>
              {t('mortgage.rules', { effect: c.effect_days, days: c.return_days })}
              {c.lock_threshold !== '0' ? ` ${t('mortgage.lockRule', { threshold: c.lock_threshold, coin: c.coin })}` : ''}
              {c.max_earning_rank > 0 ? ` ${t('mortgage.rankRule', { rank: c.max_earning_rank })}` : ''}
              {` ${t('mortgage.collateral')}`}
            </Typography.Paragraph>
          </Card>
        ))}
      </div>
      <Typography.Title level={4}>{t('mortgage.log.title')}</Typography.Title>
      <div className="mortgage-filters">
        <Select
          value={coinFilter}
          onChange={(v) => {
            setCoinFilter(v);
            setPage(1);
          }}
          options={[{ value: '', label: t('mortgage.log.allCoins') }, ...list.map((c) => ({ value: c.coin, label: c.coin }))]}
          className="mortgage-filter"
          data-testid="mortgage-filter-coin"
        />
        <Select
          value={typeFilter}
          onChange={(v) => {
            setTypeFilter(v);
            setPage(1);
          }}
          options={[{ value: '', label: t('mortgage.log.allTypes') }, ...MORTGAGE_LOG_TYPES.map((type) => ({ value: type, label: t(`mortgage.type.${type}`) }))]}
          className="mortgage-filter"
          data-testid="mortgage-filter-type"
        />
      </div>
      <ResponsiveTable
        testId="mortgage-logs"
        rowTestId="mortgage-log"
        rowKey={(r) => r.id}
        rows={logs.data?.list}
        loading={logs.isPending}
        failed={logs.isError}
        columns={columns}
        emptyText={t('mortgage.log.empty')}
        pagination={{ current: page, pageSize: PAGE, total: logs.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      />
      {move ? <MoveDialog move={move} onClose={() => setMove(null)} onDone={refresh} /> : null}
    </section>
  );
}
