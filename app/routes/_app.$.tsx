import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '~/components/route-error';
import { pageTitle } from '~/lib/meta';

export async function loader() {
  throw new Response('Not Found', { status: 404 });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'notFound' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function NotFound() {
  const { t } = useTranslation();
  return <ErrorNotice title={t('notFound.title')} description={t('notFound.description')} />;
}
