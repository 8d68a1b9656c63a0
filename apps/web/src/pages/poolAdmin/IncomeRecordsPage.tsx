import { DatePicker, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount, capacityText, PagedTable, pointsText, PoolFilter, SettlementTag, TextFilter, usePagedList, usePoolCoins, UserCell } from './adminList.tsx';
import { LIST_ENDPOINTS, type AdminIncome } from './poolAdminApi.ts';
import './poolAdmin.css';
import { ExportButton } from '../../components/export/ExportButton.tsx';

/**
 * The three back-office views of every user's daily income records (miningdetail):
 * mining_info puts capacity and points first, income_info the amounts, contribution the
 * points. The API gives no pool-day's total points, so no share of the day is shown.
 */
export type IncomeView = 'mining_info' | 'income_info' | 'contribution';

const PREFIX: Record<IncomeView, string> = { mining_info: 'mining-info', income_info: 'income-info', contribution: 'contribution' };

const recordId = (r: AdminIncome) => `${r.uid}-${r.pool}-${r.day}`;

export function IncomeRecordsPage({ view }: { view: IncomeView }) {
  const { t } = useTranslation();
  const prefix = PREFIX[view];
  const { coinOf } = usePoolCoins();
  const list = usePagedList(LIST_ENDPOINTS.income, { pool: '', uid: '', day: '' });
  const { filters, filter } = list;

  const cell = {
    capacity: {
      key: 'capacity',
      title: t('poolAdmin.income.capacity'),
      align: 'right',
      render: (_, r) => (
        <span className="pool-admin-amount" data-testid={`${prefix}-capacity-${recordId(r)}`}>
          {capacityText(r.capacity, coinOf(r.pool).base)}
        </span>
      ),
    },
    points: {
      key: 'points',
      title: t('poolAdmin.income.points'),
      align: 'right',
      render: (_, r) => (
        <span className="pool-admin-amount" data-testid={`${prefix}-points-${recordId(r)}`}>
          {pointsText(r.points)}
        </span>
      ),
    },
    amount: {
      key: 'amount',
      title: t('poolAdmin.income.amount'),
      align: 'right',
      render: (_, r) => <Amount value={r.amount} unit={r.unit} testId={`${prefix}-amount-${recordId(r)}`} />,
    },
    status: { key: 'status', title: t('poolAdmin.col.status'), render: (_, r) => <SettlementTag status={r.status} testId={`${prefix}-status-${recordId(r)}`} /> },
  } satisfies Record<string, TableColumnsType<AdminIncome>[number]>;
  const figures = { mining_info: [cell.capacity, cell.points, cell.status], income_info: [cell.amount, cell.status, cell.capacity], contribution: [cell.points, cell.capacity] }[
    view
  ];

  const columns: TableColumnsType<AdminIncome> = [
    { key: 'day', title: t('poolAdmin.col.day'), render: (_, r) => <span className="pool-admin-nowrap">{r.day}</span> },
    { key: 'user', title: t('poolAdmin.col.user'), render: (_, r) => <UserCell uid={r.uid} email={r.email} /> },
    { key: 'pool', title: t('poolAdmin.col.pool'), render: (_, r) => r.pool },
    ...figures,
  ];

  return (
    <div className="pool-admin-page" data-testid={`${prefix}-page`}>
      <Typography.Title level={3}>{t(`poolAdmin.income.title.${view}`)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(`poolAdmin.income.intro.${view}`)}</Typography.Paragraph>
      <div className="pool-admin-toolbar">
        <PoolFilter value={filters.pool} onChange={filter('pool')} testId={`${prefix}-filter-pool`} />
        <TextFilter onSearch={filter('uid')} placeholder={t('poolAdmin.filter.uid')} testId={`${prefix}-filter-uid`} />
        <DatePicker
          className="pool-admin-filter"
          placeholder={t('poolAdmin.filter.day')}
          aria-label={t('poolAdmin.filter.day')}
          format="YYYY-MM-DD"
          onChange={(_, day) => filter('day')(typeof day === 'string' ? day : '')}
          data-testid={`${prefix}-filter-day`}
        />
        <ExportButton scope="admin" list={view} filters={filters} />
      </div>
      <PagedTable list={list} testId={`${prefix}-table`} rowTestId={`${prefix}-row`} rowKey={recordId} columns={columns} />
    </div>
  );
}
