import { z } from 'zod';
import type { Scope } from '../scope.server';
import { scopePath } from '../scope.server';
import { paged, type Query, type Upstream } from './client.server';

const nullableString = z.string().nullable().optional();
const nullableNumber = z.number().nullable().optional();

/** A list row keeps only what the list shows: anything more would travel to the browser in the page's data. */
export const orderRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  created_at: z.string(),
  updated_at: nullableString,
  grand_total: z.number(),
  grand_total_return: nullableNumber,
  status: z.string(),
  status_code: nullableString,
  invoice_id: nullableNumber,
  invoice_external_number: nullableString,
  vendor_name: nullableString,
  channel_name: nullableString,
  invoice_preorder_deadline: nullableString,
  invoice_preorder_process_day: nullableNumber,
  can_change_vendor: z.boolean().optional(),
  can_replace_product: z.boolean().optional(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const orderItemRowSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  order_number: z.string(),
  product_id: nullableNumber,
  product_name: z.string(),
  category_name: nullableString,
  total_price: z.number(),
  order_status: z.string(),
  can_replace_product: z.boolean().optional(),
});
export type OrderItemRow = z.infer<typeof orderItemRowSchema>;

const mediaSchema = z.object({ id: z.number(), url: z.string() }).passthrough();

export const orderProductSchema = z
  .object({
    id: z.number(),
    quantity: z.number(),
    quantity_return: z.number().nullable().optional(),
    price: z.number(),
    total_price: z.number(),
    total_price_return: nullableNumber,
    invoice_product: z
      .object({
        product: z
          .object({ id: z.number().nullable().optional(), name: z.string(), sku: z.string() })
          .passthrough(),
      })
      .passthrough()
      .nullable()
      .optional(),
    replaced_order_products: z.array(z.object({ note: z.string().nullable() }).passthrough()).optional(),
  })
  .passthrough();
export type OrderProduct = z.infer<typeof orderProductSchema>;

export const orderSchema = orderRowSchema.passthrough().extend({
  vendor: z.object({ id: z.number(), name: z.string() }).passthrough().nullable().optional(),
  brand: z.object({ name: z.string() }).passthrough().nullable().optional(),
  invoice: z
    .object({
      external_number: z.string(),
      recipient_name: nullableString,
      recipient_mobile_phone: nullableString,
      recipient_address_full: nullableString,
      recipient_sub_district: nullableString,
      recipient_city: nullableString,
      recipient_province: nullableString,
      recipient_postal_code: nullableString,
      delivery_type: nullableString,
      shipping_cost: nullableNumber,
      insurance_cost: nullableNumber,
      voucher_amount: nullableNumber,
      cashback_amount: nullableNumber,
      grand_total: nullableNumber,
      vouchers: z
        .array(z.object({ name: z.string() }).passthrough())
        .nullable()
        .optional(),
    })
    .passthrough()
    .nullable()
    .optional(),
  date: nullableString,
  shipping_number: nullableString,
  receiver_name: nullableString,
  ref_order_id: nullableNumber,
  ref_order_number: nullableString,
  order_products: z.array(orderProductSchema),
  delivery_photos: z.array(mediaSchema).optional(),
  delivered_photos: z.array(mediaSchema).optional(),
  order_activities: z
    .array(z.object({ timestamp: z.string(), message: z.string() }).passthrough())
    .optional(),
});
export type Order = z.infer<typeof orderSchema>;

const messageSchema = z.object({ message: z.string() }).passthrough();

type ListInput = { scope: Scope; query: Query };

export const orderApi = {
  list: (api: Upstream, { scope, query }: ListInput) =>
    api.call(`${scopePath(scope)}/order`, paged(orderRowSchema), { query }),
  items: (api: Upstream, { scope, query }: ListInput) =>
    api.call(`${scopePath(scope)}/order-product`, paged(orderItemRowSchema), { query }),
  total: (api: Upstream, { scope, query }: ListInput) =>
    api
      .call(
        `${scopePath(scope)}/order/card/total`,
        z.object({ data: z.object({ current_period_value: z.number() }) }),
        {
          query,
        },
      )
      .then((response) => response.data.current_period_value),
  show: (api: Upstream, { scope, id }: { scope: Scope; id: number }) =>
    api
      .call(`${scopePath(scope)}/order/${id}`, z.object({ data: orderSchema }))
      .then((response) => response.data),
  replaceProducts: (
    api: Upstream,
    {
      brandId,
      id,
      orderProducts,
      formKey,
    }: {
      brandId: number;
      id: number;
      orderProducts: { id: number; note: string; quantity: number }[];
      formKey?: string;
    },
  ) =>
    api.call(`/api/brand/${brandId}/order/${id}/replace-product`, messageSchema, {
      method: 'PUT',
      body: { order_products: orderProducts },
      idempotencyKey: formKey,
    }),
  changeVendor: (
    api: Upstream,
    { brandId, id, vendorId, formKey }: { brandId: number; id: number; vendorId: number; formKey?: string },
  ) =>
    api.call(`/api/brand/${brandId}/order/${id}/change-vendor`, messageSchema, {
      method: 'PUT',
      body: { vendor_id: vendorId },
      idempotencyKey: formKey,
    }),
  vendorOptions: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api
      .call(
        `/api/brand/${brandId}/vendor`,
        z.object({ data: z.array(z.object({ id: z.number(), name: z.string() }).passthrough()) }),
        { query: { for: 'order-change-vendor', order: id, per_page: 1000 } },
      )
      .then((response) => response.data),
  advanceMany: (
    api: Upstream,
    { vendorId, next, orderIds }: { vendorId: number; next: 'ready-to-delivery'; orderIds: number[] },
  ) =>
    api.call(`/api/vendor/${vendorId}/order/status/${next}`, messageSchema, {
      method: 'PUT',
      body: { order_ids: orderIds },
    }),
  advance: (
    api: Upstream,
    {
      vendorId,
      id,
      next,
      body,
    }: {
      vendorId: number;
      id: number;
      next: 'ready-to-delivery' | 'on-delivery' | 'delivered';
      body: { shipping_number?: string; photo_ids?: number[]; receiver_name?: string };
    },
  ) => api.call(`/api/vendor/${vendorId}/order/${id}/status/${next}`, messageSchema, { method: 'PUT', body }),
};
