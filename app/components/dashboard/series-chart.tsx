import { CategoryScale, Chart, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { useHydrated } from 'remix-utils/use-hydrated';

Chart.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend, Filler);

export type SeriesPoint = { date: string; value: number };

/**
 * The period line with the previous period dashed. Until JavaScript runs (or without it) the same
 * series is a table, so the page never shows a blank canvas.
 */
export function SeriesChart({
  title,
  current,
  previous,
  format,
}: {
  title: string;
  current: SeriesPoint[];
  previous: SeriesPoint[];
  format: (value: number) => string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <table className="min-w-full text-sm">
        <caption className="text-left font-semibold">{title}</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-1 pr-2">{t('dashboard.date')}</th>
            <th scope="col" className="py-1 pr-2 text-right">{t('dashboard.currentPeriod')}</th>
            <th scope="col" className="py-1 text-right">{t('dashboard.previousPeriod')}</th>
          </tr>
        </thead>
        <tbody>
          {current.map((point, index) => (
            <tr key={point.date} className="border-b border-slate-100">
              <td className="py-1 pr-2">{point.date}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{format(point.value)}</td>
              <td className="py-1 text-right tabular-nums">{previous[index] ? format(previous[index].value) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <figure>
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <div className="h-72">
        <Line
          role="img"
          aria-label={title}
          options={{
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: { tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` } } },
            scales: { y: { ticks: { callback: (value) => format(Number(value)) } } },
          }}
          data={{
            labels: current.map((point) => point.date),
            datasets: [
              { label: t('dashboard.currentPeriod'), data: current.map((point) => point.value), borderColor: '#2563eb', backgroundColor: '#2563eb', tension: 0.3 },
              { label: t('dashboard.previousPeriod'), data: previous.map((point) => point.value), borderColor: '#94a3b8', backgroundColor: '#94a3b8', borderDash: [6, 4], tension: 0.3 },
            ],
          }}
        />
      </div>
    </figure>
  );
}
