import { Form, useSearchParams, useSubmit } from '@remix-run/react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '~/components/data-table';
import { Pagination } from '~/components/pagination';

type Meta = {
  current_page: number;
  last_page: number;
  total: number;
  from: number | null;
  to: number | null;
};

/**
 * A dashboard's server-paged table: its own search form (every other param kept, paging restarted; typing
 * submits after 300 ms with JavaScript), the one DataTable with sorting links, and paging. A failed widget
 * (`page` null) shows an empty table.
 */
export function DashboardTable<Row>({
  title,
  columns,
  page,
  rowKey,
}: {
  title: string;
  columns: Column<Row>[];
  page: { data: Row[]; meta: Meta } | null;
  rowKey: (row: Row) => string | number;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const headingId = useId();
  const searchId = useId();
  const kept = [...params.entries()].filter(([name]) => name !== 'search' && name !== 'page');
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <Form
          method="get"
          preventScrollReset
          role="search"
          aria-label={title}
          className="flex items-end gap-2 print:hidden"
        >
          {kept.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <div>
            <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
              {t('dashboard.search')}
            </label>
            <input
              id={searchId}
              type="search"
              name="search"
              defaultValue={params.get('search') ?? ''}
              className="input mt-1"
              onChange={(event) => {
                const form = event.currentTarget.form;
                clearTimeout(timer.current);
                timer.current = setTimeout(
                  () => form && submit(form, { replace: true, preventScrollReset: true }),
                  300,
                );
              }}
            />
          </div>
          <button type="submit" className="btn-secondary">
            {t('dashboard.searchSubmit')}
          </button>
        </Form>
      </div>
      <DataTable caption={title} columns={columns} rows={page?.data ?? []} rowKey={rowKey} />
      {page ? (
        <div className="print:hidden">
          <Pagination meta={page.meta} />
        </div>
      ) : null}
    </section>
  );
}
