import { Grid, Pagination, Table, Typography, type TableColumnsType } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import './statistics.css';

/** One column: its heading and how a row shows in it (the same on a table row and a card). */
export interface DataColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** On a card, the line at the top instead of a labelled figure. */
  headline?: boolean;
}

export interface DataPaging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/**
 * The data tables of the public pool pages: an antd table on wider screens, a list of cards
 * at phone width (under antd's `md`, 768 px). `testId` names the table or list, `rowTestId`
 * each row or card; a pager (when more than one page) is `<testId>-pager`. `title` heads it.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  testId,
  rowTestId,
  loading = false,
  empty,
  paging,
  title,
}: {
  title?: ReactNode;
  rows: readonly T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => string;
  testId: string;
  rowTestId: (row: T) => string;
  loading?: boolean;
  empty: string;
  paging?: DataPaging;
}) {
  const screens = Grid.useBreakpoint();
  const pager =
    paging && paging.total > paging.pageSize ? (
      <div className="pool-table__pager" data-testid={`${testId}-pager`} data-page={paging.page}>
        <Pagination
          simple={screens.md === false}
          size="small"
          current={paging.page}
          pageSize={paging.pageSize}
          total={paging.total}
          onChange={paging.onChange}
          showSizeChanger={false}
        />
      </div>
    ) : null;

  const heading = title ? (
    <Typography.Title level={5} className="pool-subtitle pool-table__title">
      {title}
    </Typography.Title>
  ) : null;

  if (screens.md === false) {
    const headline = columns.find((column) => column.headline);
    return (
      <div className="pool-table">
        {heading}
        <div className="pool-cards" data-testid={testId}>
          {rows.length === 0 ? <Typography.Text type="secondary">{loading ? '…' : empty}</Typography.Text> : null}
          {rows.map((row) => (
            <div key={rowKey(row)} className="pool-cards__card" data-testid={rowTestId(row)}>
              {headline ? <div className="pool-cards__headline">{headline.render(row)}</div> : null}
              <dl className="pool-cards__figures">
                {columns
                  .filter((column) => column !== headline)
                  .map((column) => (
                    <div key={column.key} className="pool-cards__figure">
                      <dt>{column.title}</dt>
                      <dd>{column.render(row)}</dd>
                    </div>
                  ))}
              </dl>
            </div>
          ))}
          {pager}
        </div>
      </div>
    );
  }

  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    key: column.key,
    title: column.title,
    align: column.align,
    render: (_: unknown, row: T) => column.render(row),
  }));
  return (
    <div className="pool-table">
      {heading}
      <Table<T>
        rowKey={rowKey}
        size="middle"
        data-testid={testId}
        loading={loading}
        columns={tableColumns}
        dataSource={[...rows]}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        onRow={(row) => ({ 'data-testid': rowTestId(row) }) as HTMLAttributes<HTMLElement>}
        pagination={false}
      />
      {pager}
    </div>
  );
}
