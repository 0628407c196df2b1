import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { StockForm } from '~/components/stock/stock-form';
import { pageTitle } from '~/lib/meta';
import { MAX_PHOTOS } from '~/lib/schemas/stock';
import { stockFormAction, stockFormData } from '~/lib/stock-form.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await stockFormData(request, context, null);
  if (!data.can.save) throw new Response('Forbidden', { status: 403 });
  return json(data);
}

export function action({ request, context }: ActionFunctionArgs) {
  return stockFormAction(request, context, null);
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'stockCreate' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function StockCreatePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-600">
        <Link to="/stock" className="hover:underline">
          {t('nav.stock')}
        </Link>{' '}
        / {t('stock.add')}
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('stock.add')}
      </h1>
      <StockForm {...data} lastResult={lastResult} maxPhotos={MAX_PHOTOS} />
    </section>
  );
}
