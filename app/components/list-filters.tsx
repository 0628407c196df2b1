import { Form, useSearchParams, useSubmit } from '@remix-run/react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange } from '~/components/date-range';

type Option = { id: number | string; name: string };

/**
 * A GET form over the URL's search params: Apply works without JavaScript; with it, typing in the
 * search box submits after 300 ms. Paging restarts at page 1 on every change.
 */
export function ListFilters({
  searchLabel,
  dates = true,
  multiSelects = [],
  hidden = {},
  children,
}: {
  searchLabel: string;
  dates?: boolean;
  multiSelects?: { name: string; label: string; options: Option[] }[];
  hidden?: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      role="search"
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {params.get('sorted_by') ? (
        <input type="hidden" name="sorted_by" value={params.get('sorted_by') ?? ''} />
      ) : null}
      {params.get('order_by') ? (
        <input type="hidden" name="order_by" value={params.get('order_by') ?? ''} />
      ) : null}
      <div className="min-w-56 flex-1">
        <label htmlFor="filter-search" className="block text-sm font-medium text-slate-700">
          {searchLabel}
        </label>
        <input
          id="filter-search"
          type="search"
          name="search"
          maxLength={200}
          defaultValue={params.get('search') ?? ''}
          className="input mt-1"
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => form && submit(form, { replace: true }), 300);
          }}
        />
      </div>
      {dates ? (
        <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto">
          <DateRange id="filter-date" from={params.get('date-from') ?? ''} to={params.get('date-to') ?? ''} />
        </div>
      ) : null}
      {multiSelects.map((select) => (
        <MultiSelect key={select.name} {...select} selected={params.getAll(select.name)} />
      ))}
      {children}
      <button type="submit" className="btn-primary">
        {t('filters.apply')}
      </button>
    </Form>
  );
}

/**
 * Checkboxes in a disclosure: a multi-select that needs no JavaScript. With it, opening one closes the others and a
 * click outside or Escape closes it (`data-dropdown`, app/lib/page-feedback.client.ts).
 */
export function MultiSelect({
  name,
  label,
  options,
  selected,
}: {
  name: string;
  label: string;
  options: Option[];
  selected: string[];
}) {
  const { t } = useTranslation();
  return (
    <details className="relative" data-dropdown>
      <summary className="input mt-1 flex min-w-40 cursor-pointer list-none items-center justify-between gap-2">
        <span>
          {label}
          {selected.length ? ` (${selected.length})` : ` (${t('filters.all')})`}
        </span>
        <span aria-hidden="true">▾</span>
      </summary>
      <fieldset className="absolute z-20 mt-1 max-h-64 w-64 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg">
        <legend className="sr-only">{label}</legend>
        {options.map((option) => (
          <label
            key={option.id}
            className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50"
          >
            <input
              type="checkbox"
              name={name}
              value={option.id}
              defaultChecked={selected.includes(String(option.id))}
            />
            {option.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
