import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The charts, with the charts library (recharts, some 90 kB gzipped), as a chunk of their own:
 * a pool page shows its head, figures and tables without waiting for it. While it loads the
 * chart's box keeps its height (`.pool-chart`), so nothing below moves when it arrives.
 */
const loadCharts = () => import('./charts.tsx');
const LazyHourlyChart = lazy(() => loadCharts().then((m) => ({ default: m.HourlyChart })));
const LazyDailyBars = lazy(() => loadCharts().then((m) => ({ default: m.DailyBars })));

function ChartPlaceholder({ testId }: { testId: string }) {
  return <div className="pool-chart" data-testid={`${testId}-loading`} aria-busy="true" />;
}

export function HourlyChart(props: ComponentProps<typeof LazyHourlyChart>) {
  return (
    <Suspense fallback={<ChartPlaceholder testId={props.testId} />}>
      <LazyHourlyChart {...props} />
    </Suspense>
  );
}

export function DailyBars(props: ComponentProps<typeof LazyDailyBars>) {
  return (
    <Suspense fallback={<ChartPlaceholder testId={props.testId} />}>
      <LazyDailyBars {...props} />
    </Suspense>
  );
}
