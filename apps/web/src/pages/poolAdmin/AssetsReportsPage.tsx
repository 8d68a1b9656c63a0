import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { amountColumn, CoinFilter, PagedTable, usePagedList } from './adminList.tsx';
import { LIST_ENDPOINTS, type AssetsReport } from './poolAdminApi.ts';
import './poolAdmin.css';
import { ExportButton } from '../../components/export/ExportButton.tsx';

const reportId = (r: AssetsReport) => `${r.coin}-${r.day}`;

/**
 * /admin/assets_daily_reports (spec doc 2 §2 'Pool reports'): per coin and UTC day, what moved
 * through the users' balances by kind, and the users' total at the end of the day.
 */
export function AssetsDailyReportsPage() {
  const { t } = useTranslation();
  const list = usePagedList(LIST_ENDPOINTS.assetsReports, { coin: '' });
  const { filters, filter } = list;
  const money = (key: 'deposits' | 'withdrawals' | 'mining_income' | 'owner_income' | 'fees' | 'adjustments' | 'user_balance') =>
    amountColumn<AssetsReport, typeof key>(key, t(key === 'owner_income' ? 'incomeReport.owner_income' : `poolAdmin.assets.${key}`), (r) => r.unit, 'assets-report', reportId);
  const columns: TableColumnsType<AssetsReport> = [
    { key: 'day', title: t('poolAdmin.col.day'), render: (_, r) => <span className="pool-admin-nowrap">{r.day}</span> },
    { key: 'coin', title: t('poolAdmin.col.coin'), render: (_, r) => r.unit },
    ...(['deposits', 'withdrawals', 'mining_income', 'owner_income', 'fees', 'adjustments', 'user_balance'] as const).map(money),
  ];
  return (
    <div className="pool-admin-page" data-testid="assets-reports-page">
      <Typography.Title level={3}>{t('poolAdmin.assets.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('poolAdmin.assets.intro')}</Typography.Paragraph>
      <div className="pool-admin-toolbar">
        <CoinFilter value={filters.coin} onChange={filter('coin')} testId="assets-report-filter-coin" />
        <ExportButton scope="admin" list="assets_daily_reports" filters={filters} />
      </div>
      <PagedTable list={list} testId="assets-report-table" rowTestId="assets-report-row" rowKey={reportId} columns={columns} />
    </div>
  );
}
