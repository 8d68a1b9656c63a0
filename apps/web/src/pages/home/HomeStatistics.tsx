import type { HomeList, PoolStat, Ranking } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/links.ts';
import { useHydrated } from '../../app/prerendered.ts';
import { CoinIcon } from '../../components/CoinIcon.tsx';
import { coinIconPath } from '../../state/store.ts';
import { BlockTable } from '../statistics/BlockTable.tsx';
import { DataTable, type DataColumn } from '../statistics/DataTable.tsx';
import { DEFAULT_POWER_RULE, formatBytes, usePowerRules } from '../statistics/format.ts';
import { POOL_FIGURES } from '../statistics/PoolFigures.tsx';
import { fetchHomeList, LIVE_REFRESH_MS, poolPublicKeys } from '../statistics/poolApi.ts';
import { poolName } from '../../i18n/poolName.ts';

/** Shown only when the figures fail to load: not part of the home route's first load. */
const Alert = lazy(() => import('antd/es/alert'));

/**
 * The live part of home (spec doc 1 §2 'Home, with rankings, statistics and recently mined
 * blocks'), all from GET /api/home/list, fetched again every 30 s.
 */
export function HomeStatistics() {
  const { t } = useTranslation();
  const home = useQuery({ queryKey: poolPublicKeys.home, queryFn: fetchHomeList, refetchInterval: LIVE_REFRESH_MS });
  // The tables are drawn with the answer in a render React can interrupt (a store's update alone
  // is drawn in one blocking task); until then they keep their placeholder rows. Hydrating the
  // page drawn without data, they are drawn as it was sent, answer or not.
  const hydrated = useHydrated();
  const data = useDeferredValue(hydrated ? home.data : undefined);
  const loading = home.isPending || data !== home.data;
  const poolNames = useMemo(() => new Map((data?.pools ?? []).map((pool) => [pool.pool, poolName(t, pool.pool, pool.name)])), [data, t]);

  return (
    <>
      <section className="section" data-testid="home-stats">
        <h2 className="section__title">{t('poolPublic.home.statsTitle')}</h2>
        <p className="section__subtitle">{t('poolPublic.home.statsSubtitle')}</p>
        {home.isError && hydrated && !data ? (
          <Suspense fallback={<p data-testid="home-stats-failed">{t('poolPublic.home.failed')}</p>}>
            <Alert type="warning" showIcon title={t('poolPublic.home.failed')} data-testid="home-stats-failed" />
          </Suspense>
        ) : null}
        <PoolStatTable pools={data?.pools ?? []} loading={loading} />
      </section>
      <section className="section home-live">
        <div className="home-live__panel" data-testid="home-ranking">
          <h2 className="section__title">{t('poolPublic.home.rankingTitle', { pool: data?.default_pool.toUpperCase() ?? '' })}</h2>
          <p className="section__subtitle">{t('poolPublic.home.rankingSubtitle')}</p>
          <RankingTable home={data} loading={loading} />
        </div>
        <div className="home-live__panel" data-testid="home-blocks">
          <h2 className="section__title">{t('poolPublic.home.blocksTitle')}</h2>
          <p className="section__subtitle">{t('poolPublic.home.blocksSubtitle')}</p>
          <BlockTable
            blocks={data?.blocks ?? []}
            testId="home-blocks-table"
            loading={loading}
            failed={home.isError && hydrated}
            poolNames={poolNames}
            placeholderRows={HOME_LIST_ROWS}
          />
        </div>
      </section>
    </>
  );
}

/** The home list's recent blocks and ranking hold up to 10 rows (GET /api/home/list): their place is kept while it loads. */
const HOME_LIST_ROWS = 10;

/** Mining now, or found a block this week. */
const isActive = (stat: PoolStat) => stat.online_miners > 0 || stat.blocks_7d > 0;

/** One row per pool: its figures; the name links to the pool's page. Idle pools only on request. */
function PoolStatTable({ pools, loading }: { pools: PoolStat[]; loading: boolean }) {
  const { t } = useTranslation();
  const ruleOf = usePowerRules();
  const [showIdle, setShowIdle] = useState(false);
  const active = pools.filter(isActive);
  const shown = showIdle || active.length === 0 ? pools : active;
  const columns: DataColumn<PoolStat>[] = [
    {
      key: 'pool',
      title: t('poolPublic.home.pool'),
      headline: true,
      render: (stat) => (
        <Link to={ROUTES.pools(stat.pool)} className="home-pool-name">
          <CoinIcon src={stat.icon || coinIconPath(stat.coin)} size={22} />
          <span>{stat.name}</span>
        </Link>
      ),
    },
    ...POOL_FIGURES.map<DataColumn<PoolStat>>((figure) => ({
      key: figure.key,
      title: figure.key === 'power' ? t('poolPublic.figures.power') : t(figure.label(DEFAULT_POWER_RULE)),
      align: 'right',
      render: (stat) => (
        <span className="pool-number" data-testid={`home-stat-${stat.pool}-${figure.key}`}>
          {figure.value(stat, ruleOf(stat.coin))}
        </span>
      ),
    })),
  ];
  return (
    <>
      <DataTable
        rows={shown}
        columns={columns}
        rowKey={(stat) => stat.pool}
        testId="home-stats-table"
        rowTestId={(stat) => `home-stat-${stat.pool}`}
        loading={loading}
        empty={t('poolPublic.home.statsEmpty')}
      />
      {active.length > 0 && active.length < pools.length ? (
        <Button type="link" className="home-stats__all" onClick={() => setShowIdle(!showIdle)} data-testid="home-stats-idle" data-shown={showIdle}>
          {showIdle ? t('poolPublic.home.hideIdle') : t('poolPublic.home.showIdle', { idle: pools.length - active.length })}
        </Button>
      ) : null}
    </>
  );
}

/** The default pool's top miners by capacity over 24 hours. */
function RankingTable({ home, loading }: { home: HomeList | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const ruleOf = usePowerRules();
  const coin = home?.pools.find((pool) => pool.pool === home.default_pool)?.coin ?? '';
  const rule = ruleOf(coin);
  const columns: DataColumn<Ranking[number]>[] = [
    { key: 'rank', title: t('poolPublic.home.rank'), headline: true, render: (row) => <span className="pool-number">#{row.rank}</span> },
    { key: 'name', title: t('poolPublic.home.name'), render: (row) => <span className="pool-name">{row.name}</span> },
    {
      key: 'capacity',
      title: t('poolPublic.figures.capacity'),
      align: 'right',
      render: (row) => (
        <strong className="pool-number" data-testid={`home-ranking-capacity-${row.rank}`}>
          {formatBytes(row.capacity, rule)}
        </strong>
      ),
    },
  ];
  return (
    <DataTable
      rows={home?.ranking ?? []}
      columns={columns}
      rowKey={(row) => String(row.rank)}
      testId="home-ranking-table"
      rowTestId={(row) => `home-ranking-row-${row.rank}`}
      loading={loading}
      placeholderRows={HOME_LIST_ROWS}
      empty={t('poolPublic.home.rankingEmpty')}
    />
  );
}
