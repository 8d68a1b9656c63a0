import type { CapacityBase } from '@platter/domain';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { capacityAxis, hourLabel, type HourPoint } from './poolFormat.ts';
import { useAmountText } from '../../components/Amount.tsx';

/** The brand colour reads well on both themes; axes and grid take the theme's variables (pool.css). */
const COLOR = '#0f9d8a';
const HEIGHT = 260;
const tooltipStyle = { background: 'var(--pl-elevated)', border: '1px solid var(--pl-border)', borderRadius: 8, color: 'var(--pl-text)' };
const axisTick = { fontSize: 12 };

export type HourMetric = 'capacity' | 'points';

/**
 * Points or estimated capacity per hour. The wrapper carries what it draws (`data-metric`,
 * `data-hours`, `data-nonzero`) so that tests can tell an empty chart from a drawn one.
 */
export function HourlyChart({ hours, metric, base, testId }: { hours: HourPoint[]; metric: HourMetric; base: CapacityBase; testId: string }) {
  const { t } = useTranslation();
  const nonzero = hours.filter((h) => h[metric] > 0).length;
  const axis = capacityAxis(Math.max(0, ...hours.map((h) => h.capacity)), base);
  const withDay = hours.length > 24;
  const data = hours.map((h) => ({
    label: hourLabel(h.time, withDay),
    value: metric === 'capacity' ? Math.round((h.capacity / axis.divisor) * 100) / 100 : h.points,
  }));
  const unit = metric === 'capacity' ? axis.unit : t('poolUser.chart.pointsUnit');
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
        <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 600, height: HEIGHT }}>
          <AreaChart data={data} margin={{ top: 8, right: 20, left: 0, bottom: 0 }}>
            <defs>
              <linearGradient id={`${testId}-fill`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={COLOR} stopOpacity={0.35} />
                <stop offset="100%" stopColor={COLOR} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={axisTick} minTickGap={24} tickLine={false} />
            <YAxis tick={axisTick} width={56} tickLine={false} axisLine={false} />
            <Tooltip contentStyle={tooltipStyle} formatter={(value) => [`${String(value)} ${unit}`, t(`poolUser.chart.${metric}`)]} />
            <Area type="monotone" dataKey="value" stroke={COLOR} strokeWidth={2} fill={`url(#${testId}-fill)`} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}

/** A bar per day (oldest first): the settled income of the last days. */
export function DailyBars({ days, unit, testId }: { days: { day: string; value: number }[]; unit: string; testId: string }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const nonzero = days.filter((d) => d.value > 0).length;
  return (
    <div className="pool-chart" data-testid={testId} data-days={days.length} data-nonzero={nonzero}>
      {nonzero === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('poolUser.chart.empty')} />
      ) : (
        <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 600, height: HEIGHT }}>
          <BarChart data={days.map((d) => ({ label: d.day.slice(5), value: d.value }))} margin={{ top: 8, right: 20, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={axisTick} tickLine={false} />
            <YAxis tick={axisTick} width={64} tickLine={false} axisLine={false} />
            <Tooltip contentStyle={tooltipStyle} cursor={{ fill: 'var(--pl-fill)' }} formatter={(value) => [amountText(String(value), unit), t('poolUser.income.amount')]} />
            <Bar dataKey="value" fill={COLOR} radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
