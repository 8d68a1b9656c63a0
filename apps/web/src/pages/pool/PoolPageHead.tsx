import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { poolsQuery } from '../../api/queries.ts';
import { DevnetOnlyMiningNotice } from '../../components/DevnetOnlyMiningNotice.tsx';
import type { PoolChoice } from './usePool.ts';
import { sectionLink, useWatched } from './watched.ts';
import { poolName } from '../../i18n/poolName.ts';

const SECTIONS = ['mining', 'machine', 'income', 'revenue', 'contribution'] as const;
export type PoolSection = (typeof SECTIONS)[number];

/**
 * The head of each user-centre pool page: its title, the pool switcher, and links to the
 * other pool pages that keep the chosen pool (and, for a Chia protocol pool, its points page).
 */
export function PoolPageHead({ section, choice }: { section: PoolSection; choice: PoolChoice }) {
  const { t } = useTranslation();
  const registry = useQuery(poolsQuery);
  // A watched user's pages (issue 25): the sections the observer calls read, on the watcher page.
  const watched = useWatched();
  const sections = watched ? SECTIONS.filter((s) => s !== 'revenue') : SECTIONS;
  const nameOf = (type: string) => poolName(t, type, registry.data?.find((p) => p.type === type)?.name ?? type);
  // Pools that speak Chia's pool protocol keep their farmers' points on the Chia PP points page.
  const protocol = registry.data?.find((p) => p.type === choice.pool)?.protocol;
  const chiaProtocol = protocol === 'chia-pool-v1' && !watched;
  // The Revenue screen (issue 20) keeps its texts in its own catalogue.
  const text = (s: PoolSection, key: 'title' | 'nav') => t(s === 'revenue' ? `revenue.${key}` : `poolUser.${s}.${key}`);
  return (
    <div className="pool-head">
      <div className="pool-head__row">
        <Typography.Title level={2} className="page__title">
          {text(section, 'title')}
        </Typography.Title>
        <label className="pool-head__switch">
          <span className="pool-muted">{t('poolUser.pool')}</span>
          <Select
            value={choice.pool}
            onChange={choice.choose}
            loading={choice.pool === undefined}
            popupMatchSelectWidth={false}
            data-testid="pool-switch"
            data-pool={choice.pool ?? ''}
            options={choice.pools.map((type) => ({ value: type, label: <span data-testid={`pool-switch-option-${type}`}>{nameOf(type)}</span> }))}
          />
        </label>
      </div>
      <nav className="pool-nav" aria-label={t('poolUser.navLabel')}>
        {sections.map((s) => (
          <NavLink
            key={s}
            to={sectionLink(s, choice.pool, watched)}
            className={s === section ? 'pool-nav__item pool-nav__item--active' : 'pool-nav__item'}
            data-testid={`pool-nav-${s}`}
          >
            {text(s, 'nav')}
          </NavLink>
        ))}
        {chiaProtocol ? (
          <NavLink to="/center/chiapp" className="pool-nav__item" data-testid="pool-nav-chiapp">
            {t('chiapp.title')}
          </NavLink>
        ) : null}
      </nav>
      {protocol === 'trusted-proxy' ? (
        <Alert type="info" showIcon className="pool-head__notice" title={t('verification.trustedProxyNotice')} data-testid="pool-trusted-proxy" />
      ) : null}
      <DevnetOnlyMiningNotice pool={choice.pool} className="pool-head__notice" />
    </div>
  );
}
