import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { formatChartDay, formatMeasure } from '~/lib/dashboard/format';
import type { SeriesChartProps } from './chart-props';

// Only what a line chart draws, so chart.js tree-shakes the rest out of this (lazily loaded) chunk.
Chart.register(LineController, CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

const CURRENT = '#2563eb';
const PREVIOUS = '#94a3b8';

/** The canvas of SeriesChart: the range's line, the previous period dashed, aligned by position. */
export function LineCanvas({ title, current, previous, measure }: SeriesChartProps) {
  const { t } = useTranslation();
  const full = (value: number) => formatMeasure(measure, value, 'full');
  // A point per day reads well for a month; over longer ranges the dots only clutter the line.
  const pointRadius = current.length > 31 ? 0 : 3;
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
            plugins: {
              legend: { position: 'bottom' },
              tooltip: {
                callbacks: {
                  title: (items) => items.map((item) => formatChartDay(item.label)).join(', '),
                  label: (item) => {
                    const point =
                      item.datasetIndex === 0 ? current[item.dataIndex] : previous[item.dataIndex];
                    const day = point ? ` (${formatChartDay(point.date)})` : '';
                    return `${item.dataset.label}${day}: ${full(Number(item.raw))}`;
                  },
                },
              },
            },
            scales: {
              x: { ticks: { callback: (_value, index) => formatChartDay(current[index]?.date ?? '') } },
              y: {
                beginAtZero: true,
                // Counts step by whole numbers: no axis of 0, 0, 1, 1, 2 from rounded fractions.
                ticks: {
                  precision: measure === 'count' ? 0 : undefined,
                  callback: (value) => formatMeasure(measure, Number(value), 'short'),
                },
              },
            },
          }}
          data={{
            labels: current.map((point) => point.date),
            datasets: [
              {
                label: t('dashboard.currentPeriod'),
                data: current.map((point) => point.value),
                borderColor: CURRENT,
                backgroundColor: CURRENT,
                pointRadius,
                // Monotone: the curve never swings past its points, so a drop to zero does not dip below the axis.
                cubicInterpolationMode: 'monotone',
              },
              {
                label: t('dashboard.previousPeriod'),
                data: previous.map((point) => point.value),
                borderColor: PREVIOUS,
                backgroundColor: PREVIOUS,
                borderDash: [6, 4],
                pointRadius,
                cubicInterpolationMode: 'monotone',
              },
            ],
          }}
        />
      </div>
    </figure>
  );
}
