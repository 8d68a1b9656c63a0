import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { builtCentreMenu, currentCentreEntry } from './centreMenu.ts';

/**
 * The user centre's menu (groups of built entries, the current one marked), shared by the
 * desktop side menu, the centre drawer and the header's mobile drawer. `testPrefix` keeps
 * the test ids of the copies apart.
 */
export function CentreMenu({ onNavigate, testPrefix = 'centre-nav' }: { onNavigate?: () => void; testPrefix?: string }) {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  const current = currentCentreEntry(pathname, hash);
  const items: MenuProps['items'] = builtCentreMenu().map((group) => ({
    type: 'group' as const,
    key: `group-${group.key}`,
    label: <span data-testid={`${testPrefix}-group-${group.key}`}>{t(`centreNav.group.${group.key}`)}</span>,
    children: group.entries.map((entry) => ({
      key: entry.key,
      label: (
        <Link to={entry.path} onClick={onNavigate} data-testid={`${testPrefix}-${entry.key}`} aria-current={current?.key === entry.key ? 'page' : undefined}>
          {t(`centreNav.entry.${entry.key}`)}
        </Link>
      ),
    })),
  }));
  return (
    <nav aria-label={t('centreNav.label')} data-testid={testPrefix} data-current={current?.key ?? ''}>
      <Menu mode="inline" items={items} selectedKeys={current ? [current.key] : []} className="centre-menu" />
    </nav>
  );
}
