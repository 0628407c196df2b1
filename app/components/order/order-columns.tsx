import { Link } from '@remix-run/react';
import type { Side } from '../../../contract/access';
import { useTranslation } from 'react-i18next';
import { ChannelLogo } from '~/components/channel-logo';
import type { Column } from '~/components/data-table';
import { DateTime } from '~/components/date-time';
import { StatusBadge } from '~/components/status-badge';
import { formatDateTime, formatMoney } from '~/lib/format';
import type { OrderItemRow, OrderRow } from '~/lib/upstream/orders.server';

/**
 * The order list's columns. A brand sees every order's total, invoice, vendor, channel and the row's steps; a
 * vendor ticks orders for the bulk step instead, and sees the pre-order deadline on a phone too.
 */
export function useOrderColumns(kind: Side): Column<OrderRow>[] {
  const { t } = useTranslation();
  const number: Column<OrderRow> = {
    key: 'number',
    header: t('order.number'),
    sortKey: 'number',
    cell: (row) => (
      <Link to={`/order/${row.id}`} className="font-medium text-brand-700 hover:underline">
        {row.number}
      </Link>
    ),
  };
  const created: Column<OrderRow> = {
    key: 'created',
    header: t('order.createdAt'),
    sortKey: 'created_at',
    wrap: true,
    cell: (row) => <DateTime value={row.created_at} />,
  };
  const status: Column<OrderRow> = {
    key: 'status',
    header: t('order.status'),
    cell: (row) => <StatusBadge status={row.status} />,
  };
  const updated: Column<OrderRow> = {
    key: 'updated',
    header: t('order.updatedAt'),
    sortKey: 'updated_at',
    wrap: true,
    phone: 'hide',
    cell: (row) => <DateTime value={row.updated_at} />,
  };
  const preorder: Column<OrderRow> = {
    key: 'preorder',
    header: t('order.preorder'),
    wrap: true,
    cell: (row) => <Preorder row={row} />,
  };
  if (kind === 'vendor') {
    const select: Column<OrderRow> = {
      key: 'select',
      header: t('order.select'),
      cell: (row) => (
        <input
          type="checkbox"
          name="order_ids"
          value={row.id}
          form="bulk-orders"
          aria-label={t('order.selectOrder', { number: row.number })}
        />
      ),
    };
    return [select, number, created, status, preorder, updated];
  }
  return [
    number,
    created,
    {
      key: 'total',
      header: t('order.total'),
      sortKey: 'grand_total',
      align: 'right',
      cell: (row) => formatMoney(row.grand_total - (row.grand_total_return ?? 0), 'IDR '),
    },
    status,
    updated,
    {
      key: 'invoice',
      header: t('order.invoice'),
      wrap: true,
      cell: (row) =>
        row.invoice_id ? (
          <Link to={`/invoice/${row.invoice_id}`} className="text-brand-700 hover:underline">
            {row.invoice_external_number}
          </Link>
        ) : (
          '–'
        ),
    },
    { key: 'vendor', header: t('order.vendor'), wrap: true, cell: (row) => row.vendor_name ?? '–' },
    { key: 'channel', header: t('order.channel'), cell: (row) => <ChannelLogo name={row.channel_name} /> },
    { ...preorder, phone: 'hide' },
    {
      key: 'actions',
      header: t('order.actions'),
      cell: (row) =>
        row.can_change_vendor || row.can_replace_product ? (
          <span className="flex gap-2">
            {row.can_change_vendor ? (
              <Link to={`/order/${row.id}?modal=change-vendor`} className="btn-secondary px-2 py-1 text-xs">
                {t('order.changeVendor')}
              </Link>
            ) : null}
            {row.can_replace_product ? (
              <Link to={`/order/${row.id}?modal=return`} className="btn-secondary px-2 py-1 text-xs">
                {t('order.return')}
              </Link>
            ) : null}
          </span>
        ) : null,
    },
  ];
}

/** The item view's columns: one row per order line, with the line's own return step. */
export function useOrderItemColumns(): Column<OrderItemRow>[] {
  const { t } = useTranslation();
  return [
    { key: 'product', header: t('order.product'), cell: (row) => row.product_name },
    { key: 'category', header: t('order.category'), cell: (row) => row.category_name ?? '–' },
    {
      key: 'order',
      header: t('order.number'),
      cell: (row) => (
        <Link to={`/order/${row.order_id}`} className="text-brand-700 hover:underline">
          {row.order_number}
        </Link>
      ),
    },
    {
      key: 'total',
      header: t('order.total'),
      align: 'right',
      cell: (row) => formatMoney(row.total_price, 'IDR '),
    },
    {
      key: 'status',
      header: t('order.status'),
      cell: (row) => <StatusBadge status={row.order_status} />,
    },
    {
      key: 'actions',
      header: t('order.actions'),
      cell: (row) =>
        row.can_replace_product ? (
          <Link
            to={`/order/${row.order_id}?modal=return&line=${row.id}`}
            className="btn-secondary px-2 py-1 text-xs"
            aria-label={t('order.returnLine', { product: row.product_name })}
          >
            {t('order.return')}
          </Link>
        ) : null,
    },
  ];
}

function Preorder({ row }: { row: OrderRow }) {
  const { t } = useTranslation();
  if (!row.invoice_preorder_deadline) return <>–</>;
  return (
    <span className="flex items-center gap-2">
      {formatDateTime(row.invoice_preorder_deadline)}
      {row.invoice_preorder_process_day ? (
        <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-800">
          {t('order.preorderDays', { days: row.invoice_preorder_process_day })}
        </span>
      ) : null}
    </span>
  );
}
