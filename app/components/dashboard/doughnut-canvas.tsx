import { ArcElement, Chart, DoughnutController, Legend, Tooltip } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';
import { formatNumber } from '~/lib/format';
import type { DoughnutChartProps } from './chart-props';

Chart.register(DoughnutController, ArcElement, Tooltip, Legend);

/** The spec's chart colour list of five. */
const COLOURS = ['#2563eb', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6'];

/** The canvas of DoughnutChart. */
export function DoughnutCanvas({ title, slices }: DoughnutChartProps) {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <figure>
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <div className="mx-auto h-56 max-w-xs">
        <Doughnut
          role="img"
          aria-label={title}
          options={{
            maintainAspectRatio: false,
            animation: false,
            plugins: {
              legend: { position: 'bottom' },
              tooltip: {
                callbacks: {
                  label: (item) =>
                    `${item.label}: ${formatNumber(Number(item.raw), 0)} (${Math.round((Number(item.raw) / total) * 100)}%)`,
                },
              },
            },
          }}
          data={{
            labels: slices.map((slice) => slice.label),
            datasets: [
              {
                data: slices.map((slice) => slice.value),
                backgroundColor: slices.map((_, index) => COLOURS[index % COLOURS.length]),
              },
            ],
          }}
        />
      </div>
    </figure>
  );
}
