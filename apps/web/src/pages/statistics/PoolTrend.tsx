import type { Trend } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Empty, Segmented, Skeleton, theme, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBytes, formatPower, type PowerRule } from './format.ts';
import { fetchTrend, LIVE_REFRESH_MS, poolPublicKeys } from './poolApi.ts';
import './statistics.css';

export const TREND_RANGES = [1, 7, 30] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

const pad = (n: number) => String(n).padStart(2, '0');
/** An x-axis tick: the hour over one day, the date over longer ranges (local time). */
export function trendTick(seconds: number, days: number): string {
  const d = new Date(seconds * 1000);
  return days <= 1 ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** X-axis ticks over several days: each local midnight in the samples' span (fewer over 30 days), else automatic. */
export function dayTicks(times: number[], days: number): number[] | undefined {
  if (days <= 1 || times.length === 0) return undefined;
  const first = Math.min(...times);
  const last = Math.max(...times);
  const step = Math.ceil(days / 7);
  const midnight = new Date(first * 1000);
  midnight.setHours(24, 0, 0, 0);
  const ticks: number[] = [];
  for (let at = midnight; at.getTime() / 1000 <= last; at = new Date(at.getFullYear(), at.getMonth(), at.getDate() + step)) ticks.push(at.getTime() / 1000);
  return ticks.length > 0 ? ticks : undefined;
}

const tooltipTime = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:00`;
};

/**
 * A pool's trend (GET /api/datastatistics/pool): capacity and online miners sampled hourly,
 * and blocks per day, over 1, 7 or 30 days. `pool-trend-<pool>` carries `data-days` and
 * `data-samples`; the charts are `-chart` and `-blocks`, the range switch `-range`.
 */
export function PoolTrend({ pool, rule }: { pool: string; rule: PowerRule }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<TrendRange>(7);
  const trend = useQuery({
    queryKey: poolPublicKeys.trend(pool, days),
    queryFn: () => fetchTrend(pool, days),
    placeholderData: (previous) => previous,
    refetchInterval: LIVE_REFRESH_MS * 10,
  });
  const testId = `pool-trend-${pool}`;
  const samples = trend.data?.samples ?? [];

  return (
    <section className="pool-trend" data-testid={testId} data-days={days} data-samples={trend.isPlaceholderData ? undefined : samples.length}>
      <div className="pool-trend__head">
        <Typography.Title level={5} className="pool-subtitle">
          {t('poolPublic.trend.title')}
        </Typography.Title>
        <Segmented<TrendRange>
          size="small"
          value={days}
          onChange={setDays}
          data-testid={`${testId}-range`}
          options={TREND_RANGES.map((value) => ({
            value,
            label: <span data-testid={`${testId}-range-${value}`}>{t(`poolPublic.trend.range${value}`)}</span>,
          }))}
        />
      </div>
      {trend.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : trend.data && samples.length > 0 ? (
        <TrendCharts trend={trend.data} days={days} rule={rule} testId={testId} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={trend.isError ? t('poolPublic.failed') : t('poolPublic.trend.empty')} data-testid={`${testId}-empty`} />
      )}
    </section>
  );
}

function TrendCharts({ trend, days, rule, testId }: { trend: Trend; days: number; rule: PowerRule; testId: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // Hashrate coins chart the online miners' hashrate; the others their capacity.
  const samples = useMemo(
    () => trend.samples.map((s) => ({ time: s.time, capacity: Number(rule.hashrate ? s.hashrate : s.capacity), miners: s.miners })),
    [trend.samples, rule.hashrate],
  );
  const powerText = (value: number, decimals?: number) =>
    rule.hashrate ? formatPower({ capacity: '0', hashrate: BigInt(Math.round(value)).toString() }, rule) : formatBytes(value, rule, decimals);
  const axis = { fill: token.colorTextTertiary, fontSize: 11 };
  const tooltip = {
    contentStyle: { background: token.colorBgElevated, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 8, color: token.colorText },
    labelStyle: { color: token.colorTextSecondary },
  };
  const capacityName = rule.hashrate ? t('poolPublic.trend.hashrate') : t('poolPublic.trend.capacity');
  const minersName = t('poolPublic.trend.miners');
  const blocksName = t('poolPublic.trend.blocks');

  return (
    <div className="pool-trend__charts">
      <div className="pool-trend__chart" data-testid={`${testId}-chart`}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={samples} margin={{ top: 8, right: 4, bottom: 0, left: 4 }}>
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="time"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              ticks={dayTicks(
                samples.map((sample) => sample.time),
                days,
              )}
              tickFormatter={(v: number) => trendTick(v, days)}
              tick={axis}
              stroke={token.colorBorder}
              minTickGap={24}
            />
            <YAxis yAxisId="capacity" tickFormatter={(v: number) => powerText(v, 1)} tick={axis} stroke={token.colorBorder} width={76} />
            <YAxis yAxisId="miners" orientation="right" allowDecimals={false} tick={axis} stroke={token.colorBorder} width={36} />
            <Tooltip {...tooltip} labelFormatter={(v) => tooltipTime(Number(v))} formatter={(value, name) => (name === capacityName ? powerText(Number(value)) : String(value))} />
            <Legend wrapperStyle={{ fontSize: 12, color: token.colorTextSecondary }} />
            <Area
              yAxisId="capacity"
              dataKey="capacity"
              name={capacityName}
              type="monotone"
              stroke={token.colorPrimary}
              fill={token.colorPrimary}
              fillOpacity={0.18}
              strokeWidth={2}
              isAnimationActive={false}
            />
            <Line yAxisId="miners" dataKey="miners" name={minersName} type="stepAfter" stroke={token.colorWarning} dot={false} strokeWidth={2} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <div className="pool-trend__chart pool-trend__chart--blocks" data-testid={`${testId}-blocks`} data-days={trend.blocks.length}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={trend.blocks} margin={{ top: 8, right: 4, bottom: 0, left: 4 }}>
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} tick={axis} stroke={token.colorBorder} />
            <YAxis allowDecimals={false} tick={axis} stroke={token.colorBorder} width={36} />
            <Tooltip {...tooltip} cursor={{ fill: token.colorFillTertiary }} />
            <Legend wrapperStyle={{ fontSize: 12, color: token.colorTextSecondary }} />
            <Bar dataKey="blocks" name={blocksName} fill={token.blue} radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
