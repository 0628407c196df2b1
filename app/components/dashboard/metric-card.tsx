import { Link } from '@remix-run/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardValue } from '~/lib/dashboard/types';

const ARROWS = { 0: '→', 1: '▲', 2: '▼' } as const;
const TONES = { good: 'text-green-700', bad: 'text-red-700', neutral: 'text-slate-500' } as const;
/** Lets bench/page-budgets.ts time when the first figure is painted (the Element Timing API). */
const PAINT_TIMING: Record<string, string> = { elementtiming: 'figure' };

/**
 * The direction a card shows: a change that rounds to 0 % (90,87 against 90,8) is shown as no change, neither an
 * arrow up nor a colour saying better or worse.
 */
export function shownDirection(value: Pick<CardValue, 'percentage' | 'direction'>) {
  return value.percentage === 0 ? 0 : value.direction;
}

/**
 * A metric with its change against the previous period. A selectable card is a link that switches the chart
 * series (`?series=…`); `valueTone` colours the figure itself (SLA: good 1–24 h, bad above).
 */
export function MetricCard({
  label,
  value,
  format,
  selectHref,
  selected = false,
  goodWhenDown = false,
  valueTone = null,
}: {
  label: string;
  value: CardValue | null;
  format: (value: number) => string;
  selectHref?: string;
  selected?: boolean;
  goodWhenDown?: boolean;
  valueTone?: 'good' | 'bad' | null;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const current = value?.current_period ?? null;
  const direction = value ? shownDirection(value) : 0;
  const changeTone = direction === 0 ? 'neutral' : (direction === 1) !== goodWhenDown ? 'good' : 'bad';
  const body = (
    <dl>
      <dt id={labelId} className="text-sm text-slate-600">
        {label}
      </dt>
      <dd
        className={`mt-1 text-2xl font-semibold tabular-nums ${valueTone ? TONES[valueTone] : ''}`}
        {...PAINT_TIMING}
      >
        {current === null ? '–' : format(current)}
      </dd>
      {value ? (
        <dd className={`mt-1 text-sm ${TONES[changeTone]}`}>
          <span aria-hidden="true">{ARROWS[direction]}</span>
          <span className="sr-only">{t(`dashboard.direction.${direction}`)}</span> {value.percentage}%{' '}
          <span className="text-slate-500">
            {t('dashboard.vsPrevious', {
              value: value.last_period === null ? '–' : format(value.last_period),
            })}
          </span>
        </dd>
      ) : (
        <dd className="mt-1 text-sm text-slate-500">{t('dashboard.unavailable')}</dd>
      )}
    </dl>
  );
  const frame = `card block h-full p-4 break-inside-avoid ${selected ? 'ring-2 ring-brand-500' : ''}`;
  return (
    <div role="group" aria-labelledby={labelId} className="h-full">
      {selectHref ? (
        <Link
          to={selectHref}
          className={`${frame} hover:border-brand-300`}
          aria-current={selected ? 'true' : undefined}
          preventScrollReset
        >
          {body}
        </Link>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </div>
  );
}
