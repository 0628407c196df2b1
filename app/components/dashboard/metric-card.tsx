import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

export type CardValue = { current_period: number; last_period: number; percentage: number; direction: 0 | 1 | 2 };

const ARROWS = { 0: '→', 1: '▲', 2: '▼' } as const;

/** A metric with its change against the previous period; selectable cards are links that switch the chart series. */
export function MetricCard({
  label,
  value,
  format,
  selectHref,
  selected,
  goodWhenDown = false,
}: {
  label: string;
  value: CardValue | null;
  format: (value: number) => string;
  selectHref?: string;
  selected?: boolean;
  goodWhenDown?: boolean;
}) {
  const { t } = useTranslation();
  const good = value ? (value.direction === 1) !== goodWhenDown : false;
  const tone = !value || value.direction === 0 ? 'text-slate-500' : good ? 'text-green-700' : 'text-red-700';
  const body = (
    <>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value ? format(value.current_period) : '–'}</p>
      {value ? (
        <p className={`mt-1 text-sm ${tone}`}>
          <span aria-hidden="true">{ARROWS[value.direction]}</span> {value.percentage}%{' '}
          <span className="text-slate-500">{t('dashboard.vsPrevious', { value: format(value.last_period) })}</span>
        </p>
      ) : null}
    </>
  );
  const frame = `card block p-4 ${selected ? 'ring-2 ring-brand-500' : ''}`;
  return selectHref ? (
    <Link to={selectHref} className={`${frame} hover:border-brand-300`} aria-current={selected ? 'true' : undefined} preventScrollReset>
      {body}
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}
