import { formatCapacityText, registersNodes, type Plot, type PostStatus } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Grid, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PocPlotFiles } from './PocPlotFiles.tsx';
import type { TFunction } from 'i18next';
import { poolsQuery } from '../../api/queries.ts';
import { useAppState } from '../../state/store.ts';
import { formatTime, middleEllipsis } from '../wallet/format.ts';
import { fetchDevHelpers, ok } from '../wallet/walletApi.ts';
import {
  bindPlot,
  devnetSign,
  fetchBindData,
  fetchIdentityRewards,
  fetchPlots,
  fetchRegisterData,
  fetchWatchedPlots,
  plotKeys,
  registerNode,
  unbindPlot,
  type IdentityReward,
} from './plotsApi.ts';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import './plots.css';
import { useWatched } from '../pool/watched.ts';
import { poolName } from '../../i18n/poolName.ts';

const COUNTERS = ['bound', 'BIND_SENT', 'UNBIND_AUDITING', 'TIMEOUT', 'UNBOUND', 'NOTJOIN', 'NOTBURN', 'DOUBLE', 'UNSIGNED'] as const;
export const STATE_COLOR: Record<string, string> = {
  BIND_SENT: 'blue',
  CONFIRMED: 'green',
  UNBIND_AUDITING: 'gold',
  UNBIND_SENT: 'orange',
  UNBIND: 'default',
  TIMEOUT: 'red',
  UNBOUND: 'default',
  NOTJOIN: 'orange',
  NOTBURN: 'orange',
  DOUBLE: 'red',
  signed: 'green',
  UNSIGNED: 'orange',
  BANNED: 'red',
};
/** Spacemesh-style nodes: the registration status's colour. */
const POST_COLOR: Record<PostStatus, string> = {
  REGISTER: 'blue',
  WAITING_POET: 'blue',
  REGISTERED: 'green',
  NOT_REGISTERED: 'default',
  PoST_DONE: 'green',
  PoST_TIMEOUT: 'orange',
  PoST_FAILED: 'red',
  MALICIOUS: 'red',
  WAITING_FOR_POINTS: 'gold',
};

const REVIEW_COLOR: Record<string, string> = { pending: 'gold', rejected: 'red', canceled: 'default' };

/** The back office's decision worth telling: waiting for review, or refused with its reason. */
function PlotReviewTag({ plot }: { plot: Plot }) {
  const { t } = useTranslation();
  const review = plot.review;
  const shown = (review === 'pending' && plot.bind_status === 'BIND_SENT') || ((review === 'rejected' || review === 'canceled') && plot.bind_status !== 'UNBIND');
  if (!review || !shown) return null;
  return (
    <Tag color={REVIEW_COLOR[review]} data-testid={`plot-review-${plot.id}`} data-review={review} title={plot.review_reason ?? undefined}>
      {t(`reviews.state.${review}`)}
      {plot.review_reason ? ` · ${t('reviews.reasonShown', { reason: plot.review_reason })}` : ''}
    </Tag>
  );
}

/** A plot's state tags: binding (or its flag when unbound), the note beside it and the review. */
export function PlotStateTags({ plot }: { plot: Plot }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {plot.bind_status ? (
        <Tag color={STATE_COLOR[plot.bind_status]} data-testid={`plot-bind-${plot.id}`} data-status={plot.bind_status}>
          {t(`poolPlots.state.${plot.bind_status}`)}
        </Tag>
      ) : null}
      {plot.flag ? (
        <Tag color={STATE_COLOR[plot.flag]} data-testid={`plot-flag-${plot.id}`} data-flag={plot.flag}>
          {t(`poolPlots.state.${plot.flag}`)}
        </Tag>
      ) : null}
      {plot.post_status ? (
        <Tag color={POST_COLOR[plot.post_status]} data-testid={`plot-post-${plot.id}`} data-status={plot.post_status} title={t(`poolPlots.post.${plot.post_status}.help`)}>
          {t(`poolPlots.post.${plot.post_status}.label`)}
        </Tag>
      ) : null}
      <PlotReviewTag plot={plot} />
    </Space>
  );
}

