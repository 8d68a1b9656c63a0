import type { ShareSeries } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Segmented, Skeleton } from 'antd';
import { memo, useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServerLinesCard } from '../lines/ServerLines.tsx';
import { ApiKeyCard } from './ApiKeyCard.tsx';
import { MergePoolCard } from './MergePoolCard.tsx';
import { HourlyChart, type HourMetric } from './charts.tsx';
import { shareQuery, summaryQuery, type SummaryView } from './poolApi.ts';
import { capacityText, hashrateText, hourlySeries, pointsText } from './poolFormat.ts';
import { PoolPageHead } from './PoolPageHead.tsx';
import { usePoolView } from './usePool.ts';
import { sectionLink, useWatched, type WatchedView } from './watched.ts';
import './pool.css';
import { Amount } from '../../components/Amount.tsx';

/**
 * The dashboard of one pool (/center/mining, spec doc 1 §2 'Dashboard and miner management'):
 * the user's miners, capacity, points and income there, the last 24 hours as a chart, and the
 * miner API key the proxy tool reports with.
 */
export function MiningPage() {
  const view = usePoolView();
  const watched = useWatched();
  const summary = useQuery({ ...summaryQuery(view.pool, watched?.uid), refetchInterval: 60_000 });
  const share = useQuery({ ...shareQuery(view.pool, 24, watched?.uid), refetchInterval: 60_000 });
  // The figures, the chart and the cards are drawn in a render React can interrupt (a query's
  // answer alone is drawn in one blocking task); until then their placeholders keep the place.
  // The pool too: the pool list's answer mounts the merge-pool and API key cards.
  const summaryData = useDeferredValue(summary.data);
  const shareData = useDeferredValue(share.data);
  const pool = useDeferredValue(view.pool);
  const hashrate = useDeferredValue(view.hashrate);
  const base = useDeferredValue(view.base);
  const { choice } = view;
  const [chosenMetric, setMetric] = useState<HourMetric>('capacity');
  // A hashrate coin's capacity estimate means nothing: its chart shows points.
  const metric = hashrate ? 'points' : chosenMetric;

  return (
    <div className="page pool-page" data-testid="pool-mining-page" data-pool={pool ?? ''}>
      <PoolPageHead section="mining" choice={choice} />
      <MiningCards
        pool={pool}
        base={base}
        hashrate={hashrate}
        watched={watched}
        failed={summary.isError}
        summaryData={summaryData}
        shareData={shareData}
        metric={metric}
        setMetric={setMetric}
      />
    </div>
  );
}

interface MiningCardsProps {
  pool: string | undefined;
  base: 1000 | 1024;
  hashrate: boolean;
  watched: WatchedView | undefined;
  failed: boolean;
  summaryData: SummaryView | undefined;
  shareData: ShareSeries | undefined;
  metric: HourMetric;
  setMetric: (metric: HourMetric) => void;
}

/**
 * The page's cards. Memoised: when a query answers, the page renders at once with the deferred
 * values unchanged, and that urgent render stops here; the cards are drawn with the answer in
 * the deferred render, which React slices.
 */
const MiningCards = memo(function MiningCards({ pool, base, hashrate, watched, failed, summaryData, shareData, metric, setMetric }: MiningCardsProps) {
  const { t } = useTranslation();
  return (
    <>
      {failed ? <Alert type="error" showIcon className="pool-gap" title={t('poolUser.loadFailed')} /> : null}
      <Card className="pool-card" data-testid="mining-summary" data-pool={summaryData?.pool ?? ''}>
        <SummaryFigures summary={summaryData} base={base} hashrate={hashrate} />
      </Card>
      {pool ? <MergePoolCard pool={pool} base={base} /> : null}
      <Card
        className="pool-card"
        title={t('poolUser.mining.chartTitle')}
        extra={
          hashrate ? null : (
            <Segmented<HourMetric>
              size="small"
              value={metric}
              onChange={setMetric}
              data-testid="mining-chart-metric"
              options={[
                { value: 'capacity', label: <span data-testid="mining-chart-metric-capacity">{t('poolUser.chart.capacity')}</span> },
                { value: 'points', label: <span data-testid="mining-chart-metric-points">{t('poolUser.chart.points')}</span> },
              ]}
            />
          )
        }
      >
        {shareData ? (
          <HourlyChart hours={hourlySeries(shareData, 24)} metric={metric} base={base} testId="mining-chart" />
        ) : (
          // The chart's own height while it loads: the cards below stay where they are. Still
          // (not `active`): a shimmer repaints the page every frame on a slow phone's main thread.
          <div className="pool-chart" aria-busy>
            <Skeleton paragraph={{ rows: 4 }} />
          </div>
        )}
      </Card>
      <div className="pool-grid">
        {watched ? null : pool ? (
          <ApiKeyCard pool={pool} />
        ) : (
          // As a `loading` card, without its shimmer.
          <Card className="pool-card" title={t('poolUser.apiKey.title')}>
            <Skeleton title={false} paragraph={{ rows: 4 }} />
          </Card>
        )}
        <Card className="pool-card" title={t('poolUser.mining.minersTitle')}>
          <p>{t('poolUser.mining.minersText', { online: summaryData?.online ?? 0, offline: summaryData?.offline ?? 0 })}</p>
          <Link to={sectionLink('machine', pool, watched)} data-testid="mining-miners-link">
            {t('poolUser.mining.minersLink')}
          </Link>
        </Card>
      </div>
      <div className="pool-gap">
        <ServerLinesCard />
      </div>
    </>
  );
});

/** The figures, or while they load the same grid with empty values (the card keeps its height). */
function SummaryFigures({ summary, base, hashrate }: { summary: SummaryView | undefined; base: 1000 | 1024; hashrate: boolean }) {
  const { t } = useTranslation();
  const amount = (value: string) => <Amount value={value} coin={summary?.unit} />;
  const shown = (read: (s: SummaryView) => ReactNode): ReactNode => (summary ? read(summary) : <span className="pool-figure-placeholder" aria-hidden />);
  const figures: [string, ReactNode][] = [
    ['online', shown((s) => s.online)],
    ['offline', shown((s) => s.offline)],
    ...(hashrate ? [] : [['capacity', shown((s) => capacityText(s.capacity, base))] as [string, ReactNode]]),
    hashrate ? ['hashrate', shown((s) => hashrateText(s.hashrate))] : ['reported', shown((s) => capacityText(s.reported_capacity, base))],
    ['points', shown((s) => pointsText(s.points_24h))],
    ['yesterday', shown((s) => amount(s.income_yesterday))],
    ['total', shown((s) => amount(s.income_total))],
  ];
  // A watcher's summary has no balances (issue 25): their figures are left out, not shown as zero.
  if (!summary || summary.pending !== undefined) figures.push(['pending', shown((s) => amount(s.pending ?? '0'))]);
  if (!summary || summary.available !== undefined) figures.push(['available', shown((s) => amount(s.available ?? '0'))]);
  return (
    <dl className="user-figures">
      {figures.map(([key, value]) => (
        <div key={key}>
          {/* A BHD-family pool's capacity is estimated from the verified deadlines, not from 24 hours of points. */}
          <dt>{key === 'capacity' && summary?.capacity_source === 'deadlines' ? t('pocCapacity.figure') : t(`poolUser.figure.${key}`)}</dt>
          <dd className="pool-amount" data-testid={summary ? `mining-${key}` : undefined}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
