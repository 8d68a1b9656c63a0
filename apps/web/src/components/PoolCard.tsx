import type { CoinSetting, PoolInfo } from '@platter/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../app/links.ts';
import { coinIconPath } from '../state/store.ts';
import { CoinIcon } from './CoinIcon.tsx';
import { poolName } from '../i18n/poolName.ts';

/** A pool of the registry: coin icon, name, pool kind and revenue sharing. A card drawn by CSS (antd's Card brings its tabs along). */
export function PoolCard({ pool, coin }: { pool: PoolInfo; coin: CoinSetting | undefined }) {
  const { t } = useTranslation();
  return (
    <Link to={ROUTES.pools(pool.type)} className="pool-card" data-testid={`pool-card-${pool.type}`} data-pool-type={pool.pool_type} data-share-type={pool.share_type}>
      <div className="pool-card__card">
        <div className="pool-card__head">
          <CoinIcon src={coin?.icon || coinIconPath(pool.coin)} size={40} />
          <div className="pool-card__names">
            <div className="pool-card__name">{poolName(t, pool.type, pool.name)}</div>
            <div className="pool-card__coin">{coin ? `${coin.full_name} · ${coin.unit}` : pool.coin}</div>
          </div>
        </div>
        <div className="pool-card__tags">
          <Tag color={pool.pool_type === 'CO' ? 'gold' : pool.pool_type === 'AR' ? 'purple' : 'cyan'} title={t('home.poolType')}>
            {t(`poolKind.${pool.pool_type}`)}
          </Tag>
          <Tag title={t('home.shareType')}>{pool.share_type}</Tag>
        </div>
      </div>
    </Link>
  );
}
