import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { parseId } from '../../http/tenancy';
import { write } from '../../http/write';
import { voucherScope } from './access';
import { accountNameHistory, accountNumberHistory } from './account-history';
import { exportVouchers } from './export';
import { payableOrders } from './payable-orders';
import {
  historyQuerySchema,
  payableOrderQuerySchema,
  voucherBodySchema,
  voucherBrandQuerySchema,
  voucherExportQuerySchema,
  voucherListQuerySchema,
  voucherShowQuerySchema,
  orderSliceOf,
} from './schema';
import { createVoucher, deleteVoucher, updateVoucher } from './service';
import { showVoucher } from './voucher-detail';
import { listVouchers } from './voucher-list';
import { WRITE_MESSAGE } from '../../http/messages';

function voucherId(c: Context<ApiEnv>) {
  return parseId(c.req.param('id'));
}

/** Vendor payment vouchers, for administrators and key accounts. */
export const paymentEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/send-payment',
    summary: "Vouchers of the caller's brands, newest first",
    tag: 'payment',
    query: voucherListQuerySchema,
    policy: { operation: 'payment.list', tenancy: 'reach' },
    handle: async (c, { query }) =>
      c.json(await listVouchers(c.var.deps.db, voucherScope(c.var.user), query)),
  }),
  endpoint({
    method: 'post',
    path: '/api/send-payment',
    summary: 'Pay completed orders of one vendor and brand with a voucher (an order is in at most one)',
    tag: 'payment',
    body: voucherBodySchema,
    policy: {
      operation: 'payment.create',
      tenancy: 'reach',
      body: { brand_id: 'brand', vendor_id: 'vendor' },
    },
    handle: async (c, { body }) => {
      const scope = voucherScope(c.var.user);
      const voucher = await write(c, (work) => createVoucher(work, { scope, body }));
      const data = await showVoucher(c.var.deps.db, scope, voucher.id);
      return c.json({ message: WRITE_MESSAGE.created, data }, 201);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/send-payment/{id}',
    summary: 'A voucher with its orders (net of returns), invoices, products, vendor, bank and preparers',
    tag: 'payment',
    query: voucherShowQuerySchema,
    policy: { operation: 'payment.list', tenancy: 'reach', query: { brand: 'brand' } },
    handle: async (c, { query }) => {
      const scope = voucherScope(c.var.user);
      const slice = orderSliceOf(query);
      return c.json({ data: await showVoucher(c.var.deps.db, scope, voucherId(c), query.brand, slice) });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/send-payment/{id}',
    summary: 'Save a voucher again: dropped orders are released, added ones paid',
    tag: 'payment',
    query: voucherBrandQuerySchema,
    body: voucherBodySchema,
    policy: {
      operation: 'payment.update',
      tenancy: 'reach',
      query: { brand: 'brand' },
      body: { brand_id: 'brand', vendor_id: 'vendor' },
    },
    handle: async (c, { query, body }) => {
      const scope = voucherScope(c.var.user);
      const id = voucherId(c);
      await write(c, (work) => updateVoucher(work, { scope, id, brandId: query.brand, body }));
      const data = await showVoucher(c.var.deps.db, scope, id);
      return c.json({ message: WRITE_MESSAGE.updated, data });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/send-payment/{id}',
    summary: 'Delete a voucher; its orders are payable again',
    tag: 'payment',
    query: voucherBrandQuerySchema,
    policy: { operation: 'payment.delete', tenancy: 'reach', query: { brand: 'brand' } },
    handle: async (c, { query }) => {
      const scope = voucherScope(c.var.user);
      const id = voucherId(c);
      await write(c, (work) => deleteVoucher(work, { scope, id, brandId: query.brand }));
      return c.json({ message: WRITE_MESSAGE.deleted });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/select/send-payment/order',
    summary:
      "The vendor's completed orders of the brand in no other voucher (on edit, plus the voucher's own)",
    tag: 'payment',
    query: payableOrderQuerySchema,
    policy: { operation: 'payment.list', tenancy: 'reach', query: { brand: 'brand', vendor: 'vendor' } },
    handle: async (c, { query }) =>
      c.json(await payableOrders(c.var.deps.db, voucherScope(c.var.user), query)),
  }),
  endpoint({
    method: 'get',
    path: '/api/select/send-payment/history-account-number',
    summary: "Account numbers of the vendor's earlier vouchers, most recent first",
    tag: 'payment',
    query: historyQuerySchema,
    policy: { operation: 'payment.list', tenancy: 'reach', query: { vendor: 'vendor' } },
    handle: async (c, { query }) =>
      c.json(await accountNumberHistory(c.var.deps.db, voucherScope(c.var.user), query)),
  }),
  endpoint({
    method: 'get',
    path: '/api/select/send-payment/history-account-name',
    summary: "Account holder names of the vendor's earlier vouchers (for an account number, when given)",
    tag: 'payment',
    query: historyQuerySchema,
    policy: { operation: 'payment.list', tenancy: 'reach', query: { vendor: 'vendor' } },
    handle: async (c, { query }) =>
      c.json(await accountNameHistory(c.var.deps.db, voucherScope(c.var.user), query)),
  }),
  endpoint({
    method: 'get',
    path: '/api/export/send-payment',
    summary: 'The filtered vouchers as a streamed .xlsx, one row per paid order',
    tag: 'payment',
    query: voucherExportQuerySchema,
    policy: { operation: 'payment.list', tenancy: 'reach' },
    handle: (c, { query }) => {
      const { db, clock } = c.var.deps;
      return exportVouchers(db, voucherScope(c.var.user), query, clock());
    },
  }),
]);
