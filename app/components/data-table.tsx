/*
 * The table's roles are spelled out on purpose: at phone width its rows are laid out as blocks (cards), and a
 * browser drops the implicit table semantics of an element whose display is changed.
 */
/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
import { Link, useSearchParams } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Lets bench/page-budgets.ts time when the first row is painted (the Element Timing API). */
const FIRST_ROW_TIMING: Record<string, string> = { elementtiming: 'first-row' };

export type Column<Row> = {
  key: string;
  header: string;
  /** The upstream `sorted_by` value; columns without one are not sortable. */
  sortKey?: string;
  align?: 'left' | 'right';
  cell: (row: Row) => ReactNode;
  /** Left off the card a row becomes at phone width, when the column is secondary there. */
  phone?: 'hide';
  /** Long text (invoice numbers, names) may wrap instead of widening the table. */
  wrap?: boolean;
};

/**
 * The one table of the app: sorting is links that rewrite `sorted_by`/`order_by` in the URL; `defaultSort` names
 * the sort the list has when the URL asks for none, so its header shows it. The first column stays in place
 * while the others scroll, and a shadow at the scrolling edge says there is more (CSS, so also without
 * JavaScript; with it, a line above the table says so too). At phone width each row is a card of label and
 * value pairs (tailwind.css, `.data-table`), the table's roles kept for assistive technology.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  defaultSort,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  defaultSort?: { key: string; order: 'asc' | 'desc' };
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('sorted_by');
  const sortedBy = requested ?? defaultSort?.key ?? null;
  const orderBy = requested
    ? params.get('order_by') === 'desc'
      ? 'desc'
      : 'asc'
    : params.get('order_by') === 'asc'
      ? 'asc'
      : (defaultSort?.order ?? 'asc');
  const scroller = useRef<HTMLDivElement>(null);
  const overflowing = useOverflow(scroller);

  function sortHref(sortKey: string) {
    const next = new URLSearchParams(params);
    next.set('sorted_by', sortKey);
    next.set('order_by', sortedBy === sortKey && orderBy === 'asc' ? 'desc' : 'asc');
    next.delete('page');
    return `?${next.toString()}`;
  }

  return (
    <div className="relative">
      {overflowing ? (
        <p className="no-print mb-1 hidden text-right text-xs text-slate-500 sm:block" aria-hidden="true">
          {t('table.scrollHint')}
        </p>
      ) : null}
      <div
        ref={scroller}
        className="table-scroll overflow-x-auto rounded-lg border border-slate-200 bg-white"
        role="region"
        aria-label={caption}
        // A region that scrolls sideways must be reachable by keyboard to be scrolled.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table role="table" className="data-table min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead role="rowgroup" className="bg-slate-50">
            <tr role="row">
              {columns.map((column) => {
                const active = column.sortKey && sortedBy === column.sortKey;
                return (
                  <th
                    key={column.key}
                    role="columnheader"
                    scope="col"
                    aria-sort={active ? (orderBy === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={`whitespace-nowrap px-3 py-3 font-semibold text-slate-700 ${column.align === 'right' ? 'text-right' : 'text-left'}`}
                  >
                    {column.sortKey ? (
                      <Link
                        to={sortHref(column.sortKey)}
                        className="inline-flex items-center gap-1 hover:text-brand-700"
                      >
                        {column.header}
                        <span aria-hidden="true">{active ? (orderBy === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </Link>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody role="rowgroup" className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr role="row">
                <td
                  role="cell"
                  colSpan={columns.length}
                  data-empty
                  className="px-4 py-8 text-center text-slate-500"
                >
                  {t('table.empty')}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row)} role="row" className="hover:bg-slate-50">
                  {columns.map((column, at) => (
                    <td
                      key={column.key}
                      {...(index === 0 && at === 0 ? FIRST_ROW_TIMING : {})}
                      role="cell"
                      data-label={column.header}
                      data-phone={column.phone}
                      className={`px-3 py-3 ${column.wrap ? 'min-w-[8rem] max-w-[13rem] break-words' : 'whitespace-nowrap'} ${column.align === 'right' ? 'text-right tabular-nums' : ''}`}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Whether the element scrolls sideways (JavaScript only; the CSS shadow says so without it). */
function useOverflow(element: React.RefObject<HTMLElement>) {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const node = element.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(node.scrollWidth > node.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return overflowing;
}
