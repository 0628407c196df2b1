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
  matches: ReadonlyArray<{ id: string; data: unknown }>;
  page: PageTitleKey;
  name?: string | null;
}) {
  const label = name || titlesOf(matches)?.[page];
  return label ? `${label} | ${APP_NAME}` : APP_NAME;
}

function titlesOf(matches: ReadonlyArray<{ id: string; data: unknown }>) {
  const data = matches.find((match) => match.id === 'root')?.data;
  if (!data || typeof data !== 'object' || !('titles' in data)) return undefined;
  return data.titles as Partial<PageTitles> | undefined;
}
