import type { Scope } from '../scope.server';
import type { Upstream } from '../upstream.server';
import { optionsApi } from '../upstream/options.server';
import { widgetApi } from '../upstream/widgets.server';
import type { FilterOptions } from './types';

type Calls = Record<string, Promise<unknown> | null>;
type Settled<T extends Calls> = { [K in keyof T]: Awaited<T[K]> | null };

function isRedirect(error: unknown): error is Response {
  return error instanceof Response && error.status >= 300 && error.status < 400;
}

/**
 * Every widget of a page at once. One that fails becomes null and its card shows "–" (most widget
 * failures are swallowed); only an expired session still ends the page, by sending the user to sign in.
 * A call the page does not make for this user is given as null.
 */
export async function loadWidgets<T extends Calls>(calls: T): Promise<Settled<T>> {
  const entries = await Promise.all(
    Object.entries(calls).map(async ([key, promise]) => {
      try {
        return [key, await promise] as const;
      } catch (error) {
        if (isRedirect(error)) throw error;
        console.warn(`dashboard widget ${key} failed: ${await reasonOf(error)}`);
        return [key, null] as const;
      }
    }),
  );
  return Object.fromEntries(entries) as Settled<T>;
}

async function reasonOf(error: unknown) {
  if (error instanceof Response) return `${error.status} ${await error.text()}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The filter lists, fetched alongside the widgets: categories on both sides; channels and vendors are brand
 * lists (the vendor side has no channel list, and a vendor never filters by vendor). A failed list is empty.
 * They are the same on every dashboard and every change of a filter: the user's lists are kept a few seconds.
 */
export async function loadFilterOptions(
  api: Upstream,
  { scope, user }: { scope: Scope; user: { id: number } },
): Promise<FilterOptions> {
  const brandId = scope.kind === 'brand' ? scope.id : null;
  const keptFor = user.id;
  const lists = await loadWidgets({
    // Vendors filter by channel too; only the vendor filter is the brand side's (docs/decisions/049).
    channels: brandId
      ? optionsApi.channels(api, { brandId, keptFor })
      : optionsApi.vendorChannels(api, { vendorId: scope.id, keptFor }),
    vendors: brandId ? optionsApi.vendors(api, { brandId, keptFor }) : Promise.resolve([]),
    categories: widgetApi.categories(api, { scope, keptFor }),
  });
  return {
    channels: (lists.channels ?? []).map(({ id, name }) => ({ id, name })),
    vendors: (lists.vendors ?? []).map(({ id, name }) => ({ id, name })),
    categories: lists.categories ?? [],
  };
}
