import { Link, useSearchParams } from '@remix-run/react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A titled grid of metric cards; on the summary page each group links to its own dashboard, filters kept. */
export function CardGroup({
  title,
  detailPath,
  children,
}: {
  title: string;
  detailPath?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const headingId = useId();
  const query = new URLSearchParams(params);
  for (const name of ['series', 'page', 'search', 'sorted_by', 'order_by']) query.delete(name);
  return (
    <section aria-labelledby={headingId} className="space-y-3 break-inside-avoid">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {detailPath ? (
          <Link
            to={`${detailPath}?${query.toString()}`}
            className="text-sm font-medium text-brand-700 hover:underline print:hidden"
          >
            {t('dashboard.detail')}
            <span className="sr-only"> {title}</span>
          </Link>
        ) : null}
      </div>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-3">{children}</div>
    </section>
  );
}

/** The `?series=` link of a selectable card: same filters and table state, another chart series. */
export function useSeriesHref() {
  const [params] = useSearchParams();
  return (series: string) => {
    const next = new URLSearchParams(params);
    next.set('series', series);
    return `?${next.toString()}`;
  };
}
