import { cooperationIncomeEndpoints, type CooperationIncome } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/index.ts';
import { ResponsiveTable, type Column } from '../adminCore/ResponsiveTable.tsx';
import { cooperationKeys, PAGE } from './cooperationApi.ts';

/**
 * /center/open's income history (issue 22): per settled pool-day, what the daily settlement paid
 * the user as a cooperator (the CO pool's cooperation share) and as a coin owner lending a
 * pledge (deal income). Both are on the bill too, as their own kinds.
 */
export function CooperationIncomeTable() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const income = useQuery({
    queryKey: [...cooperationKeys.all, 'income', page],
    queryFn: () => api.call(cooperationIncomeEndpoints.income, { page, count: PAGE }),
  });
  const columns: Column<CooperationIncome>[] = [
    { key: 'day', title: t('coopIncome.day'), render: (r) => r.day },
    { key: 'pool', title: t('coopIncome.pool'), render: (r) => r.pool },
    { key: 'cooperation', title: t('coopIncome.cooperation'), align: 'right', render: (r) => `${r.cooperation} ${r.unit}` },
    { key: 'deal', title: t('coopIncome.deal'), align: 'right', render: (r) => `${r.deal} ${r.unit}` },
  ];
  return (
    <>
      <Typography.Title level={3}>{t('coopIncome.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('coopIncome.intro')}</Typography.Paragraph>
      <ResponsiveTable
        testId="coop-income"
        rowTestId="coop-income-row"
        rowKey={(r) => `${r.pool}:${r.day}`}
        rows={income.data?.list}
        loading={income.isPending}
        failed={income.isError}
        columns={columns}
        pagination={{ current: page, pageSize: PAGE, total: income.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      />
    </>
  );
}
