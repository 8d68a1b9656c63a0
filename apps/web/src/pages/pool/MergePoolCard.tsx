import { mergePoolEndpoints, type MergePoolFarm } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/index.ts';
import { Amount } from '../../components/Amount.tsx';
import { capacityText } from './poolFormat.ts';
import './mergePool.css';

export const mergePoolKey = (pool: string) => ['pool', 'mergepool', pool] as const;

/**
 * Merged mining on the dashboard (issue 21): when the pool shown is one of a merge pool's
 * (BHD with LHD, HDD, XHD of the same pool type), the user's rigs there as one farm — its rigs
 * and capacity — and each coin's own capacity and income, with links to that coin's dashboard
 * and income records. Nothing for a pool nothing merges with.
 */
export function MergePoolCard({ pool, base }: { pool: string; base: 1000 | 1024 }) {
  const { t } = useTranslation();
  const farm = useQuery({ queryKey: mergePoolKey(pool), queryFn: () => api.call(mergePoolEndpoints.farm, { pool }), refetchInterval: 60_000 });
  const data: MergePoolFarm | null | undefined = farm.data;
  if (!data) return null;
  const figures: [string, ReactNode][] = [
    ['rigsOnline', data.online],
    ['rigsOffline', data.offline],
    ['capacity', capacityText(data.capacity, base)],
    ['reported', capacityText(data.reported_capacity, base)],
  ];
  return (
    <Card className="pool-card" title={t('mergePool.title', { mergePool: data.merge_pool, poolType: data.pool_type })} data-testid="merge-pool" data-pools={data.pools.join(',')}>
      <p className="pool-muted merge-pool__hint">{t('mergePool.hint', { coins: data.coins.map((c) => c.unit).join(', ') })}</p>
      <dl className="user-figures">
        {figures.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`mergePool.${key}`)}</dt>
            <dd className="pool-amount" data-testid={`merge-pool-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="merge-pool__coins">
        {data.coins.map((c) => {
          const search = `?pool=${encodeURIComponent(c.pool)}`;
          return (
            <section key={c.pool} className={c.pool === pool ? 'merge-pool__coin merge-pool__coin--shown' : 'merge-pool__coin'} data-testid={`merge-pool-coin-${c.pool}`}>
              <header className="merge-pool__coin-head">
                <span className="pool-strong">{c.unit}</span>
                {c.pool === pool ? <Tag color="blue">{t('mergePool.shown')}</Tag> : null}
              </header>
              <dl className="user-figures user-figures--two">
                <div>
                  <dt>{t('mergePool.coinCapacity')}</dt>
                  <dd className="pool-amount" data-testid={`merge-pool-coin-${c.pool}-capacity`}>
                    {capacityText(c.estimated_capacity, base)}
                  </dd>
                </div>
                <div>
                  <dt>{t('mergePool.yesterday')}</dt>
                  <dd className="pool-amount" data-testid={`merge-pool-coin-${c.pool}-yesterday`}>
                    <Amount value={c.income_yesterday} coin={c.unit} />
                  </dd>
                </div>
                <div>
                  <dt>{t('mergePool.total')}</dt>
                  <dd className="pool-amount">
                    <Amount value={c.income_total} coin={c.unit} />
                  </dd>
                </div>
                <div>
                  <dt>{t('mergePool.pending')}</dt>
                  <dd className="pool-amount">
                    <Amount value={c.pending} coin={c.unit} />
                  </dd>
                </div>
              </dl>
              <div className="merge-pool__links">
                {c.pool === pool ? null : (
                  <Link to={`/center/mining${search}`} data-testid={`merge-pool-open-${c.pool}`}>
                    {t('mergePool.open')}
                  </Link>
                )}
                <Link to={`/center/income${search}`} data-testid={`merge-pool-records-${c.pool}`}>
                  {t('mergePool.records')}
                </Link>
              </div>
            </section>
          );
        })}
      </div>
    </Card>
  );
}
