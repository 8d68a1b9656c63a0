import { useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { poolsQuery } from '../../api/queries.ts';
import { useAppState } from '../../state/store.ts';
import { formatTime } from '../wallet/format.ts';
import { fetchAdminPlots, plotKeys, type AdminPlot } from './plotsApi.ts';
import { plotColumns, usePlotSize } from './PlotsPanel.tsx';
import './plots.css';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { poolName } from '../../i18n/poolName.ts';

const STATES = ['BIND_SENT', 'CONFIRMED', 'UNBIND_AUDITING', 'UNBIND_SENT', 'UNBIND', 'TIMEOUT', 'UNBOUND', 'NOTJOIN', 'NOTBURN', 'DOUBLE', 'UNSIGNED'] as const;

/**
 * /admin/plots (every user's plots) and /admin/bind_info (binding records of every state,
 * finished unbindings included), with filters by pool, uid, plot id and state.
 */
export function AdminPlotsPage({ bindings }: { bindings: boolean }) {
  const { t } = useTranslation();
  useQuery(poolsQuery);
  const pools = useAppState((s) => s.poolInfo);
  const [pool, setPool] = useState('chia');
  const [status, setStatus] = useState('');
  const [uid, setUid] = useState('');
  const [plotId, setPlotId] = useState('');
  const [applied, setApplied] = useState({ uid: '', plotId: '' });
  const [page, setPage] = useState(1);
  const query = { pool, status: status || undefined, uid: applied.uid || undefined, plot_id: applied.plotId || undefined, page, count: 20 };
  const plots = useQuery({ queryKey: plotKeys.admin(bindings, query), queryFn: () => fetchAdminPlots(bindings, query) });
  const size = usePlotSize(pool);
  const prefix = bindings ? 'admin-bind' : 'admin-plots';

  const columns: TableColumnsType<AdminPlot> = [
    { key: 'user', title: t('poolPlots.user'), render: (_, p) => <span title={p.uid}>{p.email}</span> },
    ...plotColumns<AdminPlot>(t, size),
    bindings
      ? { key: 'sent', title: t('poolPlots.admin.sent'), render: (_, p) => (p.bind_sent_at ? formatTime(p.bind_sent_at) : t('poolPlots.none')) }
      : { key: 'seen', title: t('poolPlots.lastSeen'), render: (_, p) => (p.last_seen ? formatTime(p.last_seen) : t('poolPlots.none')) },
    ...(bindings
      ? [{ key: 'confirmed', title: t('poolPlots.admin.confirmed'), render: (_: unknown, p: AdminPlot) => (p.confirmed_at ? formatTime(p.confirmed_at) : t('poolPlots.none')) }]
      : []),
  ];

  return (
    <div className="wallet-page" data-testid={`${prefix}-page`}>
      <Typography.Title level={3}>{bindings ? t('poolPlots.admin.bindTitle') : t('poolPlots.admin.plotsTitle')}</Typography.Title>
      <Space wrap className="wallet-toolbar">
        <Select
          value={pool}
          onChange={(value) => {
            setPool(value);
            setPage(1);
          }}
          className="plots__select"
          data-testid={`${prefix}-pool`}
          options={pools.map((p) => ({ value: p.type, label: poolName(t, p.type, p.name) }))}
        />
        <Select
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          className="plots__select"
          data-testid={`${prefix}-status`}
          options={[{ value: '', label: t('poolPlots.allStates') }, ...STATES.map((s) => ({ value: s, label: t(`poolPlots.state.${s}`) }))]}
        />
        <Input value={uid} onChange={(e) => setUid(e.target.value)} placeholder={t('poolPlots.admin.uid')} maxLength={32} data-testid={`${prefix}-uid`} />
        <Input value={plotId} onChange={(e) => setPlotId(e.target.value)} placeholder={t('poolPlots.plotId')} maxLength={128} data-testid={`${prefix}-plot`} />
        <Button
          onClick={() => {
            setApplied({ uid: uid.trim(), plotId: plotId.trim() });
            setPage(1);
          }}
          data-testid={`${prefix}-search`}
        >
          {t('poolPlots.admin.search')}
        </Button>
        <ExportButton
          scope="admin"
          list={bindings ? 'bind_info' : 'plots'}
          filters={{ pool, status: status || undefined, uid: applied.uid || undefined, plot_id: applied.plotId || undefined }}
          testId={`${prefix}-export`}
        />
      </Space>
      <Table
        rowKey="id"
        size="small"
        data-testid={`${prefix}-table`}
        loading={plots.isPending}
        columns={columns}
        dataSource={plots.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('wallet.noData') }}
        onRow={(p) => ({ 'data-testid': `${prefix}-row-${p.id}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize: 20, total: plots.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </div>
  );
}
