import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
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

const TITLES = { sales: 'Cetak Penjualan', invoice: 'Invoice', slip: 'Slip Booking Non-Tunai' };

export default function PrintOrders() {
  const { kind, orders } = useLoaderData<typeof loader>();
  return (
    <main className="bg-white p-6 text-sm text-slate-900">
      {orders.map((order, index) => (
        <article key={order.id} className={index > 0 ? 'break-before-page pt-6' : ''}>
          <header className="mb-4 flex items-start justify-between border-b border-slate-300 pb-3">
            <div>
              <h1 className="text-xl font-bold">{TITLES[kind]}</h1>
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
  return (
    <>
      <dl className="mb-4 grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-slate-500">Invoice</dt>
          <dd>{order.invoice?.external_number}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Vendor</dt>
          <dd>{order.vendor?.name}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Penerima</dt>
          <dd>
            {order.invoice?.recipient_name} · {order.invoice?.recipient_mobile_phone}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Alamat</dt>
          <dd>{recipientAddress(order.invoice)}</dd>
        </div>
      </dl>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-slate-400 text-left">
            <th className="py-1">Produk</th>
            <th className="py-1">SKU</th>
            <th className="py-1 text-right">Jumlah</th>
            <th className="py-1 text-right">Harga</th>
            <th className="py-1 text-right">Total</th>
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
                Retur
              </td>
              <td className="py-1 text-right">−{formatMoney(order.grand_total_return, 'IDR ')}</td>
            </tr>
          ) : null}
          {kind === 'invoice'
            ? invoiceCharges(order).map(([label, amount]) => (
                <tr key={label}>
                  <td colSpan={4} className="py-1 text-right">
                    {label}
                  </td>
                  <td className="py-1 text-right">
                    {amount < 0 ? `−${formatMoney(-amount, 'IDR ')}` : formatMoney(amount, 'IDR ')}
                  </td>
                </tr>
              ))
            : null}
          <tr className="font-semibold">
            <td colSpan={4} className="py-1 text-right">
              {kind === 'invoice' ? 'Grand Total' : 'Total'}
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
 * discount (cashback is paid back later, so it is not taken off).
 */
function invoiceCharges(order: Order): [string, number][] {
  const invoice = order.invoice;
  const charges: [string, number][] = [
    ['Ongkos kirim', invoice?.shipping_cost ?? 0],
    ['Biaya asuransi', invoice?.insurance_cost ?? 0],
    ['Diskon', -(invoice?.voucher_amount ?? 0)],
  ];
  return charges.filter(([, amount]) => amount !== 0);
}

/** The printed grand total: the order's lines net of returns plus the invoice's charges, as the invoice page's. */
function invoiceTotal(order: Order) {
  return invoiceCharges(order).reduce((sum, [, amount]) => sum + amount, orderTotal(order));
}

function Slip({ order }: { order: Order }) {
  const invoice = order.invoice;
  const items = order.order_products.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <div className="grid grid-cols-2 gap-4 border border-slate-400 p-4">
      <div>
        <p className="text-xs text-slate-500">Kepada</p>
        <p className="font-semibold">{invoice?.recipient_name}</p>
        <p>{invoice?.recipient_mobile_phone}</p>
        <p>{recipientAddress(invoice)}</p>
      </div>
      <div>
        <p className="text-xs text-slate-500">Dari</p>
        <p className="font-semibold">{order.vendor?.name}</p>
        <p className="mt-2 text-xs text-slate-500">Kurir</p>
        <p>{invoice?.delivery_type ?? '–'}</p>
        <p className="mt-2 text-xs text-slate-500">No. resi</p>
        <p>{order.shipping_number ?? '–'}</p>
      </div>
      <p className="col-span-2 border-t border-slate-300 pt-2">
        {order.number} · {invoice?.external_number} · {items} barang · Non-tunai
      </p>
    </div>
  );
}
