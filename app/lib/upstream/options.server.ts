import { z } from 'zod';
import type { Upstream } from './client.server';

/** Only what a filter shows: the vendor list is long and travels to the browser with every page. */
const option = z.object({ id: z.number(), name: z.string() });
const optionList = z.object({ data: z.array(option) });
type Option = z.infer<typeof option>;

const KEEP_MS = 5_000;
const kept = new Map<string, { until: number; value: Promise<unknown> }>();

/**
 * What `load` answered this user a moment ago, for a few seconds: the lists that frame a page (a filter's channels,
 * vendors and categories, the brand selector's brands) are the same on every page and every change of a filter,
 * and asking the upstream for them again was a third of a list page's upstream work. Kept per user, so a user is
 * only ever shown what the upstream answered them; a failed answer is not kept.
 */
export function keptForUser<T>(userId: number, key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const name = `${userId} ${key}`;
  const entry = kept.get(name);
  if (entry && entry.until > now) return entry.value as Promise<T>;
  if (kept.size > 1000) {
    for (const [stale, { until }] of kept) if (until <= now) kept.delete(stale);
  }
  const value = load();
  kept.set(name, { until: now + KEEP_MS, value });
  value.catch(() => {
    if (kept.get(name)?.value === value) kept.delete(name);
  });
  return value;
}

/** What the brand selector's brands are kept under (app/routes/_app.tsx). */
export const BRANDS_KEPT = 'brands';

/** Drops what was kept for the user under `key`: their own change (a brand added or deleted) shows at once. */
export function forgetKeptForUser(userId: number, key: string) {
  kept.delete(`${userId} ${key}`);
}

function optionsOf(api: Upstream, path: string, query?: { per_page: number }) {
  return api.call(path, optionList, { query }).then((r): Option[] => r.data);
}

/**
 * The filter lists of brand-side pages (spec: per_page 1000). Given the user (`keptFor`), an answer is kept for a
 * few seconds (keptForUser), for the list pages that show the same filters on every request.
 */
export const optionsApi = {
  channels: (api: Upstream, { brandId, keptFor }: { brandId: number; keptFor?: number }) => {
    const load = () => optionsOf(api, `/api/brand/${brandId}/channel`);
    return keptFor === undefined ? load() : keptForUser(keptFor, `channels ${brandId}`, load);
  },
  /** A vendor's channel filter: the channels of the brands it serves. */
  vendorChannels: (api: Upstream, { vendorId, keptFor }: { vendorId: number; keptFor?: number }) => {
    const load = () => optionsOf(api, `/api/vendor/${vendorId}/channel`);
    return keptFor === undefined ? load() : keptForUser(keptFor, `vendor channels ${vendorId}`, load);
  },
  vendors: (api: Upstream, { brandId, keptFor }: { brandId: number; keptFor?: number }) => {
    const load = () => optionsOf(api, `/api/brand/${brandId}/vendor`, { per_page: 1000 });
    return keptFor === undefined ? load() : keptForUser(keptFor, `vendors ${brandId}`, load);
  },
};
