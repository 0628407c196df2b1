import { formatDate, formatDateTime } from '~/lib/format';

/**
 * A timestamp in a narrow table column: the day on one line and the time under it, so the column is as wide as
 * the day (spec: D MMMM YYYY h:mm A, read the same way).
 */
export function DateTime({ value }: { value: string | null | undefined }) {
  const full = formatDateTime(value);
  const day = formatDate(value);
  if (full === '–') return <>–</>;
  return (
    <span className="whitespace-nowrap">
      {day}
      <span className="block text-xs text-slate-500">{full.slice(day.length + 1)}</span>
    </span>
  );
}
