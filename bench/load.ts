/**
 * A small closed-loop load runner: `concurrency` workers share `total` requests; each worker starts its next
 * request when the previous one has finished. Returns latency percentiles (nearest rank) and throughput.
 *
 *   const result = await runLoad({ concurrency: 20, total: 400, request: () => getOk(url) });
 *
 * `request` throws to count an error; the first `maxErrors` (default 0) errors are tolerated and counted, the
 * next one aborts the run with that error, so a broken endpoint never passes for a fast one.
 */

export type LoadStats = {
  count: number;
  errors: number;
  min: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Completed requests per second of wall time. */
  rps: number;
  wallMs: number;
  /** True when maxMs stopped the run before `total` requests. */
  truncated?: boolean;
  /** The first tolerated error, shortened. */
  firstError?: string;
};

export type LoadOptions = {
  concurrency: number;
  total: number;
  /** One request; `index` runs from 0 to total − 1 in start order. */
  request: (index: number) => Promise<unknown>;
  /** Requests made first, one at a time, and left out of the figures (cold plans, pools, caches). */
  warmup?: number;
  maxErrors?: number;
  /** Starts no new request after this many ms (default: no limit); `count` then says how many ran. */
  maxMs?: number;
};

/** Nearest-rank percentile of an ascending array; p in [0, 1]. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))];
}

/**
 * The median of a set, as one of its members: the middle of the ascending order by `key` (the upper of the two
 * middle ones when the count is even), so a median round is a round that ran, its other figures with it.
 * Undefined when the set is empty.
 */
export function medianBy<T>(values: T[], key: (value: T) => number): T {
  return [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)];
}

/** The median of a set of numbers, as medianBy takes it. */
export function median(values: number[]): number {
  return medianBy(values, (value) => value);
}

/** Percentiles and mean of a set of durations in ms; `wallMs` gives the throughput. */
export function summarise(durations: number[], wallMs: number, errors = 0): LoadStats {
  const sorted = [...durations].sort((a, b) => a - b);
  const sum = sorted.reduce((acc, value) => acc + value, 0);
  return {
    count: sorted.length,
    errors,
    min: sorted[0] ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    rps: wallMs > 0 ? (sorted.length / wallMs) * 1000 : Number.NaN,
    wallMs,
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadStats> {
  const { concurrency, total, request, warmup = 0, maxErrors = 0, maxMs = Infinity } = options;
  for (let i = 0; i < warmup; i++) await request(-1 - i);
  const durations: number[] = [];
  let errors = 0;
  let next = 0;
  let failure: unknown = null;
  let firstError: string | undefined;
  let stopAt = Infinity;
  async function worker() {
    while (next < total && failure === null && performance.now() < stopAt) {
      const index = next++;
      const started = performance.now();
      try {
        await request(index);
        durations.push(performance.now() - started);
      } catch (error) {
        errors += 1;
        firstError ??= (error instanceof Error ? error.message : String(error)).slice(0, 160);
        if (errors > maxErrors) failure = error;
      }
    }
  }
  const started = performance.now();
  stopAt = started + maxMs;
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, total)) }, worker));
  const wallMs = performance.now() - started;
  if (failure !== null) throw failure;
  return { ...summarise(durations, wallMs, errors), truncated: next < total, firstError };
}

/** `12.3 ms` */
export function ms(value: number, digits = 1): string {
  return `${value.toFixed(digits)} ms`;
}