/** The columns every plot table shares: id, states, signing, size, files, binding address. */
export function plotColumns<T extends Plot>(t: TFunction, size: (bytes: string) => string): TableColumnsType<T> {
  return [
    {
      key: 'id',
      title: t('poolPlots.plotId'),
      render: (_, p) => (
        <>
          <span className="plots__id" title={p.plot_id}>
            {middleEllipsis(p.plot_id, 8)}
          </span>
          <PocPlotFiles plot={p} size={size} />
        </>
      ),
    },
    { key: 'state', title: t('poolPlots.bindStatus'), render: (_, p) => <PlotStateTags plot={p} /> },
    { key: 'signing', title: t('poolPlots.signing'), render: (_, p) => <Tag color={STATE_COLOR[p.signing]}>{t(`poolPlots.state.${p.signing}`)}</Tag> },
    { key: 'size', title: t('poolPlots.size'), align: 'right', render: (_, p) => <span className="wallet-amount">{size(p.size)}</span> },
    { key: 'files', title: t('poolPlots.files'), align: 'right', render: (_, p) => p.file_count },
    {
      key: 'address',
      title: t('poolPlots.bindAddress'),
      render: (_, p) => (p.bind_address ? <span title={p.bind_address}>{middleEllipsis(p.bind_address)}</span> : t('poolPlots.none')),
    },
  ];
}

/** The byte size of a plot in the coin's capacity base (1024 for Chia). */
export function usePlotSize(pool: string) {
  const pools = useAppState((s) => s.poolInfo);
  const coins = useAppState((s) => s.coinInfo);
  const coin = coins.find((c) => c.type === pools.find((p) => p.type === pool)?.coin);
  return (bytes: string) => formatCapacityText(BigInt(bytes), coin?.capacity_base === 1000 ? 1000 : 1024);
}

/**
 * The user's plots (spec doc 1 §3 'Plot', §4 'Plots and miners'): the counters, the plots with
 * binding state and signing, unbinding (reviewed by the back office) and binding a plot with
 * the message its address's wallet signs.
 */
