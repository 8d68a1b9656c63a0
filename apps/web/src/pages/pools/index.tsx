import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import type { CoinSetting, PoolInfo, PoolStat } from '@platter/domain';
import { poolsQuery } from '../../api/queries.ts';
import { ROUTES } from '../../app/links.ts';
import { CoinIcon } from '../../components/CoinIcon.tsx';
import { DevnetOnlyMiningNotice } from '../../components/DevnetOnlyMiningNotice.tsx';
import { coinsOfPools, poolsOfType } from '../../lib/pools.ts';
import { appStore, coinIconPath, useAppState } from '../../state/store.ts';
import { BlockExplorer } from '../statistics/BlockTable.tsx';
import { powerRuleOf } from '../statistics/format.ts';
import { PoolFigures } from '../statistics/PoolFigures.tsx';
import { fetchPoolStatistics, LIVE_REFRESH_MS, poolPublicKeys } from '../statistics/poolApi.ts';
import { PoolTrend } from '../statistics/PoolTrend.tsx';
import { poolName } from '../../i18n/poolName.ts';

/**
 * /mypools/{pooltype}: the registered pools of that type, with a switcher per coin; each
 * pool with its live figures (GET /api/home/capacity), its trend and its found blocks.
 */
export function MyPoolsPage() {
  const { t } = useTranslation();
  const { pooltype = '' } = useParams();
  const pools = useAppState((state) => state.poolInfo);
  const coins = useAppState((state) => state.coinInfo);
  const { isPending } = useQuery(poolsQuery);
  const statistics = useQuery({ queryKey: poolPublicKeys.capacity, queryFn: fetchPoolStatistics, refetchInterval: LIVE_REFRESH_MS });
  const matching = useMemo(() => poolsOfType(pools, pooltype), [pools, pooltype]);
  const coinByType = useMemo(() => new Map(coins.map((coin) => [coin.type, coin])), [coins]);

  // The header's pools link comes back to the last pool type seen (app state 'poolType').
  useEffect(() => {
    if (matching.length > 0 && appStore.getState().poolType !== pooltype) appStore.set({ poolType: pooltype });
  }, [matching.length, pooltype]);

  return (
    <div className="page" data-testid="mypools-page">
      <h1 className="page__title">{t('mypools.title', { type: pooltype.toUpperCase() })}</h1>
      <p className="section__subtitle">{t('mypools.subtitle')}</p>
      <nav className="coin-switch" aria-label={t('mypools.coins')}>
        {coinsOfPools(pools).map((coin) => (
          <NavLink
            key={coin}
            to={ROUTES.pools(coin.toLowerCase())}
            className={({ isActive }) => (isActive ? 'coin-switch__item coin-switch__item--active' : 'coin-switch__item')}
            data-testid={`mypools-coin-${coin.toLowerCase()}`}
          >
            <CoinIcon src={coinByType.get(coin)?.icon || coinIconPath(coin)} size={18} />
            <span>{coin}</span>
          </NavLink>
        ))}
      </nav>
      {matching.length === 0 ? (
        isPending && pools.length === 0 ? (
          <Skeleton active />
        ) : (
          <Empty description={t('mypools.empty')} />
        )
      ) : (
        <div className="pool-details">
          {matching.map((pool) => (
            <PoolDetailCard key={pool.type} pool={pool} coin={coinByType.get(pool.coin)} stat={statistics.data?.find((stat) => stat.pool === pool.type)} />
          ))}
        </div>
      )}
    </div>
  );
}

export { AddressResultPage } from './AddressResultPage.tsx';

/** One pool: its registry entry, live figures, trend and block explorer. */
function PoolDetailCard({ pool, coin, stat }: { pool: PoolInfo; coin: CoinSetting | undefined; stat: PoolStat | undefined }) {
  const { t } = useTranslation();
  const rule = powerRuleOf(coin);
  return (
    <Card
      className="pool-detail-card"
      data-testid={`mypools-pool-${pool.type}`}
      title={
        <span className="pool-details__title">
          <CoinIcon src={coin?.icon || coinIconPath(pool.coin)} size={28} />
          <span>{poolName(t, pool.type, pool.name)}</span>
        </span>
      }
      extra={<Tag color={pool.pool_type === 'CO' ? 'gold' : pool.pool_type === 'AR' ? 'purple' : 'cyan'}>{t(`poolKind.${pool.pool_type}`)}</Tag>}
    >
      <div className="pool-card-body">
        <DevnetOnlyMiningNotice pool={pool.type} />
        {stat ? <PoolFigures stat={stat} rule={rule} testId={`mypools-stat-${pool.type}`} /> : null}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'key', label: t('mypools.poolKey'), children: pool.type },
            { key: 'coin', label: t('mypools.coin'), children: coin ? `${coin.full_name} (${coin.unit})` : pool.coin },
            { key: 'share', label: t('mypools.shareType'), children: pool.share_type },
            { key: 'auto', label: t('mypools.autoPay'), children: pool.auto_withdraw ? t('common.yes') : t('common.no') },
            { key: 'protocol', label: t('mypools.protocol'), children: pool.protocol },
          ]}
        />
        <PoolTrend pool={pool.type} rule={rule} />
        <BlockExplorer pool={pool.type} />
      </div>
    </Card>
  );
}
