import { SETTLEMENT_STATUSES, type IncomeRecord, type SettlementStatus } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DailyBars } from './charts.tsx';
import { INCOME_PAGE_SIZE, incomeQuery } from './poolApi.ts';
import { capacityText, incomeBars, pointsText, SETTLEMENT_COLOR } from './poolFormat.ts';
import { PoolPageHead } from './PoolPageHead.tsx';
import { PoolRows } from './PoolRows.tsx';
import { usePageFor, usePoolView } from './usePool.ts';
import { useWatched } from './watched.ts';
import './pool.css';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { Amount } from '../../components/Amount.tsx';

/** The settlement status of a day, with what it means on hover. */
export function SettlementTag({ status, testId }: { status: SettlementStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`poolUser.settlement.${status}.help`)}>
      <Tag color={SETTLEMENT_COLOR[status]} data-testid={testId} data-status={status}>
        {t(`poolUser.settlement.${status}.label`)}
      </Tag>
    </Tooltip>
  );
}

/**
 * Daily revenue (/center/income, spec doc 1 §4 'Settlement'): one record per pool and UTC day
 * with its points, estimated capacity, amount and settlement status, and the last days as bars.
 */
export function IncomePage() {
  const { t } = useTranslation();
  const { choice, pool, coin, hashrate, base } = usePoolView();
  const [page, setPage] = usePageFor(pool);
  const watched = useWatched();
  const records = useQuery(incomeQuery(pool, page, watched?.uid));
  const recent = useQuery(incomeQuery(pool, 1, watched?.uid));
  const list = records.data?.list ?? [];
  const unit = list[0]?.unit ?? coin?.unit ?? '';
  const rowId = (r: IncomeRecord) => `${r.pool}-${r.day}`;
  const capacityOf = (r: IncomeRecord) => (hashrate ? '—' : capacityText(r.capacity, base));
  const amountOf = (r: IncomeRecord) => (
    <span className="pool-amount" data-testid={`income-amount-${rowId(r)}`}>
      {r.status === 'NOT_PENDING' ? '—' : <Amount value={r.amount} coin={r.unit} />}
    </span>
  );

  const columns: TableColumnsType<IncomeRecord> = [
    { key: 'day', title: t('poolUser.income.day'), render: (_, r) => <span className="pool-nowrap">{r.day}</span> },
    { key: 'points', title: t('poolUser.income.points'), align: 'right', render: (_, r) => <span className="pool-amount">{pointsText(r.points)}</span> },
    { key: 'capacity', title: t('poolUser.income.capacity'), align: 'right', render: (_, r) => <span className="pool-amount">{capacityOf(r)}</span> },
    { key: 'amount', title: t('poolUser.income.amount'), align: 'right', render: (_, r) => amountOf(r) },
    { key: 'status', title: t('poolUser.income.status'), render: (_, r) => <SettlementTag status={r.status} testId={`income-status-${rowId(r)}`} /> },
  ];

  return (
    <div className="page pool-page" data-testid="pool-income-page" data-pool={pool ?? ''}>
      <PoolPageHead section="income" choice={choice} />
      {records.isError ? <Alert type="error" showIcon className="pool-gap" title={t('poolUser.loadFailed')} /> : null}
      {pool && !watched ? (
        <div className="pool-toolbar">
          <ExportButton scope="pool" list="miningdetail" filters={{ pool }} />
        </div>
      ) : null}
      <Card className="pool-card" title={t('poolUser.income.chartTitle', { unit })}>
        <DailyBars days={incomeBars(recent.data?.list ?? [])} unit={unit} testId="income-chart" />
      </Card>
      <PoolRows
        testId="income-table"
        rowTestId="income-row"
        listClass="pool-list"
        className="pool-card"
        rowKey={rowId}
        loading={records.isPending && pool !== undefined}
        columns={columns}
        rows={list}
        empty={t('poolUser.noIncome')}
        paging={{ page, pageSize: INCOME_PAGE_SIZE, total: records.data?.total ?? 0, onChange: setPage }}
        card={(r) => (
          <>
            <div>
              <div className="pool-strong">{r.day}</div>
              <Typography.Text type="secondary" className="pool-small">
                {t('poolUser.income.points')} {pointsText(r.points)} · {capacityOf(r)}
              </Typography.Text>
            </div>
            <div className="pool-list__end">
              {amountOf(r)}
              <SettlementTag status={r.status} testId={`income-status-${rowId(r)}`} />
            </div>
          </>
        )}
      />
      <Card size="small" className="pool-card" title={t('poolUser.income.legendTitle')} data-testid="income-legend">
        <dl className="pool-legend">
          {SETTLEMENT_STATUSES.map((status) => (
            <div key={status}>
              <dt>
                <Tag color={SETTLEMENT_COLOR[status]}>{t(`poolUser.settlement.${status}.label`)}</Tag>
              </dt>
              <dd data-testid={`income-legend-${status}`}>{t(`poolUser.settlement.${status}.help`)}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
