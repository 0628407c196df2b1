import { isRouteErrorResponse } from '@remix-run/react';
import type locale from '../../locales/id/common.json';

export type PageTitleKey = keyof (typeof locale)['pageTitle'];

export type PageTitles = Record<PageTitleKey, string>;

const APP_NAME = 'Back Office';

/**
 * The tab title in the user's language. `meta` cannot call `t()`, so the root loader hands over the
 * `pageTitle` strings of the request's locale; `name` (an order number, a customer) wins when known.
 * Without the root data (its loader failed) or the key, the title is the app name alone.
 */
export function pageTitle({
  matches,
  page,
  name,
}: {
  matches: ReadonlyArray<{ id: string; data: unknown; error?: unknown }>;
  page: PageTitleKey;
  name?: string | null;
}) {
  const label = name || titlesOf(matches)?.[failedPage(matches) ?? page];
  return label ? `${label} | ${APP_NAME}` : APP_NAME;
}

/**
 * A page that failed is titled by its failure, as its notice reads: not found, or an error. Remix hands every
 * match `error: null` when nothing failed, so only a value counts.
 */
function failedPage(matches: ReadonlyArray<{ error?: unknown }>): PageTitleKey | null {
  const failed = matches.find((match) => match.error !== undefined && match.error !== null);
  if (!failed) return null;
  return isRouteErrorResponse(failed.error) && failed.error.status === 404 ? 'notFound' : 'error';
}

function titlesOf(matches: ReadonlyArray<{ id: string; data: unknown }>) {
  const data = matches.find((match) => match.id === 'root')?.data;
  if (!data || typeof data !== 'object' || !('titles' in data)) return undefined;
  return data.titles as Partial<PageTitles> | undefined;
}
