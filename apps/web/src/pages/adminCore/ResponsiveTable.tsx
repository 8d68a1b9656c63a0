import { Card, Empty, Pagination, Spin, Table, type TablePaginationConfig } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../app/hooks/useIsMobile.ts';

/** A column of a back-office list: its title and what a row shows under it. */
export interface Column<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  align?: 'right';
  /** Kept at the table's right edge while the rest scrolls (a row's actions). */
  fixed?: 'right';
  /** The column's width on a desktop (a narrow actions column whose buttons wrap). */
  width?: number;
}

/**
 * A back-office list: a table on a desktop, cards at 992 px or narrower (each card lists the
 * columns as label and value). `testId` on the list, `<rowTestId>-<rowKey>` on each row/card.
 */
export function ResponsiveTable<T extends object>(props: {
  testId: string;
  rowTestId: string;
  rowKey: (row: T) => string;
  rows: T[] | undefined;
  loading: boolean;
  failed: boolean;
  columns: Column<T>[];
  pagination: TablePaginationConfig | false;
  /** The card's title on a phone (the first column's content when not given). */
  cardTitle?: (row: T) => ReactNode;
  /** What an empty list says (the back office's "no data" when not given). */
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const empty = props.failed ? t('adminCore.loadFailed') : (props.emptyText ?? t('adminCore.noData'));
  if (!mobile) {
    return (
      <Table<T>
        rowKey={props.rowKey}
        size="small"
        data-testid={props.testId}
        loading={props.loading}
        columns={props.columns.map((c) => ({ key: c.key, title: c.title, align: c.align, fixed: c.fixed, width: c.width, render: (_: unknown, row: T) => c.render(row) }))}
        dataSource={props.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        onRow={(row) => ({ 'data-testid': `${props.rowTestId}-${props.rowKey(row)}` }) as HTMLAttributes<HTMLElement>}
        pagination={props.pagination}
      />
    );
  }
  const [first, ...rest] = props.columns;
  const rows = props.rows ?? [];
  return (
    <div data-testid={props.testId} className="admin-core-cards">
      <Spin spinning={props.loading}>
        {rows.length === 0 ? <Empty description={empty} /> : null}
        {rows.map((row) => (
          <Card
            key={props.rowKey(row)}
            size="small"
            className="admin-core-card"
            data-testid={`${props.rowTestId}-${props.rowKey(row)}`}
            title={props.cardTitle ? props.cardTitle(row) : first?.render(row)}
          >
            <dl className="admin-core-card__fields">
              {(props.cardTitle ? props.columns : rest).map((c) => (
                <div key={c.key} className="admin-core-card__field">
                  <dt>{c.title}</dt>
                  <dd>{c.render(row)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        ))}
      </Spin>
      {props.pagination && (props.pagination.total ?? 0) > (props.pagination.pageSize ?? 0) ? (
        <Pagination
          className="admin-core-cards__pager"
          simple
          current={props.pagination.current ?? 1}
          pageSize={props.pagination.pageSize ?? 20}
          total={props.pagination.total ?? 0}
          onChange={(page, size) => props.pagination && props.pagination.onChange?.(page, size)}
        />
      ) : null}
    </div>
  );
}
