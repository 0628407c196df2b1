import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '~/components/data-table';
import { ListFilters } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { Figure } from '~/components/stock/stock-figures';
import { ImportForm } from '~/components/stock/import-form';
import { isPlatformStaff, KIND, userCan } from '~/lib/access';
import { newFormKey } from '~/lib/form-key.server';
import { formatMoney, formatNumber } from '~/lib/format';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { requireScope } from '~/lib/scope.server';
import { flattenCategories } from '~/lib/stock-form.server';
import { optionsApi } from '~/lib/upstream/options.server';
import { stockApi, type StockRow } from '~/lib/upstream/stock.server';
import { widgetApi } from '~/lib/upstream/widgets.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireScope(request, context, 'stock.list');
  const url = new URL(request.url);
  // Vendors keep their stock on the management screen (role id 2 goes to /stock/manajemen), with
  // the search they came with (a low-stock notification of before names its SKU this way).
  if (user.role_id === KIND.vendor || scope.kind === 'vendor') {
    const search = url.searchParams.get('search');
    throw redirect(search ? `/stock/manajemen?${new URLSearchParams({ search })}` : '/stock/manajemen');
  }
  const query = listQuery(url);
  const [stock, vendors, categories, inStockRate, unitsSold] = await Promise.all([
    stockApi.list(api, { scope, query }),
    optionsApi.vendors(api, { brandId: scope.id }),
    stockApi.categories(api, { brandId: scope.id }).then(flattenCategories),
    widgetApi.card(api, { scope, query: {}, path: 'product/card/average-in-stock-rate' }),
    widgetApi.card(api, { scope, query: {}, path: 'product/card/sold-product' }),
  ]);
  const can = {
    seePrice: isPlatformStaff(user.role_id),
    create: userCan(user, 'stock.product.create'),
    update: userCan(user, 'stock.product.update'),
  };
  return json({ stock, vendors, categories, can, inStockRate, unitsSold, formKey: newFormKey() });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'stock' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function StockListPage() {
  const { stock, vendors, categories, can, inStockRate, unitsSold, formKey } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The columns a person reads a product by fit a laptop's width (1366 px); category and price follow behind the
  // scrolling cue.
  const columns: Column<StockRow>[] = [
    {
      key: 'name',
      header: t('stock.name'),
      sortKey: 'products.name',
      wrap: true,
      // The name opens the product as Ubah does, for those who may change it.
      cell: (row) =>
        can.update ? (
          <Link to={`/stock/${row.id}`} className="font-medium text-brand-700 hover:underline">
            {row.name}
          </Link>
        ) : (
          row.name
        ),
    },
    { key: 'sku', header: t('stock.sku'), sortKey: 'products.sku', cell: (row) => row.sku },
    {
      key: 'available',
      header: t('stock.available'),
      sortKey: 'available_stock',
      align: 'right',
      cell: (row) => formatNumber(row.available_stock, 0),
    },
    {
      key: 'runRate',
      header: t('stock.runRate'),
      align: 'right',
      cell: (row) => <Figure value={row.run_rate} />,
    },
    {
      key: 'weeks',
      header: t('stock.weeksOfSupply'),
      align: 'right',
      cell: (row) => <Figure value={row.weeks_of_supply} />,
    },
    {
      key: 'inStock',
      header: t('stock.inStockRate'),
      align: 'right',
      cell: (row) => <Figure value={row.in_stock_rate} suffix="%" />,
    },
    ...(can.update
      ? [
          {
            key: 'actions',
            header: t('stock.actions'),
            cell: (row: StockRow) => (
              <Link to={`/stock/${row.id}`} className="btn-secondary px-2 py-1 text-xs">
                {t('stock.edit')}
              </Link>
            ),
          },
        ]
      : []),
    {
      key: 'category',
      header: t('stock.category'),
      sortKey: 'category_name',
      cell: (row) => row.category_name ?? '–',
    },
    ...(can.seePrice
      ? [
          {
            key: 'price',
            header: t('stock.vendorPrice'),
            sortKey: 'vendor_price',
            align: 'right' as const,
            cell: (row: StockRow) => formatMoney(row.vendor_price, 'IDR '),
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {t('nav.stock')}
        </h1>
        <div className="flex flex-wrap gap-2">
          {can.update ? (
            <a href="/stock/template?kind=price" className="btn-secondary" download>
              {t('stock.priceTemplate')}
            </a>
          ) : null}
          {can.create ? (
            <Link to="/stock/create" className="btn-primary">
              {t('stock.add')}
            </Link>
          ) : null}
          <a href={`/stock/export?${params.toString()}`} className="btn-secondary" download>
            {t('stock.export')}
          </a>
        </div>
      </div>
      {can.update ? <ImportForm kind="price" formKey={formKey} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="card p-4">
          <p className="text-sm text-slate-600">{t('stock.averageInStockRate')}</p>
          <p className="text-2xl font-semibold tabular-nums">
            <Figure value={inStockRate.current_period} suffix="%" />
          </p>
        </div>
        <div className="card p-4">
          <p className="text-sm text-slate-600">{t('stock.unitsSold')}</p>
          <p className="text-2xl font-semibold tabular-nums">
            {formatNumber(unitsSold.current_period ?? 0, 0)}
          </p>
        </div>
      </div>
      <ListFilters
        searchLabel={t('stock.search')}
        dates={false}
        multiSelects={[{ name: 'vendor', label: t('stock.vendor'), options: vendors }]}
      >
        <div>
          <label htmlFor="filter-category" className="block text-sm font-medium text-slate-700">
            {t('stock.category')}
          </label>
          <select
            id="filter-category"
            name="category"
            defaultValue={params.get('category') ?? ''}
            className="input mt-1"
          >
            <option value="">{t('filters.all')}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {`${'— '.repeat(category.depth)}${category.name}`}
              </option>
            ))}
          </select>
        </div>
      </ListFilters>
      <DataTable caption={t('stock.caption')} rowKey={(row) => row.id} rows={stock.data} columns={columns} />
      <Pagination meta={stock.meta} />
    </section>
  );
}
