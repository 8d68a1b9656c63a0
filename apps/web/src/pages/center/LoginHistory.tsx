import { loginLogEndpoints, type LoginLogItem } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Pagination, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, dataOf } from '../../api/index.ts';
import { useIsMobile } from '../../app/hooks/useIsMobile.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { formatDateTime } from '../../lib/time.ts';

/** /center/history: every sign-in attempt, newest first. */
export function LoginHistoryPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const count = 10;
  const history = useQuery({
    queryKey: ['log', 'login', page],
    queryFn: async () => dataOf(await api.send(loginLogEndpoints.login, { page, count })) ?? { list: [], total: 0 },
  });
  const rows = history.data?.list ?? [];
  const pagination = { current: page, pageSize: count, total: history.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: false } as const;
  const method = (value: string) => t(`auth.method.${value}`, { defaultValue: value });
  const result = (value: LoginLogItem['result']) => (
    <Tag color={value === 'success' ? 'green' : 'red'} className="login-result">
      {t(`history.results.${value}`)}
    </Tag>
  );
  return (
    <div className="page" data-testid="login-history">
      <PageHeading title={t('security.history')}>{t('security.historyHint')}</PageHeading>
      {isMobile ? (
        // At phone width a card per attempt: the result stays in sight without scrolling sideways.
        <Spin spinning={history.isPending}>
          {rows.length === 0 && !history.isPending ? <Empty description={t('common.noData')} /> : null}
          {rows.map((row) => (
            <Card key={`${row.time}-${row.ip}-${row.result}-${row.method}`} size="small" className="login-card" data-testid="login-history-row" data-result={row.result}>
              <div className="login-card__head">
                <span>{formatDateTime(row.time)}</span>
                {result(row.result)}
              </div>
              <div className="login-card__line">
                {row.ip} · {row.location}
              </div>
              <div className="login-card__line">
                {row.device} · {method(row.method)}
              </div>
            </Card>
          ))}
          <Pagination {...pagination} size="small" align="center" />
        </Spin>
      ) : (
        <Table<LoginLogItem>
          rowKey={(row) => `${row.time}-${row.ip}-${row.result}-${row.method}`}
          loading={history.isPending}
          dataSource={rows}
          pagination={pagination}
          locale={{ emptyText: t('common.noData') }}
          onRow={(row) => ({ 'data-testid': 'login-history-row', 'data-result': row.result }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('history.time'), dataIndex: 'time', render: (v: number) => formatDateTime(v) },
            { title: 'IP', dataIndex: 'ip' },
            { title: t('history.device'), dataIndex: 'device' },
            { title: t('history.location'), dataIndex: 'location' },
            { title: t('history.method'), dataIndex: 'method', render: method },
            { title: t('history.result'), dataIndex: 'result', render: result },
          ]}
        />
      )}
    </div>
  );
}
