import { useTranslation } from 'react-i18next';

/**
 * A labelled pair of date inputs ("Dari tanggal" / "Sampai tanggal"), named `date-from` and `date-to` as the list
 * queries read them. `id` prefixes the inputs' ids (`{id}-from`, `{id}-to`); a period compared with another gives
 * its own names and labels.
 */
export function DateRange({
  id,
  from,
  to,
  names = { from: 'date-from', to: 'date-to' },
  labels,
  required = false,
}: {
  id: string;
  from: string;
  to: string;
  names?: { from: string; to: string };
  labels?: { from: string; to: string };
  required?: boolean;
}) {
  const { t } = useTranslation();
  const ends = [
    { end: 'from', name: names.from, label: labels?.from ?? t('filters.dateFrom'), value: from },
    { end: 'to', name: names.to, label: labels?.to ?? t('filters.dateTo'), value: to },
  ];
  return (
    <>
      {ends.map(({ end, name, label, value }) => (
        <div key={end}>
          <label htmlFor={`${id}-${end}`} className="block text-sm font-medium text-slate-700">
            {label}
          </label>
          <input
            id={`${id}-${end}`}
            type="date"
            name={name}
            required={required}
            defaultValue={value}
            className="input mt-1"
          />
        </div>
      ))}
    </>
  );
}