export function PlotsPanel({ initialPool = 'chia', poolLocked = false }: { initialPool?: string; poolLocked?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const screens = Grid.useBreakpoint();
  useQuery(poolsQuery);
  const pools = useAppState((s) => s.poolInfo);
  const [pool, setPool] = useState(initialPool);
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [binding, setBinding] = useState(false);
  const nodes = registersNodes(pools.find((p) => p.type === pool)?.coin ?? '');
  const query = { pool, status: status || undefined, page, count: 20 };
  // A watched user's plots (issue 25): read-only, without the binding address.
  const watched = useWatched();
  const plots = useQuery({
    queryKey: watched ? ['observer', watched.uid, ...plotKeys.list(query)] : plotKeys.list(query),
    queryFn: () => (watched ? fetchWatchedPlots(watched.uid, query) : fetchPlots(query)),
  });
  const size = usePlotSize(pool);
  const counters = plots.data?.counters;

  const unbind = async (id: string) => {
    try {
      if (!ok(await unbindPlot(id))) return;
      toast(t('feedback.plotUnbound'));
      await queryClient.invalidateQueries({ queryKey: plotKeys.all });
    } catch {
      // A transport failure: the API client has already shown it.
    }
  };

  const actions = (plot: Plot) =>
    plot.bind_status === 'CONFIRMED' && !watched ? (
      <Popconfirm
        title={t('poolPlots.unbindConfirm')}
        okText={t('wallet.yes')}
        cancelText={t('wallet.no')}
        onConfirm={() => unbind(plot.id)}
        okButtonProps={{ 'data-testid': 'plot-unbind-confirm' }}
      >
        <Button size="small" data-testid={`plot-unbind-${plot.id}`}>
          {t('poolPlots.unbind')}
        </Button>
      </Popconfirm>
    ) : null;

  const columns: TableColumnsType<Plot> = [
    ...plotColumns<Plot>(t, size),
    { key: 'fingerprint', title: t('poolPlots.fingerprint'), render: (_, p) => p.fingerprint ?? t('poolPlots.none') },
    { key: 'seen', title: t('poolPlots.lastSeen'), render: (_, p) => (p.last_seen ? formatTime(p.last_seen) : t('poolPlots.none')) },
    { key: 'actions', title: '', render: (_, p) => actions(p) },
  ];

  return (
    <div className="plots" data-testid="plots-panel">
      <div className="wallet-toolbar">
        {poolLocked ? null : (
          <Select
            value={pool}
            onChange={(value) => {
              setPool(value);
              setPage(1);
            }}
            data-testid="plots-pool"
            className="plots__select"
            options={pools.map((p) => ({ value: p.type, label: <span data-testid={`plots-pool-option-${p.type}`}>{poolName(t, p.type, p.name)}</span> }))}
          />
        )}
        <Select
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          data-testid="plots-status"
          className="plots__select"
          options={[
            { value: '', label: t('poolPlots.allStates') },
            ...COUNTERS.filter((c) => c !== 'bound').map((c) => ({ value: c, label: t(`poolPlots.counter.${c}`) })),
            { value: 'CONFIRMED', label: t('poolPlots.state.CONFIRMED') },
          ]}
        />
        {watched ? null : (
          <Button type="primary" onClick={() => setBinding(true)} data-testid={nodes ? 'plots-register-open' : 'plots-bind-open'}>
            {nodes ? t('poolPlots.register.open') : t('poolPlots.bind.open')}
          </Button>
        )}
      </div>
      {counters ? (
        <div className="plots__counters" data-testid="plots-counters">
          {COUNTERS.map((c) => (
            <div key={c} className="figure-tile">
              <span>{t(`poolPlots.counter.${c}`)}</span>
              <strong data-testid={`plots-counter-${c}`}>{counters[c]}</strong>
            </div>
          ))}
          <div className="figure-tile">
            <span>{t('poolPlots.counter.size')}</span>
            <strong data-testid="plots-counter-size">{size(counters.size)}</strong>
          </div>
        </div>
      ) : null}
      {counters && counters.UNSIGNED > 0 ? (
        <Alert type="warning" showIcon className="wallet-gap" data-testid="plots-unsigned-warning" title={t('poolPlots.unsignedWarning', { count: counters.UNSIGNED })} />
      ) : null}
      {screens.md === false ? (
        <div className="wallet-cards" data-testid="plots-cards">
          {(plots.data?.list ?? []).length === 0 ? <Typography.Text type="secondary">{t('wallet.noData')}</Typography.Text> : null}
          {(plots.data?.list ?? []).map((p) => (
            <Card key={p.id} size="small" data-testid={`plot-row-${p.id}`} title={<span className="plots__id">{middleEllipsis(p.plot_id, 8)}</span>} extra={actions(p)}>
              <PlotStateTags plot={p} />
              <PocPlotFiles plot={p} size={size} />
              <dl className="wallet-figures plots__figures">
                <div>
                  <dt>{t('poolPlots.size')}</dt>
                  <dd>{size(p.size)}</dd>
                </div>
                <div>
                  <dt>{t('poolPlots.files')}</dt>
                  <dd>{p.file_count}</dd>
                </div>
                <div>
                  <dt>{t('poolPlots.signing')}</dt>
                  <dd>{t(`poolPlots.state.${p.signing}`)}</dd>
                </div>
                <div>
                  <dt>{t('poolPlots.lastSeen')}</dt>
                  <dd>{p.last_seen ? formatTime(p.last_seen) : t('poolPlots.none')}</dd>
                </div>
              </dl>
            </Card>
          ))}
        </div>
      ) : (
        <Table
          rowKey="id"
          size="small"
          data-testid="plots-table"
          loading={plots.isPending}
          columns={columns}
          dataSource={plots.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('wallet.noData') }}
          onRow={(p) => ({ 'data-testid': `plot-row-${p.id}` }) as HTMLAttributes<HTMLElement>}
          pagination={{ current: page, pageSize: 20, total: plots.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        />
      )}
      {nodes && !watched ? <IdentityRewards pool={pool} /> : null}
      {binding && nodes ? <RegisterDialog pool={pool} onClose={() => setBinding(false)} /> : null}
      {binding && !nodes ? <BindDialog pool={pool} onClose={() => setBinding(false)} /> : null}
    </div>
  );
}

/**
 * Registering an identity (a Spacemesh node id, an Autonomys reward key) by its public key, with
 * the key's signature of the pool's message for this account: proof the identity is the user's.
 */
function RegisterDialog({ pool, onClose }: { pool: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [nodeId, setNodeId] = useState('');
  const [data, setData] = useState<{ message: string; scheme: string } | null>(null);
  const [signature, setSignature] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const normalised = nodeId.trim().toLowerCase().replace(/^0x/, '');
  const valid = /^[0-9a-f]{64}$/.test(normalised);
  const signatureHex = signature.trim().toLowerCase().replace(/^0x/, '');
  const signatureValid = /^[0-9a-f]{128}$/.test(signatureHex);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // A transport failure: the API client has already shown it.
    } finally {
      setBusy(false);
    }
  };
  const getMessage = () =>
    run(async () => {
      const answer = await fetchRegisterData({ pool, node_id: normalised });
      if (ok(answer) && answer.data) setData(answer.data);
    });
  const submit = () =>
    run(async () => {
      if (ok(await registerNode({ pool, node_id: normalised, signature: signatureHex }))) {
        setDone(true);
        await queryClient.invalidateQueries({ queryKey: plotKeys.all });
      }
    });
  return (
    <Modal
      open
      title={t('poolPlots.register.title')}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(node) => <div data-testid="plots-register-dialog">{node}</div>}
      footer={
        done ? (
          <Button type="primary" onClick={onClose} data-testid="plots-register-close">
            {t('wallet.cancel')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('wallet.cancel')}</Button>
            {data ? (
              <Button type="primary" loading={busy} disabled={!signatureValid} onClick={() => void submit()} data-testid="plots-register-submit">
                {t('poolPlots.register.submit')}
              </Button>
            ) : (
              <Button type="primary" loading={busy} disabled={!valid} onClick={() => void getMessage()} data-testid="plots-register-next">
                {t('poolPlots.register.next')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {done ? (
        <Alert type="success" showIcon data-testid="plots-register-done" title={t('poolPlots.register.done')} />
      ) : (
        <Form layout="vertical">
          <Form.Item
            label={t('poolPlots.register.nodeId')}
            help={nodeId !== '' && !valid ? t('poolPlots.register.invalid') : t('poolPlots.register.nodeIdHelp')}
            validateStatus={nodeId !== '' && !valid ? 'error' : undefined}
          >
            <Input
              value={nodeId}
              onChange={(e) => {
                setNodeId(e.target.value);
                setData(null);
              }}
              maxLength={66}
              autoComplete="off"
              spellCheck={false}
              data-testid="plots-register-node"
            />
          </Form.Item>
          {data ? (
            <>
              <Form.Item label={t('poolPlots.register.message')} help={t('poolPlots.register.messageHelp', { scheme: data.scheme })}>
                <Typography.Paragraph copyable={{ text: data.message }} className="plots__id" data-testid="plots-register-message">
                  <pre>{data.message}</pre>
                </Typography.Paragraph>
              </Form.Item>
              <Form.Item
                label={t('poolPlots.register.signature')}
                help={signature !== '' && !signatureValid ? t('poolPlots.register.signatureInvalid') : undefined}
                validateStatus={signature !== '' && !signatureValid ? 'error' : undefined}
              >
                <Input.TextArea
                  value={signature}
                  onChange={(e) => setSignature(e.target.value)}
                  rows={3}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="plots-register-signature"
                />
              </Form.Item>
            </>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}

/** What the chain paid the user's registered identities in this pool, less the fee, as credited. */
function IdentityRewards({ pool }: { pool: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = { pool, page, count: 10 };
  const rewards = useQuery({ queryKey: ['plots', 'identityRewards', query], queryFn: () => fetchIdentityRewards(query) });
  const columns: TableColumnsType<IdentityReward> = [
    { title: t('poolPlots.identityRewards.identity'), dataIndex: 'identity', render: (v: string) => <span className="plots__id">{middleEllipsis(v, 8)}</span> },
    { title: t('poolPlots.identityRewards.height'), dataIndex: 'height' },
    { title: t('poolPlots.identityRewards.amount'), dataIndex: 'amount' },
    { title: t('poolPlots.identityRewards.fee'), dataIndex: 'fee' },
    { title: t('poolPlots.identityRewards.income'), dataIndex: 'income' },
    {
      title: t('poolPlots.identityRewards.status'),
      dataIndex: 'status',
      render: (v: IdentityReward['status']) => <Tag color={v === 'credited' ? 'green' : 'default'}>{t(`poolPlots.identityRewards.${v}`)}</Tag>,
    },
    { title: t('poolPlots.identityRewards.time'), dataIndex: 'created_at', render: (v: number) => formatTime(v) },
  ];
  return (
    <Card size="small" className="wallet-gap" title={t('poolPlots.identityRewards.title')} data-testid="identity-rewards">
      <Typography.Paragraph type="secondary">{t('poolPlots.identityRewards.help')}</Typography.Paragraph>
      <Table<IdentityReward>
        rowKey="reward_id"
        size="small"
        loading={rewards.isPending}
        columns={columns}
        dataSource={rewards.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('wallet.noData') }}
        pagination={{ current: page, pageSize: 10, total: rewards.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </Card>
  );
}

/** Binding a plot: get the message for (pool, plot, address), sign it with that address's wallet, send. */
function BindDialog({ pool, onClose }: { pool: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dev = useQuery({ queryKey: ['wallet', 'devHelpers'], queryFn: fetchDevHelpers });
  const [plotId, setPlotId] = useState('');
  const [address, setAddress] = useState('');
  const [data, setData] = useState<{ message: string; expires_at: number } | null>(null);
  const [signature, setSignature] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // A transport failure: the API client has already shown it.
    } finally {
      setBusy(false);
    }
  };
  const getMessage = () =>
    run(async () => {
      const answer = await fetchBindData({ pool, plot_id: plotId.trim(), address: address.trim() });
      if (ok(answer) && 'data' in answer) {
        setData(answer.data);
        setSignature('');
      }
    });
  const signOnDevnet = () =>
    run(async () => {
      if (!data) return;
      const answer = await devnetSign({ pool, address: address.trim(), message: data.message });
      if (ok(answer) && 'data' in answer) setSignature(answer.data.signature);
    });
  const submit = () =>
    run(async () => {
      if (!data) return;
      const answer = await bindPlot({ pool, plot_id: plotId.trim(), address: address.trim(), message: data.message, signature: signature.trim() });
      if (ok(answer)) {
        setDone(true);
        await queryClient.invalidateQueries({ queryKey: plotKeys.all });
      }
    });

  return (
    <Modal
      open
      title={t('poolPlots.bind.title')}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(node) => <div data-testid="plots-bind-dialog">{node}</div>}
      footer={
        done ? (
          <Button type="primary" onClick={onClose} data-testid="plots-bind-close">
            {t('wallet.cancel')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('wallet.cancel')}</Button>
            <Button type="primary" loading={busy} disabled={!data || signature.trim() === ''} onClick={() => void submit()} data-testid="plots-bind-submit">
              {t('poolPlots.bind.submit')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert type="success" showIcon title={t('poolPlots.bind.done')} data-testid="plots-bind-done" />
      ) : (
        <Form layout="vertical" requiredMark={false}>
          <Form.Item label={t('poolPlots.plotId')} required>
            <Input
              value={plotId}
              onChange={(e) => {
                setPlotId(e.target.value);
                setData(null);
              }}
              maxLength={128}
              data-testid="plots-bind-plot"
            />
          </Form.Item>
          <Form.Item label={t('poolPlots.bind.address')} required extra={t('poolPlots.bind.addressHelp')}>
            <Input
              value={address}
              onChange={(e) => {
                setAddress(e.target.value);
                setData(null);
              }}
              maxLength={128}
              data-testid="plots-bind-address"
            />
          </Form.Item>
          <Button onClick={() => void getMessage()} loading={busy && !data} disabled={plotId.trim() === '' || address.trim() === ''} data-testid="plots-bind-get">
            {t('poolPlots.bind.getMessage')}
          </Button>
          {data ? (
            <>
              <Form.Item label={t('poolPlots.bind.message')} className="plots__message" extra={t('poolPlots.bind.expires', { time: formatTime(data.expires_at) })}>
                <Typography.Paragraph copyable={{ text: data.message }} className="plots__message-text" data-testid="plots-bind-message">
                  {data.message}
                </Typography.Paragraph>
              </Form.Item>
              <Form.Item label={t('poolPlots.bind.signature')} required extra={t('poolPlots.bind.signatureHelp')}>
                <Input.TextArea value={signature} onChange={(e) => setSignature(e.target.value)} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="plots-bind-signature" />
              </Form.Item>
              {dev.data ? (
                <Button onClick={() => void signOnDevnet()} data-testid="plots-bind-devnet-sign">
                  {t('poolPlots.bind.devnetSign')}
                </Button>
              ) : null}
            </>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
