import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '~/components/status-badge';
import { ProductLines, toProductLine } from './product-lines';
import { formatDateTime, formatMoney } from '~/lib/format';
import type { Order } from '~/lib/upstream/orders.server';

type SerializedOrder = Order;

/** The order detail's total: Σ line totals − grand_total_return. */
export function orderTotal(order: Pick<SerializedOrder, 'order_products' | 'grand_total_return'>) {
  return (
    order.order_products.reduce((sum, line) => sum + line.total_price, 0) - (order.grand_total_return ?? 0)
  );
}

/**
 * The recipient's address once: the marketplace's full address usually carries the sub-district, city,
 * province and postal code already, so only the parts it lacks are added.
 */
export function recipientAddress(invoice: SerializedOrder['invoice']) {
  const full = invoice?.recipient_address_full?.trim() ?? '';
  const parts: string[] = [];
  for (const part of [
    invoice?.recipient_sub_district,
    invoice?.recipient_city,
    invoice?.recipient_province,
    invoice?.recipient_postal_code,
  ]) {
    const text = part?.trim();
    if (text && !full.toLowerCase().includes(text.toLowerCase())) parts.push(text);
  }
  return [full, ...parts].filter(Boolean).join(', ');
}

export function OrderSummary({
  order,
  showShipping,
  shippingMethods = [],
  brandSide = true,
}: {
  order: SerializedOrder;
  showShipping: boolean;
  /** The couriers switched on for the order's channel. */
  shippingMethods?: string[];
  /** Brand-side users follow the invoice and a replaced order; a vendor may open neither, so sees no link. */
  brandSide?: boolean;
}) {
  const { t } = useTranslation();
  const invoice = order.invoice;
  const vouchers = invoice?.vouchers ?? [];
  const photos = [...(order.delivery_photos ?? []), ...(order.delivered_photos ?? [])];
  return (
    <div className="space-y-6">
      <dl className="card grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item label={t('order.number')} value={order.number} />
        <Item
          label={t('order.invoice')}
          value={
            order.invoice_id && brandSide ? (
              <Link to={`/invoice/${order.invoice_id}`} className="text-brand-700 hover:underline">
                {invoice?.external_number}
              </Link>
            ) : (
              (invoice?.external_number ?? '–')
            )
          }
        />
        <Item label={t('order.vendor')} value={order.vendor?.name ?? '–'} />
        <Item label={t('header.brand')} value={order.brand?.name ?? '–'} />
        <Item label={t('order.status')} value={<StatusBadge status={order.status} />} />
        <Item label={t('order.transactionDate')} value={formatDateTime(order.date ?? order.created_at)} />
        <Item
          label={t('order.voucher')}
          value={vouchers.length ? vouchers.map((voucher) => voucher.name).join(', ') : '–'}
        />
        {order.ref_order_number ? (
          <Item
            label={t('order.refOrder')}
            value={
              order.ref_order_id && brandSide ? (
                <Link to={`/order/${order.ref_order_id}`} className="text-brand-700 hover:underline">
                  {order.ref_order_number}
                </Link>
              ) : (
                order.ref_order_number
              )
            }
          />
        ) : null}
        {showShipping && order.shipping_number ? (
          <>
            <Item label={t('order.shippingNumber')} value={order.shipping_number} />
            <Item label={t('order.receiverName')} value={order.receiver_name ?? '–'} />
            <Item
              label={t('order.photos')}
              value={
                photos.length ? (
                  <span className="flex flex-wrap gap-2">
                    {photos.map((photo) => (
                      <a key={photo.id} href={photo.url} target="_blank" rel="noreferrer">
                        <img
                          src={photo.url}
                          alt={t('order.photo')}
                          className="h-16 w-16 rounded object-cover"
                        />
                      </a>
                    ))}
                  </span>
                ) : (
                  '–'
                )
              }
            />
          </>
        ) : null}
      </dl>

      <section aria-labelledby="products-title" className="card space-y-3">
        <h2 id="products-title" className="text-lg font-semibold">
          {t('order.products')}
        </h2>
        <ProductLines
          caption={t('order.products')}
          lines={order.order_products.map((line) => toProductLine(line, <ReturnBadge line={line} />))}
          footer={[
            ...(order.grand_total_return
              ? [
                  {
                    label: t('order.returned'),
                    value: `−${formatMoney(order.grand_total_return, 'IDR ')}`,
                    tone: 'negative' as const,
                  },
                ]
              : []),
            {
              label: t('order.total'),
              value: formatMoney(orderTotal(order), 'IDR '),
              tone: 'strong' as const,
            },
          ]}
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="recipient-title" className="card space-y-2">
          <h2 id="recipient-title" className="text-lg font-semibold">
            {t('order.recipient')}
          </h2>
          <p className="font-medium">{invoice?.recipient_name ?? '–'}</p>
          <p className="text-sm text-slate-600">{invoice?.recipient_mobile_phone}</p>
          <p className="text-sm text-slate-600">{recipientAddress(invoice)}</p>
          <p className="text-sm text-slate-600">
            {t('order.deliveryType')}: {invoice?.delivery_type ?? '–'}
          </p>
          <p className="text-sm text-slate-600">
            {t('order.shippingMethods')}: {shippingMethods.length ? shippingMethods.join(', ') : '–'}
          </p>
        </section>
        <section aria-labelledby="activity-title" className="card space-y-2">
          <h2 id="activity-title" className="text-lg font-semibold">
            {t('order.activity')}
          </h2>
          <ol className="space-y-2 border-l border-slate-200 pl-4">
            {(order.order_activities ?? []).map((activity, index) => (
              <li key={`${activity.timestamp}-${index}`} className="text-sm">
                <time className="block text-xs text-slate-500">{formatDateTime(activity.timestamp)}</time>
                {activity.message}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

function ReturnBadge({ line }: { line: Order['order_products'][number] }) {
  const { t } = useTranslation();
  if (!line.quantity_return) return null;
  const notes = (line.replaced_order_products ?? []).map((replaced) => replaced.note).filter(Boolean);
  return (
    <span title={notes.join('\n')} className="ml-2 rounded bg-red-100 px-1.5 text-xs text-red-800">
      {t('order.returnBadge', { count: line.quantity_return })}
      {notes.length ? <span className="sr-only">: {notes.join('; ')}</span> : null}
    </span>
  );
}

function Item({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm">{value}</dd>
    </div>
  );
}
