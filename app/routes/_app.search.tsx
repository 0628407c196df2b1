import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '~/lib/meta';
import { searchSchema } from '~/lib/schemas/search';
import { requireUser } from '~/lib/scope.server';
import { UpstreamError } from '~/lib/upstream/client.server';
import { searchApi, type SearchGroup } from '~/lib/upstream/search.server';

/**
 * /search?q=…: what the header's box found, grouped by kind, each hit a link to the page that opens it. A query
 * too short is answered on the header's field (the shared schema, then the API's own 422 as a fallback).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get('q') ?? '';
  const none: SubmissionResult<string[]> | null = null;
  if (!url.searchParams.has('q')) return json({ q, result: none, groups: null });
  const submission = parseWithZod(url.searchParams, { schema: searchSchema });
  if (submission.status !== 'success') return json({ q, result: submission.reply(), groups: null });
  try {
    const groups: SearchGroup[] = await searchApi.search(api, { q: submission.value.q });
    return json({ q, result: none, groups });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status !== 422) throw error;
    const fieldErrors = { q: error.fieldErrors.q ?? [error.message] };
    return json({ q, result: submission.reply({ fieldErrors }), groups: null });
  }
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  { title: pageTitle({ matches, page: 'search' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function SearchPage() {
  const { q, groups } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const found = groups?.filter((group) => group.hits.length > 0) ?? [];

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('search.title')}</h1>
        {groups && q ? (
          <p className="text-sm text-slate-500">{t('search.resultsFor', { q: q.trim() })}</p>
        ) : null}
      </div>
      {/* No query yet, or one the header's field refused (its message is on the field). */}
      {!groups ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">{t('search.prompt')}</p>
      ) : null}
      {groups && found.length === 0 ? (
        <p
          data-testid="search-empty"
          className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600"
        >
          {t('search.empty', { q: q.trim() })}
        </p>
      ) : null}
      {found.map((group) => (
        <section
          key={group.kind}
          aria-labelledby={`search-group-${group.kind}`}
          className="rounded-lg border border-slate-200 bg-white"
        >
          <h2 id={`search-group-${group.kind}`} className="border-b border-slate-200 px-4 py-2 font-semibold">
            {t(`search.kinds.${group.kind}`)}
          </h2>
          <ul className="divide-y divide-slate-100">
            {group.hits.map((hit) => (
              <li key={`${hit.kind}-${hit.id}`} className="px-4 py-2">
                <Link to={hit.path} className="font-medium text-brand-700 hover:underline">
                  {hit.title}
                </Link>
                {hit.subtitle ? <p className="text-sm text-slate-500">{hit.subtitle}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
