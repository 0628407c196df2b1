import { guard } from '../auth.server';
import type { Scope } from '../scope.server';
import { UpstreamError } from '../upstream/client.server';
import { optionsApi } from '../upstream/options.server';
import { widgetApi } from '../upstream/widgets.server';
import type { FilterOptions } from './types';

type Calls = Record<string, Promise<unknown> | null>;
type Settled<T extends Calls> = { [K in keyof T]: Awaited<T[K]> | null };

/**
 * Every widget of a page at once. One that fails becomes null and its card shows "–" (spec §8: most widget
 * failures are swallowed); only an expired session (401) still ends the page, by sending the user to sign in.
 * A call the page does not make for this user is given as null.
 */
export async function loadWidgets<T extends Calls>(request: Request, calls: T): Promise<Settled<T>> {
  const entries = await Promise.all(
    Object.entries(calls).map(async ([key, promise]) => {
      try {
        return [key, await promise] as const;
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 401)
          return [key, await guard(request, Promise.reject(error))] as const;
        if (error instanceof Response) throw error;
        console.warn(
          `dashboard widget ${key} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return [key, null] as const;
      }
    }),
  );
  return Object.fromEntries(entries) as Settled<T>;
}

/**
 * The filter lists, fetched alongside the widgets: categories on both sides; channels and vendors are brand
 * lists (the vendor side has no channel list, and a vendor never filters by vendor). A failed list is empty.
 */
export async function loadFilterOptions(
  request: Request,
  token: string,
  scope: Scope,
): Promise<FilterOptions> {
  const lists = await loadWidgets(request, {
    channels: scope.kind === 'brand' ? optionsApi.channels(token, scope.id) : Promise.resolve([]),
    vendors: scope.kind === 'brand' ? optionsApi.vendors(token, scope.id) : Promise.resolve([]),
    categories: widgetApi.categories({ token, scope }),
  });
  return {
    channels: (lists.channels ?? []).map(({ id, name }) => ({ id, name })),
    vendors: (lists.vendors ?? []).map(({ id, name }) => ({ id, name })),
    categories: lists.categories ?? [],
  };
}
