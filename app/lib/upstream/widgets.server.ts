import { z, type ZodTypeAny } from 'zod';
import type { Scope } from '../scope.server';
import { scopePath } from '../scope.server';
import type { CardValue, Category, RankedRow, Series } from '../dashboard/types';
import { paged, type Query, type Upstream } from './client.server';
import { keptForUser } from './options.server';

/** A card: both periods (null when the figure cannot be measured, e.g. SLA without orders made ready). */
const cardSchema = z.object({
  current_period: z.number().nullable(),
  last_period: z.number().nullable(),
  percentage: z.number(),
  // Not a union of literals: a union records an issue for every member that does not match.
  direction: z.custom<0 | 1 | 2>((value) => value === 0 || value === 1 || value === 2),
});
const cardResponse = z.object({ data: cardSchema });

/** The summary dashboard's cards in one answer (`summary/card`): each card, null where its widget failed. */
const SUMMARY_KEYS = [
  'sales_gross_margin',
  'sales_new_orders',
  'sales_incoming_orders',
  'sales_order_product',
  'sales_average_sales_price',
  'vendor_gross_margin',
  'vendor_sold_product',
  'vendor_average_in_stock_rate',
  'vendor_average_sla',
  'product_gross_margin',
  'product_sold_product',
  'product_average_run_rate',
  'product_average_weeks_of_supply',
  'customer_new_customer',
  'customer_regular',
  'customer_loyal',
] as const;
export type SummaryCard = (typeof SUMMARY_KEYS)[number];
const summaryResponse = z.object({
  data: z.object(
    Object.fromEntries(SUMMARY_KEYS.map((key) => [key, cardSchema.nullable()])) as Record<
      SummaryCard,
      z.ZodNullable<typeof cardSchema>
    >,
  ),
});

export type CardWidget =
  | 'sales/card/gross-margin'
  | 'sales/card/order'
  | 'sales/card/order-product'
  | 'sales/card/invoice'
  | 'sales/card/average-sales-price'
  | 'sales/card/new-order'
  | 'product/card/gross-margin'
  | 'product/card/sold-product'
  | 'product/card/in-stock-rate'
  | 'product/card/average-in-stock-rate'
  | 'product/card/average-run-rate'
  | 'product/card/average-weeks-of-supply'
  | 'vendor/card/gross-margin'
  | 'vendor/card/sold-product'
  | 'vendor/card/average-in-stock-rate'
  | 'vendor/card/average-sla'
  | 'customer/card'
  | 'customer/card/new-customer'
  | 'customer/card/customer-regular'
  | 'customer/card/loyal-customer'
  | 'branch/card/gross-margin'
  | 'branch/card/sold-product'
  | 'branch/card/canceled'
  | 'branch/card/returned';

/** Each chart widget and the field its daily items carry. */
const CHART_FIELDS = {
  'sales/chart/invoice-period': 'total_invoice',
  'sales/chart/gross-margin-period': 'grand_total',
  'sales/chart/order-product-period': 'total_order_product',
  'sales/chart/average-sales-price': 'average_sales_price',
  'sales/chart/order-period': 'total_order',
  'product/chart/gross-margin-period': 'grand_total',
  'product/chart/sold-product-period': 'total_sold_product',
  'vendor/chart/gross-margin-period': 'grand_total',
  'vendor/chart/sold-product-period': 'total_sold_product',
  'customer/chart/new-customer-period': 'total_customer',
  'customer/chart/customer-regular-period': 'total_customer',
  'customer/chart/loyal-customer-period': 'total_customer',
  'branch/chart/gross-margin-period': 'grand_total',
} as const;
export type ChartWidget = keyof typeof CHART_FIELDS;

const numberValue = z.number();
const labelValue = z.string().nullable();

function seriesSchema(field: string) {
  const points = z
    .array(z.object({ date: z.string() }).catchall(z.unknown()))
    .transform((items) => items.map((item) => ({ date: item.date, value: numberValue.parse(item[field]) })));
  return z.object({ data: z.object({ current_period: points, last_period: points }) });
}
const seriesSchemas = Object.fromEntries(
  Object.entries(CHART_FIELDS).map(([path, field]) => [path, seriesSchema(field)]),
) as Record<ChartWidget, ReturnType<typeof seriesSchema>>;

/** Both periods of a ranked list (payment methods, cities), most first; an unknown key is null. */
function rankedSchema(key: string, value: string) {
  const rows = z.array(z.record(z.unknown())).transform((items) =>
    items.map((item) => ({
      label: labelValue.parse(item[key]),
      value: numberValue.parse(item[value]),
    })),
  );
  return z.object({ data: z.object({ current_period: rows, last_period: rows }) });
}
const paymentMethodsSchema = rankedSchema('payment_method', 'total_payment');
const citiesSchema = rankedSchema('city', 'total_order');

const genderCounts = z.object({ others: z.number(), male: z.number(), female: z.number() });
const genderSchema = z.object({
  data: z.object({ current_period: genderCounts, last_period: genderCounts }),
});
export type GenderCounts = z.infer<typeof genderCounts>;

