import { Pagination, Table, Typography, type TableColumnsType } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useIsMobile } from '../../app/hooks/useIsMobile.ts';

export interface Paging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/**
 * The rows of a pool page: a table on a desktop (scrolling sideways when narrow, paged only
 * when there is more than one page), a list of cards at 992 px and below. The table, list and
 * each row carry test ids: `testId`, and `rowTestId`-key.
 */
export function PoolRows<T extends object>(props: {
  testId: string;
  rowTestId: string;
  rowKey: (row: T) => string;
  columns: TableColumnsType<T>;
  rows: T[];
  loading: boolean;
  empty: string;
  /** One row at phone width. */
  card: (row: T) => ReactNode;
  /** `pool-cards` (a card per row) or `pool-list` (divided lines). */
  listClass: string;
  paging?: Paging;
  className?: string;
}) {
  const mobile = useIsMobile();
  const { paging, rows } = props;
  if (mobile) {
    return (
      <div className={props.listClass} data-testid={props.testId}>
        {rows.length === 0 && !props.loading ? <Typography.Text type="secondary">{props.empty}</Typography.Text> : null}
        {rows.map((row) => (
          <div key={props.rowKey(row)} className={`${props.listClass}__item`} data-testid={`${props.rowTestId}-${props.rowKey(row)}`}>
            {props.card(row)}
          </div>
        ))}
        {paging ? <Pagination simple current={paging.page} pageSize={paging.pageSize} total={paging.total} onChange={paging.onChange} hideOnSinglePage /> : null}
      </div>
    );
  }
  return (
    <Table<T>
      rowKey={props.rowKey}
      size="middle"
      className={props.className}
      data-testid={props.testId}
      loading={props.loading}
      columns={props.columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: props.empty }}
      onRow={(row) => ({ 'data-testid': `${props.rowTestId}-${props.rowKey(row)}` }) as HTMLAttributes<HTMLElement>}
      pagination={
        paging ? { current: paging.page, pageSize: paging.pageSize, total: paging.total, onChange: paging.onChange, showSizeChanger: false, hideOnSinglePage: true } : false
      }
    />
  );
}
