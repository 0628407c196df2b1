import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '~/lib/format';

export type ProductLine = {
  id: number;
  name: string;
  sku: string;
  quantity: number;
  price: number;
  total: number;
  badge?: ReactNode;
};

/**
 * The product lines of an order, an invoice's order or an offer, with optional footer rows (returns, totals). At
 * phone width the SKU moves under the name and the unit price goes, so quantity and total stay in view.
 */
export function ProductLines({
  caption,
  lines,
  footer = [],
}: {
  caption: string;
  lines: ProductLine[];
  footer?: { label: string; value: string; tone?: 'negative' | 'strong' }[];
}) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left">
            <th scope="col" className="py-2 pr-4">
              {t('order.product')}
            </th>
            <th scope="col" className="hidden py-2 pr-4 sm:table-cell">
              SKU
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t('order.quantity')}
            </th>
            <th scope="col" className="hidden py-2 pr-4 text-right sm:table-cell">
              {t('order.price')}
            </th>
            <th scope="col" className="py-2 text-right">
              {t('order.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-b border-slate-100">
              <td className="py-2 pr-4">
                {line.name}
                {line.badge}
                <span className="block text-xs text-slate-500 sm:hidden">{line.sku}</span>
              </td>
              <td className="hidden py-2 pr-4 sm:table-cell">{line.sku}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{line.quantity}</td>
              <td className="hidden py-2 pr-4 text-right tabular-nums sm:table-cell">
                {formatMoney(line.price, 'IDR ')}
              </td>
              <td className="whitespace-nowrap py-2 text-right tabular-nums">
                {formatMoney(line.total, 'IDR ')}
              </td>
            </tr>
          ))}
        </tbody>
        {footer.length ? (
          <tfoot>
            {footer.map((row) => (
              <tr key={row.label}>
                {/* Four columns before the amount, two at phone width where SKU and price are not shown. */}
                {[4, 2].map((span) => (
                  <th
                    key={span}
                    scope="row"
                    colSpan={span}
                    className={`py-2 pr-4 text-right ${span === 4 ? 'hidden sm:table-cell' : 'sm:hidden'} ${row.tone === 'strong' ? '' : 'font-normal text-slate-600'}`}
                  >
                    {row.label}
                  </th>
                ))}
                <td
                  className={`whitespace-nowrap py-2 text-right tabular-nums ${row.tone === 'negative' ? 'text-red-700' : ''} ${row.tone === 'strong' ? 'font-semibold' : ''}`}
                >
                  {row.value}
                </td>
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

type UpstreamLine = {
  id: number;
  quantity: number;
  price: number;
  total_price?: number;
  invoice_product?: { product?: { name: string; sku: string } | null } | null;
};

/** An upstream order or offer line as a table line. */
export function toProductLine(line: UpstreamLine, badge?: ReactNode): ProductLine {
  return {
    id: line.id,
    name: line.invoice_product?.product?.name ?? '–',
    sku: line.invoice_product?.product?.sku ?? '–',
    quantity: line.quantity,
    price: line.price,
    total: line.total_price ?? line.price * line.quantity,
    badge,
  };
}
