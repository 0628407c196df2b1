import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '~/components/route-error';
import { pageTitle } from '~/lib/meta';

/** The spec's route table names the dashboards by their bare paths (/ringkasan, /penjualan, …); they live under /dashboard. */
const DASHBOARD_PAGES = new Set(['ringkasan', 'penjualan', 'branch', 'vendor', 'produk', 'pembeli']);

export async function loader({ params, request }: LoaderFunctionArgs) {
  const path = (params['*'] ?? '').replace(/\/+$/, '');
  if (DASHBOARD_PAGES.has(path)) throw redirect(`/dashboard/${path}${new URL(request.url).search}`);
  throw new Response('Not Found', { status: 404 });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'notFound' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function NotFound() {
  const { t } = useTranslation();
  return <ErrorNotice title={t('notFound.title')} description={t('notFound.description')} />;
}
