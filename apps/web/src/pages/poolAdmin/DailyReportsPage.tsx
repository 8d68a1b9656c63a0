import { Tabs, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../wallet/format.ts';
import { amountColumn, FilterSelect, PagedTable, PoolFilter, SettlementTag, usePagedList, usePoolCoins, useSettlementOptions } from './adminList.tsx';
import { PoolConfigTab } from './PoolConfigTab.tsx';
import { LIST_ENDPOINTS, type DailyReport } from './poolAdminApi.ts';
import './poolAdmin.css';
import { ExportButton } from '../../components/export/ExportButton.tsx';

const reportId = (r: DailyReport) => `${r.pool}-${r.day}`;

/** Each pool-day's settlement: revenue, pots carried in from days without shares, the pool's fee, withheld, the pot carried on, credited to members. */
function DailyReportsTab() {
  const { t } = useTranslation();
  const { coinOf } = usePoolCoins();
  const statuses = useSettlementOptions();
  const list = usePagedList(LIST_ENDPOINTS.dailyReports, { pool: '', status: '' });
  const { filters, filter } = list;
  const money = (key: 'revenue' | 'carried_in' | 'fee' | 'withheld' | 'remainder' | 'credited') =>
    amountColumn<DailyReport, typeof key>(key, t(`poolAdmin.reports.${key}`), (r) => coinOf(r.pool).unit, 'daily-report', reportId);
  const columns: TableColumnsType<DailyReport> = [
    { key: 'day', title: t('poolAdmin.col.day'), render: (_, r) => <span className="pool-admin-nowrap">{r.day}</span> },
    { key: 'pool', title: t('poolAdmin.col.pool'), render: (_, r) => r.pool },
    ...(['revenue', 'carried_in', 'fee', 'withheld', 'remainder', 'credited'] as const).map(money),
    { key: 'members', title: t('poolAdmin.reports.members'), align: 'right', render: (_, r) => r.members },
    { key: 'status', title: t('poolAdmin.col.status'), render: (_, r) => <SettlementTag status={r.status} testId={`daily-report-status-${reportId(r)}`} /> },
    { key: 'settled', title: t('poolAdmin.reports.settledAt'), render: (_, r) => <span className="pool-admin-nowrap">{r.settled_at ? formatTime(r.settled_at) : '—'}</span> },
  ];
  return (
    <>
      <div className="pool-admin-toolbar">
        <PoolFilter value={filters.pool} onChange={filter('pool')} testId="daily-report-filter-pool" />
        <FilterSelect
          value={filters.status}
          onChange={filter('status')}
          testId="daily-report-filter-status"
          label={t('poolAdmin.filter.status')}
          all={t('poolAdmin.filter.allStatuses')}
          options={statuses}
        />
        <ExportButton scope="admin" list="mining_daily_reports" filters={filters} />
      </div>
      <PagedTable list={list} testId="daily-report-table" rowTestId="daily-report-row" rowKey={reportId} columns={columns} />
    </>
  );
}

/** /admin/mining_daily_reports (spec doc 2 §2 'Pool reports'): the settled pool-days, and each pool's configuration. */
export function MiningDailyReportsPage() {
  const { t } = useTranslation();
  const tab = (key: string, label: string) => <span data-testid={`mining-reports-tab-${key}`}>{label}</span>;
  return (
    <div className="pool-admin-page" data-testid="mining-reports-page">
      <Typography.Title level={3}>{t('poolAdmin.reports.title')}</Typography.Title>
      <Tabs
        items={[
          { key: 'reports', label: tab('reports', t('poolAdmin.reports.tab')), children: <DailyReportsTab /> },
          { key: 'config', label: tab('config', t('poolAdmin.config.tab')), children: <PoolConfigTab /> },
        ]}
      />
    </div>
  );
}
