import { Link, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '~/lib/format';

type Meta = {
  current_page: number;
  last_page: number;
  total: number;
  from: number | null;
  to: number | null;
};

/**
 * The pages of a list and what the page shows; `summary` says it in the list's own words where a page holds more
 * rows than the pages count (a tree: each counted parent followed by its children).
 */
export function Pagination({ meta, summary }: { meta: Meta; summary?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  function pageHref(page: number) {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next.toString()}`;
  }
  const pages = pageWindow(meta.current_page, meta.last_page);
  return (
    <nav
      aria-label={t('table.pagination')}
      className="flex flex-wrap items-center justify-between gap-2 text-sm"
    >
      <p className="text-slate-600">
        {meta.from === null
          ? t('table.none')
          : summary
            ? summary
            : t('table.showing', {
                from: formatNumber(meta.from, 0),
                to: formatNumber(meta.to ?? meta.from, 0),
                total: formatNumber(meta.total, 0),
              })}
      </p>
      <ul className="flex items-center gap-1">
        {meta.current_page > 1 ? (
          <li>
            <Link to={pageHref(meta.current_page - 1)} className="btn-secondary px-3 py-1" rel="prev">
              {t('table.previous')}
            </Link>
          </li>
        ) : null}
        {pages.map((page, index) => (
          <li key={page} className="flex items-center gap-1">
            {index > 0 && page - pages[index - 1] > 1 ? <span aria-hidden="true">…</span> : null}
            <Link
              to={pageHref(page)}
              aria-current={page === meta.current_page ? 'page' : undefined}
              className={`rounded px-3 py-1 ${page === meta.current_page ? 'bg-brand-600 text-white' : 'hover:bg-slate-100'}`}
            >
              {formatNumber(page, 0)}
            </Link>
          </li>
        ))}
        {meta.current_page < meta.last_page ? (
          <li>
            <Link to={pageHref(meta.current_page + 1)} className="btn-secondary px-3 py-1" rel="next">
              {t('table.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The first and last page and two either side of the current one, ascending; never the whole range. */
function pageWindow(current: number, last: number) {
  const pages = new Set([1, last]);
  for (let page = Math.max(1, current - 2); page <= Math.min(last, current + 2); page++) pages.add(page);
  return [...pages].filter((page) => page >= 1 && page <= last).sort((a, b) => a - b);
}
