import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { formatDateTime, formatMoney } from '~/lib/format';
import { printRequest } from '~/lib/print';
import { requireScope } from '~/lib/scope.server';
import { orderApi, type Order } from '~/lib/upstream/orders.server';
import { orderTotal } from '~/components/order/order-summary';

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
          <dd>{order.invoice?.recipient_address_full}</dd>
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
          {kind === 'invoice' && order.invoice?.shipping_cost ? (
            <tr>
              <td colSpan={4} className="py-1 text-right">
                Ongkos kirim
              </td>
              <td className="py-1 text-right">{formatMoney(order.invoice.shipping_cost, 'IDR ')}</td>
            </tr>
          ) : null}
          <tr className="font-semibold">
            <td colSpan={4} className="py-1 text-right">
              Total
            </td>
            <td className="py-1 text-right">
              {formatMoney(
                orderTotal(order) + (kind === 'invoice' ? (order.invoice?.shipping_cost ?? 0) : 0),
                'IDR ',
              )}
            </td>
          </tr>
        </tfoot>
      </table>
    </>
  );
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
        <p>
          {[
            invoice?.recipient_address_full,
            invoice?.recipient_sub_district,
            invoice?.recipient_city,
            invoice?.recipient_province,
            invoice?.recipient_postal_code,
          ]
            .filter(Boolean)
            .join(', ')}
        </p>
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
