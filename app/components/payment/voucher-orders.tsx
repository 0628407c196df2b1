import type { FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FieldError } from '~/components/field';
import { formatDate, formatMoney } from '~/lib/format';

type Line = {
  id: number;
  quantity_net: number;
  quantity_return: number;
  amount: number;
  invoice_product: { name: string | null; sku: string | null };
};

export type VoucherOrder = {
  id: number;
  number: string;
  completed_at: string | null;
  amount: number;
  invoice_external_number: string;
  order_products?: Line[];
};

function OrderLines({ order }: { order: VoucherOrder }) {
  const { t } = useTranslation();
  if (!order.order_products?.length) return null;
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-xs text-brand-700">{t('payment.viewProducts')}</summary>
      <table className="mt-1 min-w-full text-xs">
        <caption className="sr-only">{t('payment.productsOf', { number: order.number })}</caption>
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="py-1 pr-2">
              {t('order.product')}
            </th>
            <th scope="col" className="py-1 pr-2">
              SKU
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              {t('order.quantity')}
            </th>
            <th scope="col" className="py-1 text-right">
              {t('payment.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.order_products.map((line) => (
            <tr key={line.id}>
              <td className="py-1 pr-2">{line.invoice_product.name}</td>
              <td className="py-1 pr-2">{line.invoice_product.sku}</td>
              <td className="py-1 pr-2 text-right tabular-nums">
                {line.quantity_net}
                {line.quantity_return ? (
                  <span className="text-slate-500">
                    {' '}
                    ({t('payment.returned', { count: line.quantity_return })})
                  </span>
                ) : null}
              </td>
              <td className="py-1 text-right tabular-nums">{formatMoney(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * The voucher's orders as one table of the vendor's payable orders, each with a checkbox (ticked: on the
 * voucher), a running total, and a filter by completion date. Without JavaScript, select-all, clearing and the
 * filter are submits that keep what is ticked, and the total is the one of the last round trip; with it, the
 * header's checkbox ticks every row and the total follows each tick.
 */
export function VoucherOrders({
  orders,
  chosen,
  ordersField,
  fromField,
  toField,
}: {
  orders: VoucherOrder[];
  chosen: number[];
  ordersField: FieldMetadata<number[]>;
  fromField: FieldMetadata<string>;
  toField: FieldMetadata<string>;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [ticked, setTicked] = useState(() => new Set(chosen));
  const tick = (id: number, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const tickedOrders = orders.filter((order) => ticked.has(order.id));
  const total = tickedOrders.reduce((sum, order) => sum + order.amount, 0);
  const allTicked = orders.length > 0 && tickedOrders.length === orders.length;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor={fromField.id} className="block text-sm font-medium text-slate-700">
            {t('payment.completedFrom')}
          </label>
          <input
            id={fromField.id}
            name={fromField.name}
            type="date"
            defaultValue={fromField.initialValue}
            aria-invalid={fromField.errors ? true : undefined}
            className="input"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={toField.id} className="block text-sm font-medium text-slate-700">
            {t('payment.completedTo')}
          </label>
          <input
            id={toField.id}
            name={toField.name}
            type="date"
            defaultValue={toField.initialValue}
            aria-invalid={toField.errors ? true : undefined}
            aria-describedby={toField.errors ? toField.errorId : undefined}
            className="input"
          />
        </div>
        <button type="submit" name="intent" value="filter-orders" className="btn-secondary">
          {t('payment.filterOrders')}
        </button>
        {hydrated ? null : (
          <button type="submit" name="intent" value="select-all" className="btn-secondary">
            {t('payment.selectAllShown')}
          </button>
        )}
        <button type="submit" name="intent" value="clear-orders" className="btn-secondary">
          {t('payment.clearOrders')}
        </button>
      </div>
      <FieldError id={toField.errorId} errors={toField.errors} />
      <FieldError id={ordersField.errorId} errors={ordersField.errors} />
      {orders.length === 0 ? (
        <p className="text-sm text-slate-600">{t('payment.noPayableOrders')}</p>
      ) : (
        <div className="max-h-[28rem] overflow-auto rounded-md border border-slate-200">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{t('payment.payableOrders')}</caption>
            <thead className="sticky top-0 bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  {hydrated ? (
                    <input
                      type="checkbox"
                      checked={allTicked}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setTicked(new Set(on ? orders.map((order) => order.id) : []));
                      }}
                      aria-label={t('payment.selectAllShown')}
                    />
                  ) : (
                    <span className="sr-only">{t('payment.onVoucher')}</span>
                  )}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('payment.orderNumber')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('payment.invoiceNumber')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('payment.completedOn')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('payment.amount')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {orders.map((order) => {
                const index = chosen.indexOf(order.id);
                // By name, not getFieldList(): a form sent with one order comes back with a single value there,
                // which getFieldList() refuses by throwing.
                const orderErrors =
                  index >= 0 ? ordersField.allErrors?.[`${ordersField.name}[${index}]`] : undefined;
                const id = `voucher-order-${order.id}`;
                return (
                  <tr key={order.id} className={ticked.has(order.id) ? 'bg-brand-50' : undefined}>
                    <td className="px-3 py-2 align-top">
                      <input
                        id={id}
                        type="checkbox"
                        name={ordersField.name}
                        value={order.id}
                        checked={ticked.has(order.id)}
                        onChange={(event) => tick(order.id, event.currentTarget.checked)}
                        aria-describedby={orderErrors?.length ? `${id}-error` : undefined}
                      />
                    </td>
                    <td className="px-3 py-2 align-top">
                      <label htmlFor={id} className="font-medium">
                        {order.number}
                      </label>
                      {orderErrors?.length ? (
                        <p id={`${id}-error`} className="text-sm text-red-600" role="alert">
                          {t(orderErrors[0])}
                        </p>
                      ) : null}
                      <OrderLines order={order} />
                    </td>
                    <td className="px-3 py-2 align-top">{order.invoice_external_number}</td>
                    <td className="px-3 py-2 align-top">{formatDate(order.completed_at)}</td>
                    <td className="px-3 py-2 text-right align-top tabular-nums">
                      {formatMoney(order.amount)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="flex justify-between border-t border-slate-200 pt-3 font-semibold">
        <span>{t('payment.totalOf', { count: tickedOrders.length })}</span>
        <span aria-live="polite" aria-atomic="true" className="tabular-nums">
          {formatMoney(total)}
        </span>
      </p>
    </div>
  );
}
