import { AppstoreOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { poolsQuery } from '../../api/queries.ts';
import { useAddressQuery } from '../../app/header/AddressQuery.tsx';
import { useHydrated } from '../../app/prerendered.ts';
import { ROUTES } from '../../app/links.ts';
import { PoolCard } from '../../components/PoolCard.tsx';
import { useAppState } from '../../state/store.ts';
import { HomeBanners } from '../content/HomeBanners.tsx';
import { HomeStatistics } from './HomeStatistics.tsx';

/** Home: a welcome, the live pool statistics, ranking and recent blocks, and the pool registry. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openAddressQuery = useAddressQuery();
  // The pool cards are drawn in a render React can interrupt (a store's update alone is drawn
  // in one blocking task); until then the placeholder keeps their place.
  const storedPools = useAppState((state) => state.poolInfo);
  const pools = useDeferredValue(storedPools);
  const coins = useDeferredValue(useAppState((state) => state.coinInfo));
  const poolType = useAppState((state) => state.poolType);
  const { isPending } = useQuery(poolsQuery);
  // Hydrating the page drawn without data: the placeholder it was drawn with, even if the list has come.
  const hydrated = useHydrated();
  const coinByType = useMemo(() => new Map(coins.map((coin) => [coin.type, coin])), [coins]);

  return (
    <div className="home">
      <section className="hero" data-testid="home-welcome">
        <div className="hero__inner">
          <h1 className="hero__title">{t('home.welcomeTitle')}</h1>
          <p className="hero__text">{t('home.welcomeText')}</p>
          <div className="hero__actions">
            <Button type="primary" size="large" icon={<SearchOutlined />} onClick={openAddressQuery} data-testid="home-query-address">
              {t('home.queryAddress')}
            </Button>
            <Button size="large" icon={<AppstoreOutlined />} onClick={() => void navigate(ROUTES.pools(poolType))}>
              {t('home.viewPools')}
            </Button>
          </div>
        </div>
      </section>
      <div className="page home-sections">
        <HomeBanners />
        <HomeStatistics />
        <section className="section" data-testid="home-pools">
          <h2 className="section__title">{t('home.poolsTitle')}</h2>
          <p className="section__subtitle">{t('home.poolsSubtitle')}</p>
          {pools.length > 0 ? (
            <div className="pool-grid">
              {pools.map((pool) => (
                <PoolCard key={pool.type} pool={pool} coin={coinByType.get(pool.coin)} />
              ))}
            </div>
          ) : !hydrated || isPending || pools !== storedPools ? (
            <Skeleton active />
          ) : (
            <Empty description={t('home.poolsEmpty')} />
          )}
        </section>
      </div>
    </div>
  );
}
