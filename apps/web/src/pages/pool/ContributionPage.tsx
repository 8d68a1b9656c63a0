import type { MiningDetail } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Segmented, Skeleton, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HourlyChart } from './charts.tsx';
import { miningDetailQuery, shareQuery } from './poolApi.ts';
import { capacityText, hourlySeries, pointsText } from './poolFormat.ts';
import { PoolPageHead } from './PoolPageHead.tsx';
import { PoolRows } from './PoolRows.tsx';
import { usePoolView } from './usePool.ts';
import { useWatched } from './watched.ts';
import './pool.css';
import { ExportButton } from '../../components/export/ExportButton.tsx';

const WINDOWS = [24, 168] as const;
/** Days of the per-day table. */
const DETAIL_DAYS = 30;
type Window = (typeof WINDOWS)[number];

/**
 * Contribution (/center/contribution): the user's points per hour over 24 hours or 7 days,
 * and the mining detail of the last 30 days: shares, miners, points and the capacity they estimate.
 */
export function ContributionPage() {
  const { t, i18n } = useTranslation();
  const { choice, pool, hashrate, base } = usePoolView();
  const [hours, setHours] = useState<Window>(24);
  const watched = useWatched();
  const share = useQuery(shareQuery(pool, hours, watched?.uid));
  const days = useQuery(miningDetailQuery(pool, DETAIL_DAYS, watched?.uid));
  const series = share.data ? hourlySeries(share.data, hours) : null;
  const total = (series ?? []).reduce((sum, h) => sum + h.points, 0);
  const list = days.data?.list ?? [];
  const capacityOf = (r: MiningDetail) => (hashrate ? '—' : capacityText(r.capacity, base));

  const columns: TableColumnsType<MiningDetail> = [
    { key: 'day', title: t('poolUser.income.day'), render: (_, r) => <span className="pool-nowrap">{r.day}</span> },
    {
      key: 'shares',
      title: t('poolUser.contribution.shares'),
      align: 'right',
      render: (_, r) => (
        <span className="pool-amount" data-testid={`contribution-shares-${r.day}`}>
          {r.shares.toLocaleString(i18n.language)}
        </span>
      ),
    },
    { key: 'miners', title: t('poolUser.contribution.miners'), align: 'right', render: (_, r) => <span className="pool-amount">{r.miners}</span> },
    {
      key: 'points',
      title: t('poolUser.income.points'),
      align: 'right',
      render: (_, r) => (
        <span className="pool-amount" data-testid={`contribution-points-${r.day}`}>
          {pointsText(r.points)}
        </span>
      ),
    },
    { key: 'capacity', title: t('poolUser.income.capacity'), align: 'right', render: (_, r) => <span className="pool-amount">{capacityOf(r)}</span> },
  ];

  return (
    <div className="page pool-page" data-testid="pool-contribution-page" data-pool={pool ?? ''}>
      <PoolPageHead section="contribution" choice={choice} />
      {share.isError || days.isError ? <Alert type="error" showIcon className="pool-gap" title={t('poolUser.loadFailed')} /> : null}
      {pool && !watched ? (
        <div className="pool-toolbar">
          <ExportButton scope="pool" list="Share" filters={{ pool, hours }} />
        </div>
      ) : null}
      <Card
        className="pool-card"
        title={
          <span>
            {t('poolUser.contribution.chartTitle')}
            <Typography.Text type="secondary" className="pool-card__sub" data-testid="contribution-total">
              {t('poolUser.contribution.total', { points: pointsText(String(total)) })}
            </Typography.Text>
          </span>
        }
        extra={
          <Segmented<Window>
            size="small"
            value={hours}
            onChange={setHours}
            data-testid="contribution-window"
            options={WINDOWS.map((w) => ({ value: w, label: <span data-testid={`contribution-window-${w}`}>{t(`poolUser.contribution.window${w}`)}</span> }))}
          />
        }
      >
        {series ? <HourlyChart hours={series} metric="points" base={base} testId="contribution-chart" /> : <Skeleton active paragraph={{ rows: 4 }} />}
      </Card>
      <Card className="pool-card" title={t('poolUser.contribution.daysTitle')}>
        <PoolRows
          testId="contribution-table"
          rowTestId="contribution-row"
          listClass="pool-list"
          rowKey={(r) => r.day}
          loading={days.isPending && pool !== undefined}
          columns={columns}
          rows={list}
          empty={t('poolUser.noIncome')}
          card={(r) => (
            <>
              <span className="pool-strong">{r.day}</span>
              <span className="pool-list__end">
                <span className="pool-amount" data-testid={`contribution-points-${r.day}`}>
                  {pointsText(r.points)}
                </span>
                <Typography.Text type="secondary" className="pool-small">
                  {capacityOf(r)} · {t('poolUser.contribution.sharesBy', { shares: r.shares.toLocaleString(i18n.language), miners: r.miners })}
                </Typography.Text>
              </span>
            </>
          )}
        />
      </Card>
    </div>
  );
}
