import { formatCapacity, formatCapacityText, SETTLEMENT_STATUSES, type CapacityBase, type Page, type SettlementStatus } from '@platter/domain';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Input, Select, Table, Tag, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useCallback, useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { coinsQuery } from '../../api/queries.ts';
import { useAppState } from '../../state/store.ts';
import { fetchList, fetchPoolConfigs, PAGE_SIZE, poolAdminKeys, type ListEndpoint } from './poolAdminApi.ts';
import { Amount as CoinAmount } from '../../components/Amount.tsx';
import { groupThousands } from '../../lib/amount.ts';
import { poolName } from '../../i18n/poolName.ts';

/** The pieces every back-office list of the pool shares: paging with filters, the pools' coins, the cells. */

export type Filters = Record<string, string>;

/**
 * One page of a back-office list under its filters. A changed filter starts again at page 1;
 * the previous page stays shown while the next one loads.
 */
export function usePagedList<E extends ListEndpoint, F extends Filters>(endpoint: E, initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const query = { ...filters, page, count: PAGE_SIZE };
  const result = useQuery({ queryKey: poolAdminKeys.list(endpoint.path, query), queryFn: () => fetchList(endpoint, query), placeholderData: keepPreviousData });
  const filter = (name: keyof F) => (value: string | undefined) => {
    setFilters((old) => ({ ...old, [name]: (value ?? '').trim() }));
    setPage(1);
  };
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize: PAGE_SIZE,
    total: result.data?.total ?? 0,
    onChange: setPage,
    showSizeChanger: false,
    hideOnSinglePage: true,
  };
  return { filters, filter, result, pagination };
}

export interface PagedList<T extends { total: number }> {
  result: Pick<UseQueryResult<T>, 'data' | 'isFetching' | 'isError'>;
  pagination: TablePaginationConfig;
}

/** What the back office needs of a pool's coin: its unit, capacity base and whether it mines by hashrate. */
export interface PoolCoin {
  coin: string;
  unit: string;
  /** Decimals of an amount; null until the coin registry has loaded. */
  scale: number | null;
  base: CapacityBase;
  hashrate: boolean;
}

/** Every pool (with its configuration, from getpoollist) and each one's coin (from the coin registry). */
export function usePoolCoins() {
  const configs = useQuery({ queryKey: poolAdminKeys.configs, queryFn: fetchPoolConfigs });
  useQuery(coinsQuery);
  const coins = useAppState((state) => state.coinInfo);
  const byPool = useMemo(() => {
    const coinOf = new Map(coins.map((c) => [c.type, c]));
    return new Map(
      (configs.data ?? []).map((p) => {
        const coin = coinOf.get(p.coin);
        return [p.pool, { coin: p.coin, unit: coin?.unit ?? p.coin, scale: coin?.scale ?? null, base: coin?.capacity_base ?? 1024, hashrate: coin?.arith === 'hash' }] as const;
      }),
    );
  }, [configs.data, coins]);
  const coinOf = useCallback((pool: string): PoolCoin => byPool.get(pool) ?? { coin: '', unit: '', scale: null, base: 1024, hashrate: false }, [byPool]);
  return { configs, coinOf };
}

/** A capacity in bytes (decimal string) with the coin's base: '1.50 TiB'. */
export function capacityText(bytes: string, base: CapacityBase): string {
  return formatCapacityText(/^\d+$/.test(bytes) ? BigInt(bytes) : 0n, base);
}

/** Hashes per second with the largest 1000-step unit: '12.50 MH/s' (the capacity steps, read as hashes). */
export function hashrateText(hashesPerSecond: string): string {
  const { value, unit } = formatCapacity(/^\d+$/.test(hashesPerSecond) ? BigInt(hashesPerSecond) : 0n, 1000);
  return `${value} ${unit === 'B' ? '' : unit.replace('B', '').replace('K', 'k')}H/s`;
}

/** Points are whole numbers: grouped by thousands. */
export function pointsText(points: string): string {
  return /^\d+$/.test(points) ? groupThousands(BigInt(points).toString()) : points;
}

/** An amount with its coin's unit, in tabular figures (the web app's one amount component). */
export function Amount({ value, unit, testId }: { value: string; unit: string; testId?: string }) {
  return <CoinAmount className="pool-admin-amount" value={value} coin={unit} testId={testId} />;
}

/**
 * A table column of an amount field with its unit, right-aligned; the figure carries the
 * test id `<testPrefix>-<field>-<rowKey>`.
 */
export function amountColumn<T, K extends keyof T & string>(field: K, title: string, unitOf: (row: T) => string, testPrefix: string, rowKey: (row: T) => string) {
  return {
    key: field,
    title,
    align: 'right' as const,
    render: (_: unknown, row: T) => <Amount value={String(row[field])} unit={unitOf(row)} testId={`${testPrefix}-${field}-${rowKey(row)}`} />,
  };
}

