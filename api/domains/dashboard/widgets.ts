import type { ZodTypeAny } from 'zod';
import type { OrderStatusCode } from '../../db/schema';
import { branchOptions } from './branch';
import { buyerCard, buyerChart, cityChart, cityTable, genderChart, paymentMethodChart } from './customer';
import {
  averageInStockRateCard,
  averageRunRateCard,
  averageWeeksOfSupplyCard,
  inStockRateCard,
  productTable,
} from './product';
import {
  averageSalesPriceCard,
  averageSalesPriceChart,
  gmvOf,
  invoiceCard,
  invoiceChart,
  NEW_ORDER,
  orderCountCard,
  orderCountChart,
  ordersOf,
  salesCard,
  salesChart,
  unitsOf,
} from './sales';
import type { SalesFigures } from './sales-rollup';
import { invoiceTable, orderTable } from './sales-tables';
import {
  branchPeriodOf,
  branchQuerySchema,
  periodOf,
  statusQuerySchema,
  statusTableQuerySchema,
  tableQuerySchema,
  widgetQuerySchema,
} from './schema';
import { summaryWidget } from './summary';
import { averageSlaCard, vendorTable } from './vendor';
import type { Side } from '../../../contract/access';
import type { RunInput, Widget } from './widget';

const BOTH: Side[] = ['brand', 'vendor'];

function widget<S extends ZodTypeAny>(
  path: string,
  summary: string,
  query: S,
  run: (input: RunInput<S>) => Promise<unknown>,
  sides: Side[] = BOTH,
): Widget {
  return { path, summary, sides, query, run: run as Widget['run'] };
}

/** Cards and charts answer `{ data }`; tables already are `{ data, meta }`. */
async function data(value: Promise<unknown>) {
  return { data: await value };
}

function statusesOf(query: { status?: OrderStatusCode[] }) {
  return query.status ?? NEW_ORDER;
}

const returnUnitsOf = (figures: SalesFigures) => figures.returnUnits;
const canceledOf = (figures: SalesFigures) => figures.canceled;

function gmvCard(path: string) {
  return widget(
    path,
    'GMV: grand total net of returns of live orders',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(salesCard(db, scope, periodOf(query, now), gmvOf)),
  );
}

function unitsCard(path: string) {
  return widget(path, 'Units sold, net of returns', widgetQuerySchema, ({ db, scope, query, now }) =>
    data(salesCard(db, scope, periodOf(query, now), unitsOf)),
  );
}

function gmvChart(path: string) {
  return widget(path, 'GMV per day', widgetQuerySchema, ({ db, scope, query, now }) =>
    data(salesChart(db, scope, periodOf(query, now), 'grand_total', gmvOf)),
  );
}

function unitsChart(path: string, field: 'total_sold_product' | 'total_order_product') {
  return widget(path, 'Units sold per day', widgetQuerySchema, ({ db, scope, query, now }) =>
    data(salesChart(db, scope, periodOf(query, now), field, unitsOf)),
  );
}

