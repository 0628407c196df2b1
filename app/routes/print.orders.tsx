import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '~/lib/format';
import { printRequest } from '~/lib/print';
import { requireScope } from '~/lib/scope.server';
import { orderApi, type Order } from '~/lib/upstream/orders.server';
import { orderTotal, recipientAddress } from '~/components/order/order-summary';

/** Printable HTML of one or more orders; the PDF routes render this page in Chromium. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context);
  const { kind, ids } = printRequest(new URL(request.url));
  const orders = await Promise.all(ids.map((id) => orderApi.show(api, { scope, id })));
  return json({ kind, orders });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.orders.map((order) => order.number).join(', ') ?? 'Print' },
];

export default function PrintOrders() {
  const { kind, orders } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="bg-white p-6 text-sm text-slate-900">
      {orders.map((order, index) => (
        <article key={order.id} className={index > 0 ? 'break-before-page pt-6' : ''}>
          <header className="mb-4 flex items-start justify-between border-b border-slate-300 pb-3">
            <div>
              <h1 className="text-xl font-bold">{t(`orderPrint.title.${kind}`)}</h1>
              <p className="text-base font-semibold">{order.number}</p>
              <p>{formatDateTime(order.date ?? order.created_at)}</p>
            </div>
            <div className="text-right">
              <p className="font-semibold">{order.brand?.name}</p>
              <p>{(order.brand as { address?: string } | null | undefined)?.address}</p>
              <p>{(order.brand as { telephone?: string } | null | undefined)?.telephone}</p>
            </div>
          </header>
          {kind === 'slip' ? <Slip order={order} /> : <Lines order={order} kind={kind} />}
        </article>
      ))}
    </main>
  );
}

function Lines({ order, kind }: { order: Order; kind: 'sales' | 'invoice' }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="mb-4 grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-slate-500">{t('orderPrint.invoice')}</dt>
          <dd>{order.invoice?.external_number}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('orderPrint.vendor')}</dt>
          <dd>{order.vendor?.name}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('orderPrint.recipient')}</dt>
          <dd>
            {order.invoice?.recipient_name} · {order.invoice?.recipient_mobile_phone}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('orderPrint.address')}</dt>
          <dd>{recipientAddress(order.invoice)}</dd>
        </div>
      </dl>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-slate-400 text-left">
            <th className="py-1">{t('orderPrint.product')}</th>
            <th className="py-1">SKU</th>
            <th className="py-1 text-right">{t('orderPrint.quantity')}</th>
            <th className="py-1 text-right">{t('orderPrint.price')}</th>
            <th className="py-1 text-right">{t('orderPrint.total')}</th>
          </tr>
        </thead>
        <tbody>
          {order.order_products.map((line) => (
            <tr key={line.id} className="border-b border-slate-200">
              <td className="py-1">{line.invoice_product?.product.name}</td>
              <td className="py-1">{line.invoice_product?.product.sku}</td>
              <td className="py-1 text-right">{line.quantity}</td>
              <td className="py-1 text-right">{formatMoney(line.price, 'IDR ')}</td>
              <td className="py-1 text-right">{formatMoney(line.total_price, 'IDR ')}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.grand_total_return ? (
            <tr>
              <td colSpan={4} className="py-1 text-right">
                {t('orderPrint.returned')}
              </td>
              <td className="py-1 text-right">−{formatMoney(order.grand_total_return, 'IDR ')}</td>
            </tr>
          ) : null}
          {kind === 'invoice'
            ? invoiceCharges(order).map(([label, amount]) => (
                <tr key={label}>
                  <td colSpan={4} className="py-1 text-right">
                    {t(`orderPrint.${label}`)}
                  </td>
                  <td className="py-1 text-right">
                    {amount < 0 ? `−${formatMoney(-amount, 'IDR ')}` : formatMoney(amount, 'IDR ')}
                  </td>
                </tr>
              ))
            : null}
          <tr className="font-semibold">
            <td colSpan={4} className="py-1 text-right">
              {t(kind === 'invoice' ? 'orderPrint.grandTotal' : 'orderPrint.total')}
            </td>
            <td className="py-1 text-right">
              {formatMoney(kind === 'invoice' ? invoiceTotal(order) : orderTotal(order), 'IDR ')}
            </td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}

/**
 * What the invoice adds to the order's lines, as the invoice page lists it: shipping, insurance and the voucher
 * discount (cashback is paid back later, so it is not taken off), by their `orderPrint.*` labels.
 */
function invoiceCharges(order: Order): ['shipping' | 'insurance' | 'discount', number][] {
  const invoice = order.invoice;
  const charges: ['shipping' | 'insurance' | 'discount', number][] = [
    ['shipping', invoice?.shipping_cost ?? 0],
    ['insurance', invoice?.insurance_cost ?? 0],
    ['discount', -(invoice?.voucher_amount ?? 0)],
  ];
  return charges.filter(([, amount]) => amount !== 0);
}

/** The printed grand total: the order's lines net of returns plus the invoice's charges, as the invoice page's. */
function invoiceTotal(order: Order) {
  return invoiceCharges(order).reduce((sum, [, amount]) => sum + amount, orderTotal(order));
}

function Slip({ order }: { order: Order }) {
  const { t } = useTranslation();
  const invoice = order.invoice;
  const items = order.order_products.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <div className="grid grid-cols-2 gap-4 border border-slate-400 p-4">
      <div>
        <p className="text-xs text-slate-500">{t('orderPrint.to')}</p>
        <p className="font-semibold">{invoice?.recipient_name}</p>
        <p>{invoice?.recipient_mobile_phone}</p>
        <p>{recipientAddress(invoice)}</p>
      </div>
      <div>
        <p className="text-xs text-slate-500">{t('orderPrint.from')}</p>
        <p className="font-semibold">{order.vendor?.name}</p>
        <p className="mt-2 text-xs text-slate-500">{t('orderPrint.courier')}</p>
        <p>{invoice?.delivery_type ?? '–'}</p>
        <p className="mt-2 text-xs text-slate-500">{t('orderPrint.trackingNumber')}</p>
        <p>{order.shipping_number ?? '–'}</p>
      </div>
      <p className="col-span-2 border-t border-slate-300 pt-2">
        {order.number} · {invoice?.external_number} · {t('orderPrint.slipItems', { count: items })}
      </p>
    </div>
  );
}
