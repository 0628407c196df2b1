import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { withDescendants } from '../category/descendants';
import { inList, selectRows } from './sql';

/** Whose data a widget call may read, before any filter: decided by the path and the caller. */
export type Tenancy = { brandIds: number[]; vendorIds: number[] | null };

/**
 * What a widget aggregates. `null` means "not restricted"; an empty list matches nothing (a filter naming only
 * foreign or unknown ids must not fall back to everything).
 */
export type Scope = {
  brandIds: number[];
  vendorIds: number[] | null;
  channelIds: number[] | null;
  /** The chosen categories with all their descendants. */
  categoryIds: number[] | null;
};

export type ScopeFilters = { channel?: number[]; category?: number[]; vendor?: number[]; city?: string[] };

/**
 * Whether the scope's widget statements take one of a few texts, to be kept prepared (selectRows): the tenancy's
 * brands and at most one vendor, without a channel or category list, whose lengths would make a text per choice.
 */
export function fixedShape(scope: Scope): boolean {
  return (
    scope.channelIds === null &&
    scope.categoryIds === null &&
    (scope.vendorIds === null || scope.vendorIds.length === 1) &&
    scope.brandIds.length <= 4
  );
}

const readsOfScope = new WeakMap<Scope, Map<string, Promise<unknown>>>();

/**
 * A figure read once for all the widgets answered from one Scope: a request makes its scope once (scopeOf), so
 * the cards of one answer (summary/card) that need the same rollup rows share one statement, and nothing outlives
 * the request. `key` names the figure and everything it depends on besides the scope.
 */
export function readOnce<T>(scope: Scope, key: string, read: () => Promise<T>): Promise<T> {
  let reads = readsOfScope.get(scope);
  if (!reads) readsOfScope.set(scope, (reads = new Map()));
  let pending = reads.get(key) as Promise<T> | undefined;
  if (!pending) reads.set(key, (pending = read()));
  return pending;
}

function intersect(scope: number[] | null, chosen: number[] | undefined): number[] | null {
  if (!chosen) return scope;
  return scope ? scope.filter((id) => chosen.includes(id)) : [...new Set(chosen)];
}

/** Vendors serving the scope's brands with an area in one of the cities (a branch). */
async function vendorsInCities(db: Executor, brandIds: number[], cities: string[]): Promise<number[]> {
  const lowered = [...new Set(cities.map((city) => city.toLowerCase()))];
  const rows = await selectRows<{ vendor_id: number }>(
    db,
    sql`select distinct a.vendor_id
      from vendor_areas a join vendor_brands b on b.vendor_id = a.vendor_id
      where ${inList('b.brand_id', brandIds)} and ${inList('lower(a.city)', lowered)}`,
  );
  return rows.map((row) => Number(row.vendor_id));
}

/**
 * Narrows the tenancy by the query's filters. `vendor[]` narrows brand-side calls only: on the vendor side the
 * path already names the one vendor, and a filter can never widen it.
 */
export async function scopeOf(db: Executor, tenancy: Tenancy, filters: ScopeFilters): Promise<Scope> {
  let vendorIds = tenancy.vendorIds ?? intersect(null, filters.vendor);
  if (filters.city)
    vendorIds = intersect(vendorIds, await vendorsInCities(db, tenancy.brandIds, filters.city));
  return {
    brandIds: tenancy.brandIds,
    vendorIds,
    channelIds: filters.channel ? [...new Set(filters.channel)] : null,
    categoryIds: filters.category ? await withDescendants(db, tenancy.brandIds, filters.category) : null,
  };
}