export const invoiceRowSchema = z.object({
  id: z.number(),
  external_number: z.string(),
  created_at: z.string(),
  customer_name: z.string().nullable(),
  grand_total: z.number(),
  status: z.string(),
  status_code: z.string().nullable().optional(),
  channel_name: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const vendorOrderRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  created_at: z.string(),
  invoice_id: z.number().nullable(),
  external_number: z.string().nullable(),
  customer_name: z.string().nullable(),
  grand_total: z.number(),
  status: z.string(),
  status_code: z.string().nullable().optional(),
  channel_name: z.string().nullable(),
  brand_name: z.string().nullable(),
});
export type VendorOrderRow = z.infer<typeof vendorOrderRowSchema>;

export const productRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  category_name: z.string().nullable(),
  sku: z.string(),
  total_price: z.number(),
  total_sold: z.number(),
  total_order: z.number(),
});
export type ProductRow = z.infer<typeof productRowSchema>;

export const vendorRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string().nullable(),
  in_stock_rate: z.number().nullable(),
  sla: z.number().nullable(),
  grand_total: z.number(),
  total_order: z.number(),
  total_sold: z.number(),
});
export type VendorRow = z.infer<typeof vendorRowSchema>;

export const cityRowSchema = z.object({
  recipient_city: z.string().nullable(),
  total_customer: z.number(),
  total_order: z.number(),
  total_item: z.number(),
  grand_total: z.number(),
});
export type CityRow = z.infer<typeof cityRowSchema>;

type CategoryNode = { id: number; name: string; children?: CategoryNode[] };
const categorySchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), children: z.array(categorySchema).optional() }),
);

function tree(nodes: CategoryNode[]): Category[] {
  return nodes.map((node) => ({ id: node.id, name: node.name, children: tree(node.children ?? []) }));
}

const branchSchema = z.object({ data: z.array(z.object({ city: z.string(), total_vendor: z.number() })) });
const categoryList = z.object({ data: z.array(categorySchema) });

type Input = { scope: Scope; query: Query };

function widget<S extends ZodTypeAny>(api: Upstream, path: string, schema: S, { scope, query }: Input) {
  return api.call(`${scopePath(scope)}/widget/${path}`, schema, { query });
}

/** The dashboard's upstream calls (`/api/{brand|vendor}/{id}/widget/…`) and its category tree. */
export const widgetApi = {
  card: (api: Upstream, { path, ...input }: Input & { path: CardWidget }): Promise<CardValue> =>
    widget(api, path, cardResponse, input).then((response) => response.data),
  summary: (api: Upstream, { scope, query }: Input): Promise<Record<SummaryCard, CardValue | null>> =>
    api
      .call(`${scopePath(scope)}/widget/summary/card`, summaryResponse, { query })
      .then((response) => response.data),
  chart: (api: Upstream, { path, ...input }: Input & { path: ChartWidget }): Promise<Series> =>
    widget(api, path, seriesSchemas[path], input).then(({ data }) => ({
      current: data.current_period,
      previous: data.last_period,
    })),
  gender: (api: Upstream, input: Input) =>
    widget(api, 'customer/chart/customer-gender-period', genderSchema, input).then(
      (response) => response.data,
    ),
  paymentMethods: (
    api: Upstream,
    input: Input,
  ): Promise<{ current_period: RankedRow[]; last_period: RankedRow[] }> =>
    widget(api, 'customer/chart/customer-payment-method', paymentMethodsSchema, input).then(
      (response) => response.data,
    ),
  cities: (api: Upstream, input: Input): Promise<{ current_period: RankedRow[]; last_period: RankedRow[] }> =>
    widget(api, 'customer/chart/customer-city', citiesSchema, input).then((response) => response.data),
  invoices: (api: Upstream, input: Input) =>
    widget(api, 'sales/table/invoice', paged(invoiceRowSchema), input),
  vendorOrders: (api: Upstream, input: Input) =>
    widget(api, 'sales/table/order', paged(vendorOrderRowSchema), input),
  products: (api: Upstream, input: Input) =>
    widget(api, 'product/table/performance', paged(productRowSchema), input),
  vendors: (api: Upstream, input: Input) =>
    widget(api, 'vendor/table/performance', paged(vendorRowSchema), input),
  customerCities: (api: Upstream, input: Input) =>
    widget(api, 'customer/table/customer-city', paged(cityRowSchema), input),
  branches: (api: Upstream, input: Input) =>
    widget(api, 'branch/options', branchSchema, input).then((response) => response.data),
  /** The category tree of the filters; given the user (`keptFor`), kept for a few seconds (keptForUser). */
  categories: (api: Upstream, { scope, keptFor }: Omit<Input, 'query'> & { keptFor?: number }) => {
    const load = () =>
      api
        .call(`${scopePath(scope)}/category`, categoryList, {
          query: { with: 'children', only: 'parent', per_page: 1000 },
        })
        .then((response) => tree(response.data));
    return keptFor === undefined ? load() : keptForUser(keptFor, `categories ${scopePath(scope)}`, load);
  },
};
