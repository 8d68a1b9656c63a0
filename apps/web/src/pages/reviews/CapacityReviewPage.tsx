import { auditBindBody } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Empty, Input, Modal, Pagination, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { poolsQuery } from '../../api/queries.ts';
import { useIsMobile } from '../../app/hooks/useIsMobile.ts';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { useAppState } from '../../state/store.ts';
import { plotKeys, type AdminPlot } from '../plots/plotsApi.ts';
import { PlotStateTags, plotColumns, usePlotSize } from '../plots/PlotsPanel.tsx';
import { formatTime } from '../wallet/format.ts';
import { auditBindings, cancelBindings, fetchWaiting, reviewKeys, type ReviewType } from './reviewsApi.ts';
import './reviews.css';
import { poolName } from '../../i18n/poolName.ts';

type Pending = { ids: string[]; action: 'reject' | 'cancel' } | null;

/**
 * /admin/capacity_review (bindings waiting) and /admin/capacity_unbind (unbindings waiting):
 * approve, reject with a reason (required), cancel a binding; one by one or the selected ones.
 * Tables on desktop, cards at 992 px and below.
 */
export function CapacityReviewPage({ type }: { type: ReviewType }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const mobile = useIsMobile();
  useQuery(poolsQuery);
  const pools = useAppState((s) => s.poolInfo);
  const [pool, setPool] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ done: number; skipped: number } | null>(null);
  const query = { type, pool: pool || undefined, page, count: 20 };
  const waiting = useQuery({ queryKey: reviewKeys.list(query), queryFn: () => fetchWaiting(query) });
  const size = usePlotSize(pool || 'chia');
  const prefix = `review-${type}`;

  const decide = async (ids: string[], approve: boolean, why = '') => {
    setBusy(true);
    try {
      const answer = await auditBindings(type, ids, approve, why);
      if ('code' in answer && answer.code === 200) {
        setOutcome({ done: answer.data.done.length, skipped: answer.data.skipped.length });
        setSelected([]);
        setPending(null);
        setReason('');
      }
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: reviewKeys.all });
      await client.invalidateQueries({ queryKey: plotKeys.all });
    }
  };

  const confirmPending = async () => {
    if (!pending) return;
    // The same rule as the server: a reason is required to reject (or cancel).
    if (!auditBindBody.safeParse({ ids: pending.ids, approve: false, reason }).success) {
      setReasonError(true);
      return;
    }
    if (pending.action === 'reject') return decide(pending.ids, false, reason);
    setBusy(true);
    try {
      const answer = await cancelBindings(pending.ids, reason);
      if ('code' in answer && answer.code === 200) {
        setOutcome({ done: answer.data.done.length, skipped: answer.data.skipped.length });
        setPending(null);
        setReason('');
        setSelected([]);
      }
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: reviewKeys.all });
    }
  };

  const actions = (p: AdminPlot) => (
    <Space size={4} wrap>
      <Button size="small" type="primary" loading={busy} onClick={() => void decide([p.id], true)} data-testid={`${prefix}-approve-${p.id}`}>
        {t('reviews.approve')}
      </Button>
      <Button size="small" danger onClick={() => setPending({ ids: [p.id], action: 'reject' })} data-testid={`${prefix}-reject-${p.id}`}>
        {t('reviews.reject')}
      </Button>
      {type === 'bind' ? (
        <Button size="small" onClick={() => setPending({ ids: [p.id], action: 'cancel' })} data-testid={`${prefix}-cancel-${p.id}`}>
          {t('reviews.cancel')}
        </Button>
      ) : null}
    </Space>
  );

  const columns: TableColumnsType<AdminPlot> = [
    { key: 'user', title: t('poolPlots.user'), render: (_, p) => <span title={p.uid}>{p.email}</span> },
    { key: 'pool', title: t('poolPlots.pool'), render: (_, p) => p.pool },
    ...plotColumns<AdminPlot>(t, size),
    { key: 'requested', title: t('reviews.requested'), render: (_, p) => (p.bind_sent_at ? formatTime(p.bind_sent_at) : t('poolPlots.none')) },
    { key: 'actions', title: '', render: (_, p) => actions(p) },
  ];
  const list = waiting.data?.list ?? [];

  return (
    <div className="wallet-page reviews" data-testid={`${prefix}-page`}>
      <Typography.Title level={3}>{type === 'bind' ? t('reviews.bindTitle') : t('reviews.unbindTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{type === 'bind' ? t('reviews.bindIntro') : t('reviews.unbindIntro')}</Typography.Paragraph>
      <div className="wallet-toolbar">
        <Select
          value={pool}
          onChange={(value) => {
            setPool(value);
            setPage(1);
          }}
          data-testid={`${prefix}-pool`}
          options={[{ value: '', label: t('poolAdmin.filter.allPools') }, ...pools.map((p) => ({ value: p.type, label: poolName(t, p.type, p.name) }))]}
        />
        <Button type="primary" disabled={selected.length === 0} loading={busy} onClick={() => void decide(selected, true)} data-testid={`${prefix}-approve-selected`}>
          {t('reviews.approveSelected', { count: selected.length })}
        </Button>
        <Button danger disabled={selected.length === 0} onClick={() => setPending({ ids: selected, action: 'reject' })} data-testid={`${prefix}-reject-selected`}>
          {t('reviews.rejectSelected', { count: selected.length })}
        </Button>
        <ExportButton scope="admin" list={type === 'bind' ? 'capacity_review' : 'capacity_unbind'} filters={{ type, pool: pool || undefined }} />
      </div>
      {outcome ? (
        <Alert
          type={outcome.skipped ? 'warning' : 'success'}
          showIcon
          closable={{ onClose: () => setOutcome(null) }}
          className="reviews__outcome"
          data-testid={`${prefix}-outcome`}
          title={[t('reviews.done', { count: outcome.done }), outcome.skipped ? t('reviews.skipped', { count: outcome.skipped }) : ''].filter(Boolean).join(' · ')}
        />
      ) : null}
      {mobile ? (
        <div className="reviews__cards" data-testid={`${prefix}-cards`}>
          {list.length === 0 && !waiting.isPending ? <Empty description={t('reviews.empty')} /> : null}
          {list.map((p) => (
            <Card key={p.id} size="small" data-testid={`${prefix}-row-${p.id}`}>
              <Checkbox checked={selected.includes(p.id)} onChange={(e) => setSelected((s) => (e.target.checked ? [...s, p.id] : s.filter((id) => id !== p.id)))}>
                <span className="reviews__email">{p.email}</span>
              </Checkbox>
              <dl className="reviews__fields">
                <dt>{t('poolPlots.pool')}</dt>
                <dd>{p.pool}</dd>
                <dt>{t('poolPlots.plotId')}</dt>
                <dd className="plots__id">{p.plot_id}</dd>
                <dt>{t('poolPlots.bindStatus')}</dt>
                <dd>
                  <PlotStateTags plot={p} />
                </dd>
                <dt>{t('poolPlots.size')}</dt>
                <dd>{size(p.size)}</dd>
                <dt>{t('poolPlots.bindAddress')}</dt>
                <dd className="plots__id">{p.bind_address ?? t('poolPlots.none')}</dd>
                <dt>{t('reviews.requested')}</dt>
                <dd>{p.bind_sent_at ? formatTime(p.bind_sent_at) : t('poolPlots.none')}</dd>
              </dl>
              {actions(p)}
            </Card>
          ))}
          <Pagination current={page} pageSize={20} total={waiting.data?.total ?? 0} onChange={setPage} hideOnSinglePage simple />
        </div>
      ) : (
        <Table
          rowKey="id"
          size="small"
          data-testid={`${prefix}-table`}
          loading={waiting.isPending}
          columns={columns}
          dataSource={list}
          scroll={{ x: 'max-content' }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          locale={{ emptyText: t('reviews.empty') }}
          onRow={(p) => ({ 'data-testid': `${prefix}-row-${p.id}` }) as HTMLAttributes<HTMLElement>}
          pagination={{ current: page, pageSize: 20, total: waiting.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        />
      )}
      <Modal
        open={pending !== null}
        title={pending?.action === 'cancel' ? t('reviews.cancelTitle', { count: pending.ids.length }) : t('reviews.rejectTitle', { count: pending?.ids.length ?? 0 })}
        okText={t('reviews.confirm')}
        cancelText={t('reviews.back')}
        okButtonProps={{ danger: true, loading: busy, 'data-testid': `${prefix}-confirm` }}
        onOk={() => void confirmPending()}
        onCancel={() => {
          setPending(null);
          setReasonError(false);
        }}
        destroyOnHidden
      >
        <Typography.Text>{t('reviews.reason')}</Typography.Text>
        <Input.TextArea
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(false);
          }}
          maxLength={200}
          rows={3}
          placeholder={t('reviews.reasonPlaceholder')}
          status={reasonError ? 'error' : undefined}
          data-testid={`${prefix}-reason`}
        />
        {reasonError ? (
          <Typography.Text type="danger" data-testid={`${prefix}-reason-error`}>
            {t('reviews.reasonRequired')}
          </Typography.Text>
        ) : null}
      </Modal>
    </div>
  );
}
