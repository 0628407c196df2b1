import { ArcElement, Chart, Legend, Tooltip } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';
import { useHydrated } from 'remix-utils/use-hydrated';

Chart.register(ArcElement, Tooltip, Legend);

const COLOURS = ['#2563eb', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6'];

/** A doughnut of labelled values; a table until JavaScript runs. */
export function DoughnutChart({ title, slices, format }: { title: string; slices: { label: string; value: number }[]; format: (value: number) => string }) {
  const hydrated = useHydrated();
  if (!hydrated || slices.length === 0) {
    return (
      <table className="min-w-full text-sm">
        <caption className="text-left font-semibold">{title}</caption>
        <tbody>
          {slices.map((slice) => (
            <tr key={slice.label} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-2 text-left font-normal">{slice.label}</th>
              <td className="py-1 text-right tabular-nums">{format(slice.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <figure>
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <div className="mx-auto h-56 max-w-xs">
        <Doughnut
          role="img"
          aria-label={title}
          options={{ maintainAspectRatio: false, animation: false, plugins: { legend: { position: 'bottom' } } }}
          data={{
            labels: slices.map((slice) => slice.label),
            datasets: [{ data: slices.map((slice) => slice.value), backgroundColor: slices.map((_, index) => COLOURS[index % COLOURS.length]) }],
          }}
        />
      </div>
    </figure>
  );
}