/** The product's dashboard widgets; the summary widget is built from them. */
const SPEC_WIDGETS: Widget[] = [
  widget(
    'customer/card',
    'Buyers in the range (new, regular and loyal)',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(buyerCard(db, scope, periodOf(query, now))),
  ),
  widget('customer/card/new-customer', 'New buyers', widgetQuerySchema, ({ db, scope, query, now }) =>
    data(buyerCard(db, scope, periodOf(query, now), ['new'])),
  ),
  widget(
    'customer/card/customer-regular',
    'Regular buyers (back after more than 30 days)',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(buyerCard(db, scope, periodOf(query, now), ['regular'])),
  ),
  widget(
    'customer/card/loyal-customer',
    'Loyal buyers (back within 30 days)',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(buyerCard(db, scope, periodOf(query, now), ['loyal'])),
  ),
  widget(
    'customer/chart/new-customer-period',
    'New buyers per day',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(buyerChart(db, scope, periodOf(query, now), 'new')),
  ),
  widget(
    'customer/chart/customer-regular-period',
    'Regular buyers per day',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(buyerChart(db, scope, periodOf(query, now), 'regular')),
  ),
  widget(
    'customer/chart/loyal-customer-period',
    'Loyal buyers per day',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(buyerChart(db, scope, periodOf(query, now), 'loyal')),
  ),
  widget(
    'customer/chart/customer-gender-period',
    'Buyers by gender',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(genderChart(db, scope, periodOf(query, now))),
  ),
  widget(
    'customer/chart/customer-payment-method',
    'Invoices by payment method',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(paymentMethodChart(db, scope, periodOf(query, now))),
  ),
  widget(
    'customer/chart/customer-city',
    'Invoices by buyer city',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(cityChart(db, scope, periodOf(query, now))),
  ),
  widget(
    'customer/table/customer-city',
    'Buyer performance by city (paged)',
    tableQuerySchema,
    ({ db, scope, query, now }) => cityTable(db, scope, periodOf(query, now), query),
  ),

  gmvCard('product/card/gross-margin'),
  unitsCard('product/card/sold-product'),
  widget(
    'product/card/in-stock-rate',
    'In-stock rate (%) of (product, day) pairs',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(inStockRateCard(db, scope, periodOf(query, now))),
  ),
  widget(
    'product/card/average-in-stock-rate',
    'Mean of the vendors’ in-stock rates (%)',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(averageInStockRateCard(db, scope, periodOf(query, now))),
  ),
  widget(
    'product/card/average-run-rate',
    'Average run rate (units per day over the last 7 days of the range)',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(averageRunRateCard(db, scope, periodOf(query, now))),
  ),
  widget(
    'product/card/average-weeks-of-supply',
    'Average weeks of supply at the end of the range',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(averageWeeksOfSupplyCard(db, scope, periodOf(query, now))),
  ),
  gmvChart('product/chart/gross-margin-period'),
  unitsChart('product/chart/sold-product-period', 'total_sold_product'),
  widget(
    'product/table/performance',
    'Product performance (paged)',
    tableQuerySchema,
    ({ db, scope, query, now }) => productTable(db, scope, periodOf(query, now), query),
  ),

  widget(
    'sales/card/order',
    'Live orders created in the range',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(salesCard(db, scope, periodOf(query, now), ordersOf)),
  ),
  unitsCard('sales/card/order-product'),
  gmvCard('sales/card/gross-margin'),
  widget(
    'sales/card/invoice',
    'Invoices in the statuses (default Pesanan Baru: new orders)',
    statusQuerySchema,
    ({ db, scope, query, now }) => data(invoiceCard(db, scope, periodOf(query, now), statusesOf(query))),
  ),
  widget(
    'sales/card/average-sales-price',
    'Average sales price: GMV ÷ units',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(averageSalesPriceCard(db, scope, periodOf(query, now))),
  ),
  widget(
    'sales/chart/invoice-period',
    'Invoices in the statuses per day',
    statusQuerySchema,
    ({ db, scope, query, now }) => data(invoiceChart(db, scope, periodOf(query, now), statusesOf(query))),
  ),
  gmvChart('sales/chart/gross-margin-period'),
  unitsChart('sales/chart/order-product-period', 'total_order_product'),
  widget(
    'sales/chart/average-sales-price',
    'Average sales price per day',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(averageSalesPriceChart(db, scope, periodOf(query, now))),
  ),
  widget(
    'sales/table/invoice',
    'Invoices in the statuses (default new orders), paged',
    statusTableQuerySchema,
    ({ db, scope, query, now }) => invoiceTable(db, scope, periodOf(query, now), statusesOf(query), query),
  ),
  widget(
    'sales/table/order',
    'The vendor’s orders in the statuses (default new), paged',
    statusTableQuerySchema,
    ({ db, scope, query, now }) => orderTable(db, scope, periodOf(query, now), statusesOf(query), query),
    ['vendor'],
  ),
  widget(
    'sales/card/new-order',
    'The vendor’s orders in the statuses (default new)',
    statusQuerySchema,
    ({ db, scope, query, now }) => data(orderCountCard(db, scope, periodOf(query, now), statusesOf(query))),
    ['vendor'],
  ),
  widget(
    'sales/chart/order-period',
    'The vendor’s orders in the statuses (default new) per day',
    statusQuerySchema,
    ({ db, scope, query, now }) => data(orderCountChart(db, scope, periodOf(query, now), statusesOf(query))),
    ['vendor'],
  ),

  gmvCard('vendor/card/gross-margin'),
  unitsCard('vendor/card/sold-product'),
  widget(
    'vendor/card/average-in-stock-rate',
    'Mean of the vendors’ in-stock rates (%)',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(averageInStockRateCard(db, scope, periodOf(query, now))),
  ),
  widget(
    'vendor/card/average-sla',
    'Mean hours from order creation to ready to deliver',
    widgetQuerySchema,
    ({ db, scope, query, now }) => data(averageSlaCard(db, scope, periodOf(query, now))),
  ),
  gmvChart('vendor/chart/gross-margin-period'),
  unitsChart('vendor/chart/sold-product-period', 'total_sold_product'),
  widget(
    'vendor/table/performance',
    'Vendor performance (paged)',
    tableQuerySchema,
    ({ db, scope, query, now }) => vendorTable(db, scope, periodOf(query, now), query),
  ),

  widget(
    'branch/card/gross-margin',
    'GMV of the branches’ vendors, against the compare range',
    branchQuerySchema,
    ({ db, scope, query, now }) => data(salesCard(db, scope, branchPeriodOf(query, now), gmvOf)),
    ['brand'],
  ),
  widget(
    'branch/card/sold-product',
    'Units sold by the branches’ vendors',
    branchQuerySchema,
    ({ db, scope, query, now }) => data(salesCard(db, scope, branchPeriodOf(query, now), unitsOf)),
    ['brand'],
  ),
  widget(
    'branch/card/canceled',
    'Orders canceled',
    branchQuerySchema,
    ({ db, scope, query, now }) => data(salesCard(db, scope, branchPeriodOf(query, now), canceledOf)),
    ['brand'],
  ),
  widget(
    'branch/card/returned',
    'Units returned',
    branchQuerySchema,
    ({ db, scope, query, now }) => data(salesCard(db, scope, branchPeriodOf(query, now), returnUnitsOf)),
    ['brand'],
  ),
  widget(
    'branch/chart/gross-margin-period',
    'GMV per day, range and compare range',
    branchQuerySchema,
    ({ db, scope, query, now }) =>
      data(salesChart(db, scope, branchPeriodOf(query, now), 'grand_total', gmvOf)),
    ['brand'],
  ),
  widget(
    'branch/options',
    'Branches: the cities of the vendors’ areas',
    widgetQuerySchema,
    ({ db, scope }) => data(branchOptions(db, scope)),
    ['brand'],
  ),
];

/** Every widget route: the spec's, and the summary dashboard's cards in one answer (summary.ts). */
export const WIDGETS: Widget[] = [...SPEC_WIDGETS, summaryWidget(SPEC_WIDGETS)];

export function widgetsOf(side: Side): Widget[] {
  return WIDGETS.filter((entry) => entry.sides.includes(side));
}
