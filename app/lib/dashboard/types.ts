/** What the loaders hand the dashboard components (shapes of the widget API). */

export type Direction = 0 | 1 | 2;

/** A card's figure; null periods are figures that cannot be measured (SLA without orders made ready). */
export type CardValue = {
  current_period: number | null;
  last_period: number | null;
  percentage: number;
  direction: Direction;
};

export type SeriesPoint = { date: string; value: number };
export type Series = { current: SeriesPoint[]; previous: SeriesPoint[] };

/** A share of a doughnut: a category and its count. */
export type Slice = { label: string; value: number };

export type RankedRow = { label: string | null; value: number };

export type Category = { id: number; name: string; children: Category[] };

export type Option = { id: number; name: string };

/** The filter lists of a page; an empty list is not offered (vendors get no channel or vendor list). */
export type FilterOptions = { channels: Option[]; vendors: Option[]; categories: Category[] };

/** The filters in force, as the loader read them from the URL. */
export type Filters = {
  today: string;
  range: { from: string; to: string };
  channel: string[];
  category: string[];
  vendor: string[];
};
