import type { Operation } from '../../http/openapi-types';
import { customerDetailQuerySchema, customerListQuerySchema } from '../customer/service';
import { cancelInvoiceSchema, ingestInvoiceSchema, invoiceListQuerySchema } from '../invoice/schema';
import { offerListQuerySchema } from '../offer/service';
import {
  bulkStatusBodySchema,
  changeVendorBodySchema,
  orderListQuerySchema,
  replaceProductBodySchema,
  statusBodySchema,
  vendorOptionsQuerySchema,
} from './schema';

const BRAND = '/api/brand/{brand}';
const VENDOR = '/api/vendor/{vendor}';

/** The routes of the order, invoice, customer, offer and export domains, for /api/docs/openapi.json. */
export const orderOperations: Operation[] = [
  {
    method: 'get',
    path: `${BRAND}/order`,
    summary: 'Orders of the brand (brand-side labels)',
    tag: 'order',
    query: orderListQuerySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/order/card/total`,
    summary: 'Total Penjualan of the filtered orders: { data: { current_period_value } }',
    tag: 'order',
    query: orderListQuerySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/order-product`,
    summary: 'Order lines (Barang view)',
    tag: 'order',
    query: orderListQuerySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/order/{id}`,
    summary: 'An order with invoice, lines, photos and timeline',
    tag: 'order',
  },
  {
    method: 'get',
    path: `${BRAND}/order/{id}/vendor-options`,
    summary: 'Vendors the order may be moved to',
    tag: 'order',
    query: vendorOptionsQuerySchema,
  },
  {
    method: 'put',
    path: `${BRAND}/order/{id}/replace-product`,
    summary: 'Record returned lines (Retur)',
    tag: 'order',
    body: replaceProductBodySchema,
  },
  {
    method: 'put',
    path: `${BRAND}/order/{id}/change-vendor`,
    summary: 'Divert the order to another vendor',
    tag: 'order',
    body: changeVendorBodySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/invoice`,
    summary: 'Invoices of the brand',
    tag: 'invoice',
    query: invoiceListQuerySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/invoice/card/total`,
    summary: 'Σ grand_total of the filtered invoices: { data: { current_period_value } }',
    tag: 'invoice',
    query: invoiceListQuerySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/invoice/{id}`,
    summary: 'An invoice with its orders and offers',
    tag: 'invoice',
  },
  {
    method: 'post',
    path: `${BRAND}/channel/{channel}/invoice`,
    summary:
      'Ingest a marketplace invoice (idempotent on channel and external_number; weight in grams per unit)',
    tag: 'invoice',
    body: ingestInvoiceSchema,
  },
  {
    method: 'post',
    path: `${BRAND}/channel/{channel}/invoice/cancel`,
    summary:
      'The marketplace canceled an invoice: it and its live order (not yet shipped) become Dibatalkan, the stock reservation is released and a pending offer withdrawn; 409 once shipped; idempotent',
    tag: 'invoice',
    body: cancelInvoiceSchema,
  },
  {
    method: 'get',
    path: `${BRAND}/customer`,
    summary: 'Buyers with their invoice count',
    tag: 'customer',
    query: customerListQuerySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/customer/detail`,
    summary: 'A buyer by phone, email or name, with their invoices paged',
    tag: 'customer',
    query: customerDetailQuerySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/customer/{id}`,
    summary: 'A buyer with their invoices paged',
    tag: 'customer',
    query: customerDetailQuerySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/export/order`,
    summary: 'Orders as .xlsx (the list filters)',
    tag: 'export',
    query: orderListQuerySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/export/invoice`,
    summary: 'Invoices as .xlsx (the list filters)',
    tag: 'export',
    query: invoiceListQuerySchema,
  },
  {
    method: 'get',
    path: `${BRAND}/export/customer`,
    summary: 'Buyers as .xlsx (the list filters)',
    tag: 'export',
    query: customerListQuerySchema,
  },
  {
    method: 'get',
    path: `${VENDOR}/order`,
    summary: 'Orders of the vendor (vendor-side labels)',
    tag: 'order',
    query: orderListQuerySchema,
  },
  {
    method: 'get',
    path: `${VENDOR}/order/card/total`,
    summary: 'Total Penjualan of the vendor filtered orders',
    tag: 'order',
    query: orderListQuerySchema,
  },
  { method: 'get', path: `${VENDOR}/order/{id}`, summary: 'An order of the vendor', tag: 'order' },
  {
    method: 'put',
    path: `${VENDOR}/order/{id}/status/{next}`,
    summary: 'Move the order one step: ready-to-delivery, on-delivery or delivered',
    tag: 'order',
    body: statusBodySchema,
  },
  {
    method: 'put',
    path: `${VENDOR}/order/status/{next}`,
    summary: 'Move several orders one step, all or nothing',
    tag: 'order',
    body: bulkStatusBodySchema,
  },
  {
    method: 'get',
    path: `${VENDOR}/export/order`,
    summary: 'The vendor orders as .xlsx',
    tag: 'export',
    query: orderListQuerySchema,
  },
  {
    method: 'get',
    path: `${VENDOR}/invoice-offer-log`,
    summary: 'Offers of the vendor (pending by default)',
    tag: 'offer',
    query: offerListQuerySchema,
  },
  {
    method: 'get',
    path: `${VENDOR}/invoice-offer-log/{id}`,
    summary: 'An offer with its invoice and lines',
    tag: 'offer',
  },
  {
    method: 'put',
    path: `${VENDOR}/invoice-offer-log/{id}/status/{decision}`,
    summary: 'Accept (data.id is the new order) or reject the offer; 409 when it is no longer open',
    tag: 'offer',
  },
];
