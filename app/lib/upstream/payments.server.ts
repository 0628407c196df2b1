import { z } from 'zod';
import { paged, type Query, type Upstream } from './client.server';

const named = z.object({ id: z.number(), name: z.string() });

/** A list row keeps only what the list shows. */
export const voucherRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  date: z.string(),
  brand_id: z.number(),
  brand_name: z.string(),
  vendor_id: z.number(),
  vendor_name: z.string(),
  total: z.number(),
  order_count: z.number(),
});
export type VoucherRow = z.infer<typeof voucherRowSchema>;

const lineSchema = z.object({
  id: z.number(),
  quantity: z.number(),
  quantity_return: z.number(),
  quantity_net: z.number(),
  price: z.number(),
  amount: z.number(),
  invoice_product: z.object({ name: z.string().nullable(), sku: z.string().nullable() }),
});
export type VoucherLine = z.infer<typeof lineSchema>;

/** An order as the payment form and the voucher show it: its amount and lines are net of returns. */
export const payableOrderSchema = z.object({
  id: z.number(),
  number: z.string(),
  completed_at: z.string().nullable(),
  amount: z.number(),
  invoice_external_number: z.string(),
  order_products: z.array(lineSchema).optional(),
});
export type PayableOrder = z.infer<typeof payableOrderSchema>;

const voucherOrderSchema = z.object({
  id: z.number(),
  number: z.string(),
  completed_at: z.string().nullable(),
  amount: z.number(),
  invoice: z.object({ external_number: z.string() }),
  order_products: z.array(lineSchema),
});
export type VoucherOrder = z.infer<typeof voucherOrderSchema>;

export const voucherSchema = voucherRowSchema.extend({
  due_date: z.string().nullable(),
  brand: named,
  vendor: named,
  bank_id: z.number().nullable(),
  bank: named.nullable(),
  account_number: z.string().nullable(),
  account_holder_name: z.string().nullable(),
  payment_method_description: z.string().nullable(),
  order_ids: z.array(z.number()),
  orders: z.array(voucherOrderSchema),
  /** With a slice of the orders: how many orders, and how many of their lines, come before it. */
  orders_offset: z.number(),
  line_offset: z.number(),
  prepares: z.array(named),
  created_at: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export type VoucherBody = {
  number: string;
  vendor_id: number;
  brand_id: number;
  date: string;
  due_date: string | null;
  bank_id: number;
  account_number: string;
  account_holder_name: string;
  payment_method_description: string | null;
  order_ids: number[];
};

const saved = z.object({ message: z.string(), data: z.object({ id: z.number() }) });
const message = z.object({ message: z.string() });
const optionList = z.object({ data: z.array(named) });

/** Vendor payment vouchers. */
export const paymentApi = {
  list: (api: Upstream, { query }: { query: Query }) =>
    api.call('/api/send-payment', paged(voucherRowSchema), { query }),
  show: (api: Upstream, { id, slice }: { id: number; slice?: { offset: number; limit: number } }) =>
    api
      .call(`/api/send-payment/${id}`, z.object({ data: voucherSchema }), {
        query: slice ? { orders_offset: slice.offset, orders_limit: slice.limit } : undefined,
      })
      .then((r) => r.data),
  create: (api: Upstream, { body, formKey }: { body: VoucherBody; formKey?: string }) =>
    api.call('/api/send-payment', saved, { body, idempotencyKey: formKey }),
  update: (api: Upstream, { id, body }: { id: number; body: VoucherBody }) =>
    api.call(`/api/send-payment/${id}`, saved, {
      method: 'PUT',
      query: { brand: body.brand_id },
      body,
    }),
  remove: (api: Upstream, { id, brandId }: { id: number; brandId: number }) =>
    api.call(`/api/send-payment/${id}`, message, { method: 'DELETE', query: { brand: brandId } }),
  payableOrders: (
    api: Upstream,
    query: {
      vendor: number;
      brand: number;
      'send-payment'?: number;
      ids?: number[];
      with?: 'order_products';
    },
  ) =>
    api
      .call('/api/select/send-payment/order', z.object({ data: z.array(payableOrderSchema) }), {
        query: { per_page: 1000, ...query },
      })
      .then((r) => r.data),
  accountNumbers: (api: Upstream, query: { vendor: number; brand?: number; search?: string }) =>
    api
      .call(
        '/api/select/send-payment/history-account-number',
        z.object({ data: z.array(z.object({ account_number: z.string() })) }),
        { query },
      )
      .then((r) => r.data.map((row) => row.account_number)),
  accountNames: (
    api: Upstream,
    query: { vendor: number; brand?: number; 'account-number'?: string; search?: string },
  ) =>
    api
      .call(
        '/api/select/send-payment/history-account-name',
        z.object({ data: z.array(z.object({ account_holder_name: z.string() })) }),
        { query },
      )
      .then((r) => r.data.map((row) => row.account_holder_name)),
  export: (api: Upstream, { query }: { query: Query }) => api.download('/api/export/send-payment', { query }),
  bankOptions: (api: Upstream) =>
    api.call('/api/select/bank', optionList, { query: { per_page: 1000 } }).then((r) => r.data),
};

export const bankSchema = z.object({ id: z.number(), name: z.string(), updated_at: z.string() });
export type Bank = z.infer<typeof bankSchema>;

/** Banks under settings, for administrators. */
export const bankApi = {
  list: (api: Upstream, { query }: { query: Query }) => api.call('/api/bank', paged(bankSchema), { query }),
  show: (api: Upstream, { id }: { id: number }) =>
    api.call(`/api/bank/${id}`, z.object({ data: bankSchema })).then((r) => r.data),
  create: (api: Upstream, { name, formKey }: { name: string; formKey?: string }) =>
    api.call('/api/bank', saved, { body: { name }, idempotencyKey: formKey }),
  update: (api: Upstream, { id, name }: { id: number; name: string }) =>
    api.call(`/api/bank/${id}`, saved, { method: 'PUT', body: { name } }),
  remove: (api: Upstream, { id }: { id: number }) =>
    api.call(`/api/bank/${id}`, message, { method: 'DELETE' }),
};
