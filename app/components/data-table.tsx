import { Link, useSearchParams } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Column<Row> = {
  key: string;
  header: string;
  /** The upstream `sorted_by` value; columns without one are not sortable. */
  sortKey?: string;
  align?: 'left' | 'right';
  cell: (row: Row) => ReactNode;
};

/** The one table of the app: sorting is links that rewrite `sorted_by`/`order_by` in the URL. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sortedBy = params.get('sorted_by');
  const orderBy = params.get('order_by') === 'desc' ? 'desc' : 'asc';

  function sortHref(sortKey: string) {
    const next = new URLSearchParams(params);
    next.set('sorted_by', sortKey);
    next.set('order_by', sortedBy === sortKey && orderBy === 'asc' ? 'desc' : 'asc');
    next.delete('page');
    return `?${next.toString()}`;
  }

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => {
              const active = column.sortKey && sortedBy === column.sortKey;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (orderBy === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`whitespace-nowrap px-4 py-3 font-semibold text-slate-700 ${column.align === 'right' ? 'text-right' : 'text-left'}`}
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
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500">
                {t('table.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-slate-50">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`whitespace-nowrap px-4 py-3 ${column.align === 'right' ? 'text-right tabular-nums' : ''}`}
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
  );
}