const SETTLEMENT_COLOR: Record<SettlementStatus, string> = {
  NOT_PENDING: 'default',
  SETTLEMENT_PENDING: 'gold',
  SETTLEMENT: 'green',
  UNSETTLEMENT: 'red',
};

export function SettlementTag({ status, testId }: { status: SettlementStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={SETTLEMENT_COLOR[status]} data-testid={testId} data-status={status}>
      {t(`poolAdmin.status.${status}`)}
    </Tag>
  );
}

/**
 * A filter's choice: the first option ('all …') is the empty filter. Each option's label
 * carries the test id `<testId>-option-<value>`.
 */
export function FilterSelect(props: {
  value: string;
  onChange: (value: string | undefined) => void;
  testId: string;
  label: string;
  all: string;
  options: { value: string; label: string }[];
  loading?: boolean;
}) {
  return (
    <Select
      value={props.value}
      onChange={props.onChange}
      loading={props.loading ?? false}
      className="pool-admin-filter"
      popupMatchSelectWidth={false}
      data-testid={props.testId}
      aria-label={props.label}
      options={[
        { value: '', label: props.all },
        ...props.options.map((o) => ({ value: o.value, label: <span data-testid={`${props.testId}-option-${o.value}`}>{o.label}</span> })),
      ]}
    />
  );
}

/** 'Every pool' or one pool, as getpoollist lists them. */
export function PoolFilter({ value, onChange, testId }: { value: string; onChange: (pool: string | undefined) => void; testId: string }) {
  const { t } = useTranslation();
  const { configs } = usePoolCoins();
  return (
    <FilterSelect
      value={value}
      onChange={onChange}
      testId={testId}
      loading={configs.isPending}
      label={t('poolAdmin.filter.pool')}
      all={t('poolAdmin.filter.allPools')}
      options={(configs.data ?? []).map((p) => ({ value: p.pool, label: poolName(t, p.pool, p.name) }))}
    />
  );
}

/** 'Every coin' or one coin of the registry. */
export function CoinFilter({ value, onChange, testId }: { value: string; onChange: (coin: string | undefined) => void; testId: string }) {
  const { t } = useTranslation();
  const coins = useQuery(coinsQuery);
  return (
    <FilterSelect
      value={value}
      onChange={onChange}
      testId={testId}
      loading={coins.isPending}
      label={t('poolAdmin.col.coin')}
      all={t('poolAdmin.filter.allCoins')}
      options={(coins.data ?? []).map((c) => ({ value: c.type, label: `${c.full_name} (${c.unit})` }))}
    />
  );
}

/** The settlement statuses as filter options. */
export function useSettlementOptions() {
  const { t } = useTranslation();
  return SETTLEMENT_STATUSES.map((s) => ({ value: s, label: t(`poolAdmin.status.${s}`) }));
}

/**
 * A back-office table: `testId` on the table and `<rowTestId>-<rowKey>` on each row; while a
 * page loads the previous one stays with a spinner; a failed load says so in place of rows.
 */
export function AdminTable<T extends object>(props: {
  testId: string;
  rowTestId: string;
  rowKey: (row: T) => string;
  rows: T[] | undefined;
  loading: boolean;
  failed: boolean;
  columns: TableColumnsType<T>;
  pagination: TablePaginationConfig | false;
}) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey={props.rowKey}
      size="small"
      data-testid={props.testId}
      loading={props.loading}
      columns={props.columns}
      dataSource={props.rows ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: props.failed ? t('poolAdmin.loadFailed') : t('poolAdmin.noData') }}
      onRow={(row) => ({ 'data-testid': `${props.rowTestId}-${props.rowKey(row)}` }) as HTMLAttributes<HTMLElement>}
      pagination={props.pagination}
    />
  );
}

/** A text filter applied on Enter or the search button (not on every key). */
export function TextFilter({ onSearch, placeholder, testId }: { onSearch: (text: string) => void; placeholder: string; testId: string }) {
  return (
    <Input.Search
      allowClear
      className="pool-admin-filter pool-admin-filter--text"
      placeholder={placeholder}
      aria-label={placeholder}
      onSearch={(text) => onSearch(text)}
      maxLength={64}
      data-testid={testId}
    />
  );
}

/** A page of a back-office list in an AdminTable, with its paging. */
export function PagedTable<T extends object>(props: { list: PagedList<Page<T>>; testId: string; rowTestId: string; rowKey: (row: T) => string; columns: TableColumnsType<T> }) {
  const { list, ...table } = props;
  return <AdminTable {...table} rows={list.result.data?.list} loading={list.result.isFetching} failed={list.result.isError} pagination={list.pagination} />;
}

/** A user as the back office names them: the e-mail, with the uid under it. */
export function UserCell({ uid, email }: { uid: string; email: string }) {
  return (
    <span className="pool-admin-user">
      <span>{email}</span>
      <span className="pool-admin-muted">{uid}</span>
    </span>
  );
}
