import { Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { formatTime } from '../wallet/format.ts';
import { PagedTable, PoolFilter, TextFilter, usePagedList, UserCell } from './adminList.tsx';
import { LIST_ENDPOINTS, type AdminOpened } from './poolAdminApi.ts';
import './poolAdmin.css';

/**
 * /admin/openned: the pools users have opened — since when (first key or first miner), whether
 * their miner key is live, and their miners online and offline — filtered by pool and uid.
 */
export function AdminOpenedPoolsPage() {
  const { t } = useTranslation();
  const list = usePagedList(LIST_ENDPOINTS.opened, { pool: '', uid: '' });
  const { filters, filter } = list;
  const rowId = (r: AdminOpened) => `${r.uid}-${r.pool}`;
  const columns: TableColumnsType<AdminOpened> = [
    { key: 'user', title: t('poolAdmin.col.user'), render: (_, r) => <UserCell uid={r.uid} email={r.email} /> },
    { key: 'pool', title: t('poolAdmin.col.pool'), render: (_, r) => <span data-testid={`opened-pool-${rowId(r)}`}>{r.pool}</span> },
    { key: 'opened', title: t('poolAdmin.opened.since'), render: (_, r) => <span className="pool-admin-nowrap">{formatTime(r.opened_at)}</span> },
    {
      key: 'key',
      title: t('poolAdmin.opened.key'),
      render: (_, r) => <Tag color={r.key_active ? 'green' : 'default'}>{r.key_active ? t('poolAdmin.opened.keyActive') : t('poolAdmin.opened.keyNone')}</Tag>,
    },
    {
      key: 'miners',
      title: t('poolAdmin.opened.miners'),
      align: 'right',
      render: (_, r) => <span data-testid={`opened-miners-${rowId(r)}`}>{t('poolAdmin.opened.minersOf', { online: r.online, total: r.miners })}</span>,
    },
    { key: 'seen', title: t('poolAdmin.machines.lastSeen'), render: (_, r) => <span className="pool-admin-nowrap">{r.last_seen ? formatTime(r.last_seen) : '—'}</span> },
  ];
  return (
    <div className="pool-admin-page" data-testid="opened-page">
      <Typography.Title level={3}>{t('poolAdmin.opened.title')}</Typography.Title>
      <div className="pool-admin-toolbar">
        <PoolFilter value={filters.pool} onChange={filter('pool')} testId="opened-filter-pool" />
        <TextFilter onSearch={filter('uid')} placeholder={t('poolAdmin.filter.uid')} testId="opened-filter-uid" />
        <ExportButton scope="admin" list="openned" filters={filters} />
      </div>
      <PagedTable list={list} testId="opened-table" rowTestId="opened-row" rowKey={rowId} columns={columns} />
    </div>
  );
}
