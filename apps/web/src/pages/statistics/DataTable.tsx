import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { prerenderedMobile } from '../../app/prerendered.ts';
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

/** antd's Pagination (with its size selector and jumper) loads only for a table of more than one page. */
const Pagination = lazy(() => import('antd/es/pagination/index.js'));

/** Phone width: under antd's `md` breakpoint (768 px; `isPhoneWidth`). */
const PHONE_QUERY = '(max-width: 767.98px)';

function subscribePhone(onChange: () => void): () => void {
  const media = window.matchMedia(PHONE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Read at once on the first render (antd's Grid.useBreakpoint answers only after an effect, so the table would swap to cards under the reader's eyes). */
function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE_QUERY).matches,
    // The prerendered home (and the render that hydrates it) is drawn for the width it names.
    prerenderedMobile,
  );
}

/**
 * The data tables of the public pool pages: a plain table on wider screens (antd's Table
 * would bring its filters, trees and virtual lists to the home page), a list of cards at
 * phone width (under 768 px). While the first answer loads, `placeholderRows` empty rows keep
 * the table's place, so the page below does not jump when the rows arrive. `testId` names
 * the table or list, `rowTestId` each row or card; a pager (when more than one page) is
 * `<testId>-pager`. `title` heads it.
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
  placeholderRows = 3,
}: {
  title?: ReactNode;
  placeholderRows?: number;
  rows: readonly T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => string;
  testId: string;
  rowTestId: (row: T) => string;
  loading?: boolean;
  empty: string;
  paging?: DataPaging;
}) {
  const phone = usePhoneWidth();
  const waiting = loading && rows.length === 0;
  const placeholders = waiting ? Array.from({ length: placeholderRows }, (_, i) => i) : [];
  const pager =
    paging && paging.total > paging.pageSize ? (
      <div className="pool-table__pager" data-testid={`${testId}-pager`} data-page={paging.page}>
        <Suspense fallback={null}>
          <Pagination simple={phone} size="small" current={paging.page} pageSize={paging.pageSize} total={paging.total} onChange={paging.onChange} showSizeChanger={false} />
        </Suspense>
      </div>
    ) : null;

  const heading = title ? <h5 className="pool-subtitle pool-table__title">{title}</h5> : null;

  if (phone) {
    const headline = columns.find((column) => column.headline);
    // A card's headline and labelled figures, each cell drawn by `cell` (a row's value, or a
    // placeholder's empty bar: a placeholder card is as tall as the card that replaces it).
    const card = (cell: (column: DataColumn<T>) => ReactNode) => (
      <>
        {headline ? <div className="pool-cards__headline">{cell(headline)}</div> : null}
        <dl className="pool-cards__figures">
          {columns
            .filter((column) => column !== headline)
            .map((column) => (
              <div key={column.key} className="pool-cards__figure">
                <dt>{column.title}</dt>
                <dd>{cell(column)}</dd>
              </div>
            ))}
        </dl>
      </>
    );
    return (
      <div className="pool-table">
        {heading}
        <div className="pool-cards" data-testid={testId} aria-busy={waiting}>
          {rows.length === 0 && !waiting ? <span className="pool-cards__empty">{empty}</span> : null}
          {placeholders.map((i) => (
            <div key={i} className="pool-cards__card pool-cards__card--placeholder" aria-hidden>
              {card(() => (
                <span className="data-table__bar" />
              ))}
            </div>
          ))}
          {rows.map((row) => (
            <div key={rowKey(row)} className="pool-cards__card" data-testid={rowTestId(row)}>
              {card((column) => column.render(row))}
            </div>
          ))}
          {pager}
        </div>
      </div>
    );
  }

  const alignClass = (column: DataColumn<T>) => (column.align === 'right' ? 'data-table__cell data-table__cell--right' : 'data-table__cell');
  return (
    <div className="pool-table">
      {heading}
      <div className="data-table">
        <table className="data-table__table" data-testid={testId} aria-busy={waiting}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={alignClass(column)}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={alignClass(column)}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
            {placeholders.map((i) => (
              <tr key={i} className="data-table__placeholder" aria-hidden>
                {columns.map((column) => (
                  <td key={column.key} className="data-table__cell">
                    <span className="data-table__bar" />
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && !waiting ? (
              <tr>
                <td className="data-table__empty" colSpan={columns.length}>
                  {empty}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pager}
    </div>
  );
}
