import type { Measure } from '~/lib/dashboard/pages';
import type { SeriesPoint, Slice } from '~/lib/dashboard/types';

// What a chart is drawn from, read by both its table (drawn at once) and its canvas (loaded after hydration).

export type DoughnutChartProps = { title: string; slices: Slice[]; valueHeader: string };

export type SeriesChartProps = {
  title: string;
  current: SeriesPoint[];
  previous: SeriesPoint[];
  measure: Exclude<Measure, 'hours'>;
};
