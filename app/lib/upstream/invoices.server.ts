import { z } from 'zod';
import { paged, type Query, type Upstream } from './client.server';
import { orderProductSchema } from './orders.server';

const nullableString = z.string().nullable().optional();
const nullableNumber = z.number().nullable().optional();

export const invoiceRowSchema = z
  .object({
    id: z.number(),
    external_number: z.string(),
    created_at: z.string(),
    updated_at: nullableString,
    customer_name: nullableString,
    customer_phone: nullableString,
    customer_email: nullableString,
    grand_total: z.number(),
    status: z.string(),
    channel_name: nullableString,
    preorder_deadline: nullableString,
    preorder_process_day: nullableNumber,
  })
  .passthrough();
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const invoiceSchema = invoiceRowSchema.extend({
  date: nullableString,
  payment_method: nullableString,
  payment_date: nullableString,
  delivery_type: nullableString,
  shipping_cost: nullableNumber,
  insurance_cost: nullableNumber,
  subtotal: nullableNumber,
  total_product: nullableNumber,
  voucher_amount: nullableNumber,
  cashback_amount: nullableNumber,
  recipient_name: nullableString,
  recipient_mobile_phone: nullableString,
  recipient_address_full: nullableString,
  orders: z
    .array(
      z
        .object({
          id: z.number(),
          number: z.string(),
          status: z.string(),
          created_at: z.string(),
          vendor: z.object({ name: z.string() }).passthrough().nullable().optional(),
          order_products: z.array(orderProductSchema).optional(),
          order_activities: z
            .array(z.object({ timestamp: z.string(), message: z.string() }).passthrough())
            .optional(),
        })
        .passthrough(),
    )
    .optional(),
  invoice_offer_logs: z
    .array(
      z
        .object({
          created_at: z.string(),
          vendor: z.object({ name: z.string() }).passthrough().nullable().optional(),
        })
        .passthrough(),
    )
    .optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const customerRowSchema = z
  .object({
    customer_name: z.string(),
    customer_email: nullableString,
    customer_phone: nullableString,
    total_invoice: z.number(),
  })
  .passthrough();

type ListInput = { brandId: number; query: Query };

export const invoiceApi = {
  list: (api: Upstream, { brandId, query }: ListInput) =>
    api.call(`/api/brand/${brandId}/invoice`, paged(invoiceRowSchema), {
      query: { with: 'channel', ...query },
    }),
  total: (api: Upstream, { brandId, query }: ListInput) =>
    api
      .call(
        `/api/brand/${brandId}/invoice/card/total`,
        z.object({ data: z.object({ current_period_value: z.number() }) }),
        { query },
      )
      .then((response) => response.data.current_period_value),
  show: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api
      .call(`/api/brand/${brandId}/invoice/${id}`, z.object({ data: invoiceSchema }))
      .then((response) => response.data),
  customers: (api: Upstream, { brandId, query }: ListInput) =>
    api.call(`/api/brand/${brandId}/customer`, paged(customerRowSchema), { query }),
  /** One customer, named as the list row names them (name with phone or email), and a page of their invoices. */
  customer: (api: Upstream, { brandId, query }: ListInput) =>
    api.call(
      `/api/brand/${brandId}/customer/detail`,
      z.object({ data: customerRowSchema, invoices: paged(invoiceRowSchema) }),
      { query },
    ),
};
