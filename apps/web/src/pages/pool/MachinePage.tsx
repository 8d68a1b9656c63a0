import { POC_ESTIMATE_ROUNDS, SERVER_LINE_CODES, type Miner } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Popconfirm, Segmented, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/time.ts';
import { deleteMiner, minersQuery, removeOfflineMiners, removeWatchedOfflineMiners, type MinerFilter } from './poolApi.ts';
import { capacityText, hashrateText } from './poolFormat.ts';
import { PlotsPanel } from '../plots/PlotsPanel.tsx';
import { PoolPageHead } from './PoolPageHead.tsx';
import { PoolRows } from './PoolRows.tsx';
import { usePageFor, usePoolView } from './usePool.ts';
import { useWatched } from './watched.ts';
import './pool.css';
import { ExportButton } from '../../components/export/ExportButton.tsx';

const PAGE_SIZE = 20;
type StatusFilter = 'all' | 'online' | 'offline';

/**
 * The user's miners of a pool (/center/machine, spec doc 1 §3 'Miner'): online or offline,
 * capacity or hashrate, line, version, last seen and shares of 24 hours; an offline miner can
 * be removed, one by one or all at once (an online one is refused with 11202).
 */
export function MachinePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { choice, pool, hashrate, base } = usePoolView();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [name, setName] = useState('');
  const [page, setPage] = usePageFor(pool);
  const [busy, setBusy] = useState(false);
  const filter: MinerFilter = { pool: pool ?? '', status: status === 'all' ? undefined : status, name: name || undefined, page, count: PAGE_SIZE };
  // A watched user's miners (issue 25): read-only, but for removing the offline ones where granted.
  const watched = useWatched();
  const miners = useQuery({ ...minersQuery(filter, watched?.uid), refetchInterval: 30_000 });
  const list = miners.data?.list ?? [];
  const offline = miners.data?.offline ?? 0;

  const refresh = () => queryClient.invalidateQueries({ queryKey: watched ? ['observer', watched.uid] : ['pool', 'miners'] });
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  /** Runs a removal; `action` answers the text of what was done, or null when nothing was. */
  const runRemoval = async (action: () => Promise<string | null>) => {
    setBusy(true);
    try {
      const done = await action();
      if (done !== null) void message.success({ content: <span data-testid="machine-done">{done}</span> });
    } catch {
      // A transport failure: the API client has already shown it.
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  // 11202 (online again since the list was read): the client shows why; nothing is removed.
  const remove = (miner: Miner) =>
    runRemoval(async () => {
      const answer = await deleteMiner(miner.id);
      return 'code' in answer && answer.code === 200 ? t('poolUser.machine.removed', { name: miner.name }) : null;
    });

  const removeAllOffline = () =>
    runRemoval(async () => {
      const answer = watched ? await removeWatchedOfflineMiners(watched.uid, pool ?? '') : await removeOfflineMiners(pool ?? '');
      return 'code' in answer && answer.code === 200 ? t('poolUser.machine.removedAll', { count: answer.data.removed }) : null;
    });

  const stateTag = (miner: Miner) => (
    <Tag color={miner.online ? 'green' : 'default'} data-testid={`miner-state-${miner.id}`} data-online={String(miner.online)}>
      {t(miner.online ? 'poolUser.machine.online' : 'poolUser.machine.offline')}
    </Tag>
  );
  const removeButton = (miner: Miner) =>
    miner.online || watched ? null : (
      <Popconfirm
        title={t('poolUser.machine.removeConfirm', { name: miner.name })}
        okText={t('poolUser.machine.remove')}
        cancelText={t('poolUser.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'miner-remove-confirm' }}
        onConfirm={() => remove(miner)}
      >
        <Button size="small" danger type="link" disabled={busy} data-testid={`miner-remove-${miner.id}`}>
          {t('poolUser.machine.remove')}
        </Button>
      </Popconfirm>
    );
  const lineLabel = (line: string | null) => (!line ? '—' : (SERVER_LINE_CODES as readonly string[]).includes(line) ? t(`poolUser.line.${line}`) : line);
  const estimates = list.some((m) => m.estimated_capacity || (m.estimate_rounds ?? null) !== null);
  // The rounds the estimate rests on (README 'A BHD-family pool's capacity figure'): why a new farm reads low.
  const rounds = (m: Miner) =>
    m.estimate_rounds === null || m.estimate_rounds === undefined ? null : (
      <div className="pool-muted" data-testid={`miner-estimate-rounds-${m.id}`}>
        {t('pocEstimate.rounds', { count: m.estimate_rounds, window: POC_ESTIMATE_ROUNDS })}
      </div>
    );
  const power = (miner: Miner) => (hashrate ? hashrateText(miner.hashrate) : capacityText(miner.capacity, base));

  const columns: TableColumnsType<Miner> = [
    {
      key: 'name',
      title: t('poolUser.machine.name'),
      render: (_, m) => (
        <span className="pool-strong" data-testid={`miner-name-${m.id}`}>
          {m.name}
        </span>
      ),
    },
    { key: 'state', title: t('poolUser.machine.state'), render: (_, m) => stateTag(m) },
    {
      key: 'capacity',
      title: t('poolUser.machine.capacity'),
      align: 'right',
      render: (_, m) => (
        <span className="pool-amount" data-testid={`miner-capacity-${m.id}`}>
          {capacityText(m.capacity, base)}
        </span>
      ),
    },
    // BHD family: the capacity the pool estimates from the miner's verified deadlines, beside the one it reports.
    ...(estimates
      ? [
          {
            key: 'estimated',
            title: <span title={`${t('poc.estimatedHint')}. ${t('pocEstimate.hint', { window: POC_ESTIMATE_ROUNDS })}`}>{t('poc.estimated')}</span>,
            align: 'right' as const,
            render: (_: unknown, m: Miner) => (
              <>
                <span className="pool-amount" data-testid={`miner-estimated-${m.id}`}>
                  {m.estimated_capacity ? capacityText(m.estimated_capacity, base) : '—'}
                </span>
                {rounds(m)}
              </>
            ),
          },
        ]
      : []),
    ...(hashrate
      ? [
          {
            key: 'hashrate',
            title: t('poolUser.machine.hashrate'),
            align: 'right' as const,
            render: (_: unknown, m: Miner) => (
              <span className="pool-amount" data-testid={`miner-hashrate-${m.id}`}>
                {hashrateText(m.hashrate)}
              </span>
            ),
          },
        ]
      : []),
    { key: 'line', title: t('poolUser.machine.line'), render: (_, m) => lineLabel(m.line) },
    { key: 'version', title: t('poolUser.machine.version'), render: (_, m) => m.version || '—' },
    { key: 'lastSeen', title: t('poolUser.machine.lastSeen'), render: (_, m) => <span className="pool-nowrap">{formatDateTime(m.last_seen)}</span> },
    {
      key: 'shares',
      title: t('poolUser.machine.shares'),
      align: 'right',
      render: (_, m) => (
        <span className="pool-amount" data-testid={`miner-shares-${m.id}`}>
          {m.shares_24h}
        </span>
      ),
    },
    { key: 'actions', title: '', render: (_, m) => removeButton(m) },
  ];

  const statusLabel = (value: StatusFilter, count?: number) => (
    <span data-testid={`machine-status-${value}`}>
      {t(`poolUser.machine.status.${value}`)}
      {count === undefined ? '' : ` (${count})`}
    </span>
  );

  return (
    <div className="page pool-page" data-testid="pool-machine-page" data-pool={pool ?? ''}>
      <PoolPageHead section="machine" choice={choice} />
      <div className="pool-toolbar">
        <Segmented<StatusFilter>
          value={status}
          onChange={change(setStatus)}
          data-testid="machine-status"
          options={[
            { value: 'all', label: statusLabel('all') },
            { value: 'online', label: statusLabel('online', miners.data?.online) },
            { value: 'offline', label: statusLabel('offline', miners.data?.offline) },
          ]}
        />
        <Input.Search allowClear className="pool-search" placeholder={t('poolUser.machine.search')} onSearch={change(setName)} data-testid="machine-search" />
        {watched && !watched.allowRemoveOffline ? null : (
          <Popconfirm
            title={t('poolUser.machine.removeAllConfirm', { count: offline })}
            okText={t('poolUser.machine.removeAll')}
            cancelText={t('poolUser.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'machine-remove-offline-confirm' }}
            onConfirm={() => removeAllOffline()}
            disabled={offline === 0}
          >
            <Button danger disabled={offline === 0 || busy} data-testid="machine-remove-offline">
              {t('poolUser.machine.removeAll')}
            </Button>
          </Popconfirm>
        )}
        {pool && !watched ? <ExportButton scope="pool" list="miner" filters={{ pool, status: filter.status, name: filter.name }} /> : null}
      </div>
      {miners.isError ? <Alert type="error" showIcon className="pool-gap" title={t('poolUser.loadFailed')} /> : null}
      <PoolRows
        testId="machine-table"
        rowTestId="miner-row"
        listClass="pool-cards"
        rowKey={(m) => m.id}
        loading={miners.isPending && pool !== undefined}
        columns={columns}
        rows={list}
        empty={t('poolUser.noMiners')}
        paging={{ page, pageSize: PAGE_SIZE, total: miners.data?.total ?? 0, onChange: setPage }}
        card={(m) => (
          <Card size="small" title={<span data-testid={`miner-name-${m.id}`}>{m.name}</span>} extra={stateTag(m)}>
            <dl className="user-figures user-figures--two">
              <div>
                <dt>{t(hashrate ? 'poolUser.machine.hashrate' : 'poolUser.machine.capacity')}</dt>
                <dd className="pool-amount">{power(m)}</dd>
              </div>
              {estimates ? (
                <div>
                  <dt>{t('poc.estimated')}</dt>
                  <dd className="pool-amount">
                    {m.estimated_capacity ? capacityText(m.estimated_capacity, base) : '—'}
                    {rounds(m)}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{t('poolUser.machine.shares')}</dt>
                <dd className="pool-amount">{m.shares_24h}</dd>
              </div>
              <div>
                <dt>{t('poolUser.machine.line')}</dt>
                <dd>{lineLabel(m.line)}</dd>
              </div>
              <div>
                <dt>{t('poolUser.machine.version')}</dt>
                <dd>{m.version || '—'}</dd>
              </div>
              <div>
                <dt>{t('poolUser.machine.lastSeen')}</dt>
                <dd>{formatDateTime(m.last_seen)}</dd>
              </div>
              <div>{removeButton(m)}</div>
            </dl>
          </Card>
        )}
      />
      <section className="pool-gap" id="plots" data-testid="machine-plots">
        <h2 className="pool-section-title">{t('poolPlots.title')}</h2>
        {pool ? <PlotsPanel key={pool} initialPool={pool} poolLocked /> : null}
      </section>
    </div>
  );
}
