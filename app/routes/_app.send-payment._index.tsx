import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useDeleteLinks } from '~/components/confirm-dialog';
import { DataTable } from '~/components/data-table';
import { ListFilters, MultiSelect } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { requireCsrf } from '~/lib/csrf.server';
import { formatDay, formatMoney } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { requirePaymentStaff, voucherActions } from '~/lib/payment-access.server';
import { paymentListQuery } from '~/lib/payment-list.server';
import { requireScope } from '~/lib/scope.server';
import { accountApi } from '~/lib/upstream/account.server';
import { optionsApi } from '~/lib/upstream/options.server';
import { paymentApi } from '~/lib/upstream/payments.server';
import { readForm } from '~/lib/forms.server';
import { deleteFromList } from '~/lib/settings/delete.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireScope(request, context);
  requirePaymentStaff(user);
  const url = new URL(request.url);
  const query = paymentListQuery(url);
  const [vouchers, brands, channels] = await Promise.all([
    paymentApi.list(api, { query }),
    accountApi.brands(api, { per_page: 1000 }).then((page) => page.data),
    optionsApi.channels(api, { brandId: scope.id }),
  ]);
  // The vendors of the brands filtered on, or of the brand the user works in.
  const vendorBrands = (query.brand as string[] | undefined)?.map(Number) ?? [scope.id];
  const vendorLists = await Promise.all(
    vendorBrands.slice(0, 20).map((brandId) => optionsApi.vendors(api, { brandId })),
  );
  const vendors = [...new Map(vendorLists.flat().map((vendor) => [vendor.id, vendor])).values()].sort(
    (a, b) => a.name.localeCompare(b.name),
  );
  const deleting = Number(url.searchParams.get('delete')) || null;
  return json({ vouchers, brands, channels, vendors, deleting, can: voucherActions(user) });
}

/** Delete, after the confirmation dialog: the list starts again from its first page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api } = await requireScope(request, context);
  requirePaymentStaff(user);
  return deleteFromList(request, formData, async (id) => {
    // The spec's delete names the voucher's brand; it is read from the voucher, never from the form.
    const { brand_id: brandId } = await paymentApi.show(api, { id });
    await paymentApi.remove(api, { id, brandId });
  });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'payments' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function VoucherListPage() {
  const { vouchers, brands, channels, vendors, deleting, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { closeTo, hrefOf: deleteHref } = useDeleteLinks();
  const target = vouchers.data.find((row) => row.id === deleting);
  const exportParams = new URLSearchParams(params);
  for (const name of ['delete', 'page']) exportParams.delete(name);

  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {t('nav.payment')}
        </h1>
        <div className="flex gap-2">
          <a href={`/send-payment/export?${exportParams.toString()}`} className="btn-secondary" download>
            {t('order.export')}
          </a>
          {can.create ? (
            <Link to="/send-payment/create" className="btn-primary">
              {t('payment.create')}
            </Link>
          ) : null}
        </div>
      </div>
      <ListFilters
        searchLabel={t('payment.search')}
        multiSelects={[
          { name: 'vendor', label: t('payment.vendor'), options: vendors },
          { name: 'channel', label: t('order.channel'), options: channels },
        ]}
      >
        <MultiSelect
          name="brand"
          label={t('payment.brand')}
          options={brands}
          selected={params.getAll('brand')}
        />
      </ListFilters>
      <DataTable
        caption={t('payment.caption')}
        rowKey={(row) => row.id}
        rows={vouchers.data}
        columns={[
          {
            key: 'number',
            header: t('payment.number'),
            sortKey: 'number',
            cell: (row) => (
              <Link to={`/send-payment/${row.id}`} className="font-medium text-brand-700 hover:underline">
                {row.number}
              </Link>
            ),
          },
          { key: 'vendor', header: t('payment.vendor'), sortKey: 'vendor', cell: (row) => row.vendor_name },
          { key: 'brand', header: t('payment.brand'), sortKey: 'brand', cell: (row) => row.brand_name },
          { key: 'date', header: t('payment.date'), sortKey: 'date', cell: (row) => formatDay(row.date) },
          {
            key: 'total',
            header: t('payment.total'),
            align: 'right',
            cell: (row) => formatMoney(row.total),
          },
          {
            key: 'actions',
            header: t('order.actions'),
            cell: (row) => (
              <span className="flex gap-2">
                <Link
                  to={`/send-payment/${row.id}`}
                  className="btn-secondary px-2 py-1 text-xs"
                  aria-label={t('payment.viewVoucher', { number: row.number })}
                >
                  {t('payment.view')}
                </Link>
                {can.destroy ? (
                  <Link
                    to={deleteHref(row.id)}
                    className="btn-secondary px-2 py-1 text-xs text-red-700"
                    aria-label={t('payment.deleteVoucher', { number: row.number })}
                    preventScrollReset
                  >
                    {t('payment.delete')}
                  </Link>
                ) : null}
              </span>
            ),
          },
        ]}
      />
      <Pagination meta={vouchers.meta} />
      {deleting && can.destroy ? (
        <ConfirmDialog
          title={t('payment.deleteTitle')}
          text={t('payment.deleteText', { number: target?.number ?? `#${deleting}` })}
          confirmLabel={t('payment.deleteConfirm')}
          closeTo={closeTo}
          intent="delete"
          fields={{ id: deleting }}
        />
      ) : null}
    </section>
  );
}
