import type { ServerLine } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { memo, useCallback, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchServerLines } from '../../api/endpoints.ts';
import '../plots/plots.css';

/** Round trips measured per line (ms), or 'failed'. */
type Results = Partial<Record<string, number | 'failed'>>;

/**
 * The median of three timed requests to a line's ping address, from this browser. The first
 * request opens the connection; the median ignores one slow outlier.
 */
export async function measureLine(line: ServerLine, fetcher: typeof fetch = fetch, now: () => number = () => performance.now()): Promise<number | 'failed'> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = now();
    try {
      const response = await fetcher(`${line.ping_url}${line.ping_url.includes('?') ? '&' : '?'}line=${line.code}&n=${i}`, { cache: 'no-store', credentials: 'omit' });
      if (!response.ok) return 'failed';
      await response.text();
    } catch {
      return 'failed';
    }
    times.push(now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[1] ?? times[0] ?? 0);
}

/** The closest line among the results, if any answered. */
export function closestLine(results: Results): string | undefined {
  let best: [string, number] | undefined;
  for (const [code, value] of Object.entries(results)) if (typeof value === 'number' && (!best || value < best[1])) best = [code, value];
  return best?.[0];
}

/** Server lines by region (spec doc 1 §1) with a ping check the user runs from the browser. */
export function ServerLinesCard() {
  const { t } = useTranslation();
  const lines = useQuery({ queryKey: ['setting', 'lines'], queryFn: () => fetchServerLines(), staleTime: Infinity });
  // The rows (each with a copy button and its tooltip) are drawn in a render React can
  // interrupt: the query's answer alone is drawn in one blocking task, and here that render
  // stops at the memoised rows, which still have the value before it.
  const shown = useDeferredValue(lines.data);
  const [results, setResults] = useState<Results>({});
  const [testing, setTesting] = useState<string | null>(null);

  const test = useCallback(async (targets: ServerLine[]) => {
    for (const line of targets) {
      setTesting(line.code);
      const value = await measureLine(line);
      setResults((current) => ({ ...current, [line.code]: value }));
    }
    setTesting(null);
  }, []);

  return (
    <Card
      size="small"
      title={t('poolLines.title')}
      data-testid="server-lines"
      extra={
        <Button size="small" onClick={() => void test(lines.data ?? [])} loading={testing !== null} disabled={!lines.data?.length} data-testid="server-lines-test-all">
          {t('poolLines.testAll')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" className="wallet-small">
        {t('poolLines.intro')}
      </Typography.Paragraph>
      <LineRows lines={shown} results={results} testing={testing} test={test} />
    </Card>
  );
}

const LineRows = memo(function LineRows({
  lines,
  results,
  testing,
  test,
}: {
  lines: ServerLine[] | undefined;
  results: Results;
  testing: string | null;
  test: (targets: ServerLine[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const best = closestLine(results);
  return (
    <div className="server-lines">
      {(lines ?? []).map((line) => {
        const result = results[line.code];
        return (
          <div key={line.code} className="server-lines__row" data-testid={`server-line-${line.code}`}>
            <strong>{t(`poolLines.region.${line.code}`)}</strong>
            <Typography.Text copyable className="server-lines__host">
              {line.host}
            </Typography.Text>
            <Space size={4}>
              <span data-testid={`server-line-result-${line.code}`} data-result={result ?? ''}>
                {result === 'failed' ? <Tag color="red">{t('poolLines.failed')}</Tag> : result !== undefined ? t('poolLines.ms', { ms: result }) : '—'}
              </span>
              {best === line.code ? <Tag color="green">{t('poolLines.best')}</Tag> : null}
              <Button size="small" onClick={() => void test([line])} loading={testing === line.code} data-testid={`server-line-test-${line.code}`}>
                {t('poolLines.test')}
              </Button>
            </Space>
          </div>
        );
      })}
    </div>
  );
});
