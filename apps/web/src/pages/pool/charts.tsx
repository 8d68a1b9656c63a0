import type { CapacityBase } from '@platter/domain';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { capacityAxis, hourLabel, type HourPoint } from './poolFormat.ts';
import { PoolChart, type ChartPoint } from './PoolChart.tsx';
import { useAmountText } from '../../components/Amount.tsx';

export type HourMetric = 'capacity' | 'points';

/** The highest point (the latest of equals) and the latest one, for the chart's spoken summary. */
function extremes(points: readonly ChartPoint[]): { max: ChartPoint; last: ChartPoint } {
  // Only a chart with a nonzero point is summarised; no points would read as zero.
  const none: ChartPoint = { label: '', value: 0 };
  const last = points[points.length - 1] ?? none;
  return { max: points.reduce((best, p) => (p.value >= best.value ? p : best), points[0] ?? none), last };
}

/**
 * Points or estimated capacity per hour. The wrapper carries what it draws (`data-metric`,
 * `data-hours`, `data-nonzero`) so that tests can tell an empty chart from a drawn one.
 */
export function HourlyChart({ hours, metric, base, testId }: { hours: HourPoint[]; metric: HourMetric; base: CapacityBase; testId: string }) {
  const { t } = useTranslation();
  const nonzero = hours.filter((h) => h[metric] > 0).length;
  const axis = capacityAxis(Math.max(0, ...hours.map((h) => h.capacity)), base);
  const withDay = hours.length > 24;
  const points = hours.map((h) => ({
    label: hourLabel(h.time, withDay),
    value: metric === 'capacity' ? Math.round((h.capacity / axis.divisor) * 100) / 100 : h.points,
  }));
  const unit = metric === 'capacity' ? axis.unit : t('poolUser.chart.pointsUnit');
  const valueText = (value: number) => `${String(value)} ${unit}`;
  const series = t(`poolUser.chart.${metric}`);
  return (
    <div className="pool-chart" data-testid={testId} data-metric={metric} data-hours={hours.length} data-nonzero={nonzero}>
      {nonzero > 0 ? (
        <div className="pool-chart__unit" data-testid={`${testId}-unit`}>
          {unit}
        </div>
      ) : null}
      {nonzero === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('poolUser.chart.empty')} />
      ) : (
        <PoolChart
          kind="area"
          points={points}
          seriesName={series}
          valueText={valueText}
          summary={summaryOf(points, valueText, (v) => t('poolUser.chart.summaryHours', { ...v, series }))}
          testId={testId}
        />
      )}
    </div>
  );
}

/** A bar per day (oldest first): the settled income of the last days. */
export function DailyBars({ days, unit, testId }: { days: { day: string; value: number }[]; unit: string; testId: string }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const nonzero = days.filter((d) => d.value > 0).length;
  const points = days.map((d) => ({ label: d.day.slice(5), value: d.value }));
  const valueText = (value: number) => amountText(String(value), unit);
  return (
    <div className="pool-chart" data-testid={testId} data-days={days.length} data-nonzero={nonzero}>
      {nonzero === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('poolUser.chart.empty')} />
      ) : (
        <PoolChart
          kind="bars"
          points={points}
          seriesName={t('poolUser.income.amount')}
          valueText={valueText}
          summary={summaryOf(points, valueText, (v) => t('poolUser.chart.summaryDays', v))}
          testId={testId}
        />
      )}
    </div>
  );
}

function summaryOf(points: readonly ChartPoint[], valueText: (value: number) => string, say: (values: { count: number; max: string; at: string; last: string }) => string): string {
  const { max, last } = extremes(points);
  return say({ count: points.length, max: valueText(max.value), at: max.label, last: valueText(last.value) });
}
