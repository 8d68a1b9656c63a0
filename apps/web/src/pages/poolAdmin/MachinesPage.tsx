import { Badge, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../wallet/format.ts';
import { capacityText, FilterSelect, hashrateText, PagedTable, PoolFilter, TextFilter, usePagedList, usePoolCoins, UserCell } from './adminList.tsx';
import { LIST_ENDPOINTS, type AdminMiner } from './poolAdminApi.ts';
import './poolAdmin.css';
import { ExportButton } from '../../components/export/ExportButton.tsx';

/**
 * /admin/machines: every user's miners, filtered by pool, online or offline, name and uid.
 * Capacity in the coin's base; hashrate coins show their hashrate too.
 */
export function AdminMachinesPage() {
  const { t } = useTranslation();
  const { coinOf } = usePoolCoins();
  const list = usePagedList(LIST_ENDPOINTS.miners, {
    pool: '',
    status: '',
    name: '',
    uid: '',
  });
  const { filters, filter } = list;
  const columns: TableColumnsType<AdminMiner> = [
    {
      key: 'name',
      title: t('poolAdmin.machines.name'),
      render: (_, m) => (
        <span className="pool-admin-nowrap">
          <Badge status={m.online ? 'success' : 'default'} /> <span data-testid={`machine-name-${m.id}`}>{m.name}</span>
        </span>
      ),
    },
    { key: 'user', title: t('poolAdmin.col.user'), render: (_, m) => <UserCell uid={m.uid} email={m.email} /> },
    { key: 'pool', title: t('poolAdmin.col.pool'), render: (_, m) => m.pool },
    {
      key: 'power',
      title: t('poolAdmin.machines.power'),
      align: 'right',
      render: (_, m) => {
        const coin = coinOf(m.pool);
        return (
          <span className="pool-admin-amount" data-testid={`machine-power-${m.id}`}>
            {coin.hashrate ? hashrateText(m.hashrate) : capacityText(m.capacity, coin.base)}
          </span>
        );
      },
    },
    {
      key: 'state',
      title: t('poolAdmin.col.status'),
      render: (_, m) => (
        <span data-testid={`machine-state-${m.id}`} data-online={m.online}>
          {m.online ? t('poolAdmin.machines.online') : t('poolAdmin.machines.offline')}
        </span>
      ),
    },
    { key: 'seen', title: t('poolAdmin.machines.lastSeen'), render: (_, m) => <span className="pool-admin-nowrap">{formatTime(m.last_seen)}</span> },
    { key: 'version', title: t('poolAdmin.machines.version'), render: (_, m) => m.version || '—' },
    { key: 'line', title: t('poolAdmin.machines.line'), render: (_, m) => m.line ?? '—' },
  ];
  return (
    <div className="pool-admin-page" data-testid="machines-page">
      <Typography.Title level={3}>{t('poolAdmin.machines.title')}</Typography.Title>
      <div className="pool-admin-toolbar">
        <PoolFilter value={filters.pool} onChange={filter('pool')} testId="machines-filter-pool" />
        <FilterSelect
          value={filters.status}
          onChange={filter('status')}
          testId="machines-filter-status"
          label={t('poolAdmin.filter.status')}
          all={t('poolAdmin.machines.all')}
          options={(['online', 'offline'] as const).map((state) => ({ value: state, label: t(`poolAdmin.machines.${state}`) }))}
        />
        <TextFilter onSearch={filter('name')} placeholder={t('poolAdmin.machines.name')} testId="machines-filter-name" />
        <TextFilter onSearch={filter('uid')} placeholder={t('poolAdmin.filter.uid')} testId="machines-filter-uid" />
        <ExportButton scope="admin" list="machines" filters={filters} />
      </div>
      <Typography.Text type="secondary" className="pool-admin-counts" data-testid="machines-counts">
        {t('poolAdmin.machines.counts', { online: list.result.data?.online ?? 0, offline: list.result.data?.offline ?? 0 })}
      </Typography.Text>
      <PagedTable list={list} testId="machines-table" rowTestId="machine-row" rowKey={(m) => m.id} columns={columns} />
    </div>
  );
}
