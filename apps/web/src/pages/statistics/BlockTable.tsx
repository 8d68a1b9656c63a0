import type { Block } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../wallet/format.ts';
import { DataTable, type DataColumn, type DataPaging } from './DataTable.tsx';
import { formatBytes, usePowerRules } from './format.ts';
import { fetchBlocks, LIVE_REFRESH_MS, poolPublicKeys } from './poolApi.ts';
import { Amount } from '../../components/Amount.tsx';

/**
 * Found blocks (spec doc 1 §3 'Block record'): height, time, finder, reward, and either the
 * pool (named by `poolNames`, over several pools) or the pool's capacity when found (one
 * pool's explorer). Rows are `<testId>-row-<id>`.
 */
export function BlockTable({
  blocks,
  testId,
  loading,
  poolNames,
  paging,
  title,
  failed = false,
  placeholderRows,
}: {
  failed?: boolean;
  /** Empty rows keeping the table's place while the first answer loads (DataTable). */
  placeholderRows?: number;
  title?: ReactNode;
  blocks: readonly Block[];
  testId: string;
  loading: boolean;
  poolNames?: ReadonlyMap<string, string>;
  paging?: DataPaging;
}) {
  const { t } = useTranslation();
  const ruleOf = usePowerRules();
  const columns: DataColumn<Block>[] = [
    {
      key: 'height',
      title: t('poolPublic.blocks.height'),
      headline: true,
      render: (block) => (
        <span className="pool-number" data-testid={`${testId}-height-${block.id}`}>
          #{block.height}
        </span>
      ),
    },
    ...(poolNames
      ? [{ key: 'pool', title: t('poolPublic.blocks.pool'), render: (block: Block) => <span className="pool-name">{poolNames.get(block.pool) ?? block.pool.toUpperCase()}</span> }]
      : []),
    { key: 'time', title: t('poolPublic.blocks.time'), render: (block) => <span className="pool-number">{formatTime(block.time)}</span> },
    { key: 'finder', title: t('poolPublic.blocks.finder'), render: (block) => <span className="pool-name">{block.finder}</span> },
    {
      key: 'reward',
      title: t('poolPublic.blocks.reward'),
      align: 'right',
      render: (block) => (
        <span className="pool-number" data-testid={`${testId}-reward-${block.id}`}>
          <Amount value={block.reward} coin={block.unit} />
        </span>
      ),
    },
    ...(poolNames
      ? []
      : [
          {
            key: 'capacity',
            title: t('poolPublic.blocks.capacity'),
            align: 'right' as const,
            render: (block: Block) => <span className="pool-number">{formatBytes(block.capacity, ruleOf(block.coin))}</span>,
          },
        ]),
  ];
  return (
    <DataTable
      rows={blocks}
      columns={columns}
      rowKey={(block) => block.id}
      testId={testId}
      rowTestId={(block) => `${testId}-row-${block.id}`}
      loading={loading}
      empty={failed ? t('poolPublic.failed') : t('poolPublic.blocks.empty')}
      paging={paging}
      title={title}
      {...(placeholderRows === undefined ? {} : { placeholderRows })}
    />
  );
}

const EXPLORER_PAGE_SIZE = 10;

/** The block explorer of one pool (GET /api/datastatistics/block), a page at a time. */
export function BlockExplorer({ pool }: { pool: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const blocks = useQuery({
    queryKey: poolPublicKeys.blocks(pool, page, EXPLORER_PAGE_SIZE),
    queryFn: () => fetchBlocks(pool, page, EXPLORER_PAGE_SIZE),
    placeholderData: (previous) => previous,
    // The first page gains new blocks; older pages only shift.
    refetchInterval: page === 1 ? LIVE_REFRESH_MS : false,
  });
  return (
    <section className="pool-block-explorer" data-testid={`pool-blocks-${pool}`}>
      <BlockTable
        blocks={blocks.data?.list ?? []}
        title={
          <>
            {t('poolPublic.blocks.explorerTitle')}
            {blocks.data ? <span className="pool-subtitle__count">{t('poolPublic.blocks.total', { total: blocks.data.total })}</span> : null}
          </>
        }
        testId={`pool-blocks-${pool}-table`}
        loading={blocks.isPending}
        failed={blocks.isError}
        paging={{ page, pageSize: EXPLORER_PAGE_SIZE, total: blocks.data?.total ?? 0, onChange: setPage }}
      />
    </section>
  );
}
