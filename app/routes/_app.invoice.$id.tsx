import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ChannelLogo } from '~/components/channel-logo';
import { ProductLines, toProductLine } from '~/components/order/product-lines';
import { StatusBadge } from '~/components/status-badge';
import { customerHref } from '~/lib/customer-href';
import { formatDateTime, formatMoney } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { requireScope } from '~/lib/scope.server';
import { invoiceApi } from '~/lib/upstream/invoices.server';
import { pathId } from '~/lib/record-id';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context, 'invoice.list');
  if (scope.kind !== 'brand') throw redirect('/');
  const id = pathId(params.id);
  return json({ invoice: await invoiceApi.show(api, { brandId: scope.id, id }) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle({ matches, page: 'invoice', name: data?.invoice.external_number }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function InvoiceDetailPage() {
  const { invoice } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const facts: [string, React.ReactNode][] = [
    [t('invoice.number'), invoice.external_number],
    [
      t('invoice.customer'),
      invoice.customer_name ? (
        <Link to={customerHref(invoice)} className="text-brand-700 hover:underline">
          {invoice.customer_name}
        </Link>
      ) : (
        '–'
      ),
    ],
    [t('order.status'), <StatusBadge key="status" status={invoice.status} />],
    [t('order.transactionDate'), formatDateTime(invoice.date ?? invoice.created_at)],
    [
      t('order.channel'),
      <span key="channel" className="inline-flex items-center gap-2">
        <ChannelLogo name={invoice.channel_name} />
        {invoice.channel_name ?? '–'}
      </span>,
    ],
    [t('invoice.paymentMethod'), invoice.payment_method ?? '–'],
    [t('invoice.paymentDate'), formatDateTime(invoice.payment_date)],
    [t('order.deliveryType'), invoice.delivery_type ?? '–'],
    [t('invoice.shippingCost'), formatMoney(invoice.shipping_cost ?? 0, 'IDR ')],
    [t('invoice.insuranceCost'), formatMoney(invoice.insurance_cost ?? 0, 'IDR ')],
    [
      t('invoice.itemsTotal', { count: invoice.total_product ?? 0 }),
      formatMoney(invoice.subtotal ?? 0, 'IDR '),
    ],
    [t('invoice.discount'), formatMoney(invoice.voucher_amount ?? 0, 'IDR ')],
    [t('invoice.cashback'), formatMoney(invoice.cashback_amount ?? 0, 'IDR ')],
    [t('invoice.grandTotal'), formatMoney(invoice.grand_total, 'IDR ')],
  ];
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/invoice" className="hover:underline">
          {t('nav.invoice')}
        </Link>{' '}
        / <span>{invoice.external_number}</span>
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {invoice.external_number}
      </h1>
      <dl className="card grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="mt-1 text-sm">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="shipping-title" className="card space-y-1">
        <h2 id="shipping-title" className="text-lg font-semibold">
          {t('invoice.shipping')}
        </h2>
        <p className="font-medium">{invoice.recipient_name}</p>
        <p className="text-sm text-slate-600">{invoice.recipient_mobile_phone}</p>
        <p className="text-sm text-slate-600">{invoice.recipient_address_full}</p>
      </section>
      {invoice.orders?.length ? (
        invoice.orders.map((order) => (
          <section key={order.id} aria-label={order.number} className="card space-y-3">
            <div className="flex flex-wrap items-center gap-3">
              <Link to={`/order/${order.id}`} className="font-semibold text-brand-700 hover:underline">
                {order.number}
              </Link>
              <span className="text-sm text-slate-600">{order.vendor?.name}</span>
              <StatusBadge status={order.status} />
              <span className="text-sm text-slate-500">{formatDateTime(order.created_at)}</span>
            </div>
            <ProductLines
              caption={order.number}
              lines={(order.order_products ?? []).map((line) => toProductLine(line))}
              footer={[
                {
                  label: t('invoice.subtotal'),
                  value: formatMoney(
                    (order.order_products ?? []).reduce((sum, line) => sum + line.total_price, 0),
                    'IDR ',
                  ),
                  tone: 'strong',
                },
              ]}
            />
            <details>
              <summary className="cursor-pointer text-sm text-brand-700">{t('order.activity')}</summary>
              <ol className="mt-2 space-y-1 border-l border-slate-200 pl-4 text-sm">
                {(order.order_activities ?? []).map((activity, index) => (
                  <li key={index}>
                    <time className="block text-xs text-slate-500">{formatDateTime(activity.timestamp)}</time>
                    {activity.message}
                  </li>
                ))}
              </ol>
            </details>
          </section>
        ))
      ) : (
        <section aria-labelledby="offers-title" className="card space-y-2">
          <h2 id="offers-title" className="text-lg font-semibold">
            {t('invoice.offers')}
          </h2>
          {invoice.invoice_offer_logs?.length ? (
            <ul className="space-y-1 text-sm">
              {invoice.invoice_offer_logs.map((offer, index) => (
                <li key={index}>
                  {offer.vendor?.name} ·{' '}
                  <span className="text-slate-500">{formatDateTime(offer.created_at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{t('table.empty')}</p>
          )}
        </section>
      )}
    </section>
  );
}
