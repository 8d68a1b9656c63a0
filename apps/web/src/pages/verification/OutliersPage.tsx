import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect, PagedTable, PoolFilter, pointsText, usePagedList, UserCell } from '../poolAdmin/adminList.tsx';
import { LIST_ENDPOINTS, poolAdminKeys } from '../poolAdmin/poolAdminApi.ts';
import { reviewOutlier, type Outlier } from './verificationApi.ts';
import '../poolAdmin/poolAdmin.css';

const STATUS_COLOR = { held: 'orange', released: 'green', refused: 'red' } as const;

/**
 * /admin/outliers (issue 18): miners whose day of points exceeded what their capacity or hashrate
 * could produce, held from settlement; the operator releases (counted in the next settlement) or
 * refuses (never counted) each.
 */
export function OutliersPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = usePagedList(LIST_ENDPOINTS.outliers, { pool: '', status: 'held' });
  const review = async (id: string, decision: 'release' | 'refuse') => {
    await reviewOutlier(id, decision);
    await client.invalidateQueries({ queryKey: poolAdminKeys.all });
  };
  const columns: TableColumnsType<Outlier> = [
    { key: 'day', title: t('verification.outliers.day'), dataIndex: 'day' },
    { key: 'pool', title: t('poolAdmin.col.pool'), dataIndex: 'pool' },
    { key: 'user', title: t('poolAdmin.col.user'), render: (_, r) => <UserCell uid={r.uid} email={r.email} /> },
    { key: 'miner', title: t('verification.outliers.miner'), dataIndex: 'miner' },
    { key: 'points', title: t('verification.outliers.points'), align: 'right', render: (_, r) => <span data-testid={`outlier-points-${r.id}`}>{pointsText(r.points)}</span> },
    { key: 'bound', title: t('verification.outliers.bound'), align: 'right', render: (_, r) => pointsText(r.bound) },
    {
      key: 'status',
      title: t('verification.outliers.status'),
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid={`outlier-status-${r.id}`}>
          {t(`verification.outliers.${r.status}`)}
          {r.counted_day ? ` · ${t('verification.outliers.countedDay')} ${r.counted_day}` : ''}
        </Tag>
      ),
    },
    {
      key: 'review',
      title: '',
      render: (_, r) =>
        r.status === 'held' ? (
          <Space>
            <Button size="small" type="primary" onClick={() => void review(r.id, 'release')} data-testid={`outlier-release-${r.id}`}>
              {t('verification.outliers.release')}
            </Button>
            <Button size="small" danger onClick={() => void review(r.id, 'refuse')} data-testid={`outlier-refuse-${r.id}`}>
              {t('verification.outliers.refuse')}
            </Button>
          </Space>
        ) : null,
    },
  ];
  return (
    <div className="pool-admin-page" data-testid="outliers-page">
      <Typography.Title level={3}>{t('verification.outliers.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('verification.outliers.intro')}</Typography.Paragraph>
      <div className="pool-admin-toolbar">
        <PoolFilter value={list.filters.pool} onChange={list.filter('pool')} testId="outliers-filter-pool" />
        <FilterSelect
          value={list.filters.status}
          onChange={list.filter('status')}
          testId="outliers-filter-status"
          label={t('verification.outliers.status')}
          all={t('verification.outliers.all')}
          options={(['held', 'released', 'refused'] as const).map((s) => ({ value: s, label: t(`verification.outliers.${s}`) }))}
        />
      </div>
      <PagedTable list={list} testId="outliers-table" rowTestId="outlier-row" rowKey={(r) => r.id} columns={columns} />
    </div>
  );
}
