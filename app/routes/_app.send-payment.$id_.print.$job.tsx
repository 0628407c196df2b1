import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '~/lib/meta';
import { requireOwnPrintJob } from '~/lib/print-jobs/job-access.server';

/** How often the page reloads itself while the print runs. */
const REFRESH_SECONDS = 2;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const job = await requireOwnPrintJob(request, context, params);
  const base = `/send-payment/${job.voucherId}`;
  const fileHref = `${base}/print/${job.id}/pdf`;
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  // The page reloads itself while the print runs, and goes to the file once it is ready (a download, so the page
  // stays). A Refresh header rather than a <meta> in <noscript>: Chromium without scripts ignored the latter.
  if (job.status === 'running') headers.set('Refresh', String(REFRESH_SECONDS));
  if (job.status === 'done') headers.set('Refresh', `0;url=${fileHref}`);
  return json(
    {
      status: job.status,
      failure: job.failure,
      parts: job.parts,
      partsDone: job.partsDone,
      voucherHref: base,
      retryHref: `${base}/print`,
      fileHref,
    },
    { headers },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  { title: pageTitle({ matches, page: 'printJob' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

/**
 * A long Cetak Pembayaran (docs/decisions/045). The page reloads itself every few seconds and, once the file is
 * ready, sends the browser to it (the Refresh header); with JavaScript the bar also moves in place between
 * reloads. Either way the page stays, with a link to the file.
 */
export default function PrintJobPage() {
  const job = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { revalidate, state } = useRevalidator();

  useEffect(() => {
    if (job.status !== 'running' || state !== 'idle') return;
    const timer = setTimeout(revalidate, 1000);
    return () => clearTimeout(timer);
  }, [job, state, revalidate]);

  return (
    <section aria-labelledby="page-title" className="max-w-xl space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('printJob.title')}
      </h1>
      <div role="status" className="space-y-2">
        <p>
          {job.status === 'running'
            ? t('printJob.running', { done: job.partsDone, parts: job.parts })
            : job.status === 'done'
              ? t('printJob.done')
              : t(`printJob.failure.${job.failure ?? 'failed'}`)}
        </p>
        <progress
          className="w-full"
          max={job.parts}
          value={job.status === 'done' ? job.parts : job.partsDone}
          aria-label={t('printJob.progress')}
        />
      </div>
      <p className="flex flex-wrap gap-3">
        {job.status === 'done' ? (
          <a href={job.fileHref} className="btn-primary">
            {t('printJob.download')}
          </a>
        ) : null}
        {job.status === 'failed' ? (
          <a href={job.retryHref} className="btn-primary">
            {t('printJob.retry')}
          </a>
        ) : null}
        <Link to={job.voucherHref} className="btn-secondary">
          {t('printJob.back')}
        </Link>
      </p>
    </section>
  );
}
