import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { StockForm } from '~/components/stock/stock-form';
import { Figure } from '~/components/stock/stock-figures';
import { pageTitle } from '~/lib/meta';
import { MAX_PHOTOS } from '~/lib/schemas/stock';
import { stockFormAction, stockFormData } from '~/lib/stock-form.server';
import { pathId } from '~/lib/record-id';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return json(await stockFormData(request, context, pathId(params.id)));
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return stockFormAction(request, context, pathId(params.id));
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle({ matches, page: 'stockProduct', name: data?.product?.name }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function StockProductPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const product = data.product;
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-600">
        <Link to="/stock" className="hover:underline">
          {t('nav.stock')}
        </Link>{' '}
        / {product?.name}
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {product?.name}
      </h1>
      {product ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            [t('stock.available'), <Figure key="a" value={product.available_stock} />],
            [t('stock.runRate'), <Figure key="r" value={product.run_rate} />],
            [t('stock.weeksOfSupply'), <Figure key="w" value={product.weeks_of_supply} />],
            [t('stock.inStockRate'), <Figure key="i" value={product.in_stock_rate} suffix="%" />],
          ].map(([label, value]) => (
            <div key={String(label)} className="card p-3">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <StockForm {...data} lastResult={lastResult} maxPhotos={MAX_PHOTOS} />
    </section>
  );
}
