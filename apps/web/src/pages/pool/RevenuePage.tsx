import type { BlockIncome } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { CoinIcon } from '../../components/CoinIcon.tsx';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { coinIconPath } from '../../state/store.ts';
import { formatTime } from '../wallet/format.ts';
import { BLOCK_INCOME_PAGE_SIZE, blockIncomeQuery } from './poolApi.ts';
import { PoolPageHead } from './PoolPageHead.tsx';
import { PoolRows } from './PoolRows.tsx';
import { usePageFor, usePoolCoin, usePoolView } from './usePool.ts';
import './pool.css';
import './revenue.css';
import { poolName } from '../../i18n/poolName.ts';

/**
 * Revenue (/center/revenue; spec doc 1 §2 'Revenue', income per block): the blocks that paid the
 * user in the chosen pool, newest first — height, time, coin and pool, the block's reward and
 * the user's share — paged, and exportable with exact amounts.
 */
export function RevenuePage() {
  const { t } = useTranslation();
  const { choice, pool } = usePoolView();
  const { info } = usePoolCoin(pool);
  const [page, setPage] = usePageFor(pool);
  const blocks = useQuery(blockIncomeQuery(pool, page));
  const rows = blocks.data?.list ?? [];
  const nameOfPool = (r: BlockIncome) => poolName(t, r.pool, info?.type === r.pool ? info.name : r.pool);

  const coinCell = (r: BlockIncome) => (
    <span className="pool-nowrap">
      <CoinIcon src={coinIconPath(r.coin)} size={18} /> {r.unit} · {nameOfPool(r)}
    </span>
  );
  const foundTag = (r: BlockIncome) =>
    r.found ? (
      <Tooltip title={t('revenue.foundHelp')}>
        <Tag color="gold" className="revenue-found" data-testid={`revenue-found-${r.id}`}>
          {t('revenue.found')}
        </Tag>
      </Tooltip>
    ) : null;

  const columns: TableColumnsType<BlockIncome> = [
    {
      key: 'height',
      title: t('revenue.height'),
      render: (_, r) => (
        <span className="pool-amount" data-testid={`revenue-height-${r.id}`}>
          {r.height}
        </span>
      ),
    },
    { key: 'time', title: t('revenue.time'), render: (_, r) => <span className="pool-nowrap">{formatTime(r.time)}</span> },
    { key: 'pool', title: t('revenue.pool'), render: (_, r) => coinCell(r) },
    {
      key: 'reward',
      title: t('revenue.reward'),
      align: 'right',
      render: (_, r) => <Amount className="pool-amount" value={r.reward} coin={r.unit} testId={`revenue-reward-${r.id}`} />,
    },
    {
      key: 'share',
      title: t('revenue.share'),
      align: 'right',
      render: (_, r) => (
        <span className="pool-nowrap">
          {foundTag(r)}
          <Amount className="pool-amount" value={r.share} coin={r.unit} testId={`revenue-share-${r.id}`} />
        </span>
      ),
    },
    { key: 'day', title: t('revenue.day'), render: (_, r) => <span className="pool-nowrap">{r.day}</span> },
  ];

  return (
    <div className="page pool-page" data-testid="pool-revenue-page" data-pool={pool ?? ''}>
      <PoolPageHead section="revenue" choice={choice} />
      <Typography.Paragraph type="secondary" className="pool-gap" data-testid="revenue-intro">
        {t('revenue.intro')}
      </Typography.Paragraph>
      {blocks.isError ? <Alert type="error" showIcon className="pool-gap" title={t('revenue.loadFailed')} /> : null}
      {pool ? (
        <div className="pool-toolbar">
          <ExportButton scope="pool" list="blockincome" filters={{ pool }} />
        </div>
      ) : null}
      <PoolRows
        testId="revenue-table"
        rowTestId="revenue-row"
        listClass="pool-list"
        className="pool-card"
        rowKey={(r) => r.id}
        loading={blocks.isPending && pool !== undefined}
        columns={columns}
        rows={rows}
        empty={t('revenue.empty')}
        paging={{ page, pageSize: BLOCK_INCOME_PAGE_SIZE, total: blocks.data?.total ?? 0, onChange: setPage }}
        card={(r) => (
          <>
            <div>
              <div className="pool-strong">
                <span data-testid={`revenue-height-${r.id}`}>#{r.height}</span> {foundTag(r)}
              </div>
              <Typography.Text type="secondary" className="pool-small">
                {formatTime(r.time)} · {coinCell(r)}
              </Typography.Text>
              <div className="pool-small">
                {t('revenue.reward')} <Amount value={r.reward} coin={r.unit} testId={`revenue-reward-${r.id}`} />
              </div>
            </div>
            <div className="pool-list__end">
              <Typography.Text type="secondary" className="pool-small">
                {t('revenue.share')}
              </Typography.Text>
              <Amount className="pool-strong" value={r.share} coin={r.unit} testId={`revenue-share-${r.id}`} />
            </div>
          </>
        )}
      />
    </div>
  );
}
