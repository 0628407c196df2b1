import { eq } from 'drizzle-orm';
import { brandFormBody } from './brands';
import { brands, gateSettings, orderProducts, shippingMethods } from '../../api/db/schema';
import { KIND } from '../../contract/access';
import type { QueryValue } from './api';
import type { AccessWorld, BrandKey, MatrixActor, Tenant, VendorKey } from './access-actors';
import {
  accountOf,
  bankOf,
  categoryOf,
  customerOf,
  listingOf,
  mediaOf,
  notificationOf,
  orderOf,
  pendingOffer,
  productOf,
  roleOf,
  skuChannelOf,
  stockHistoryOf,
  unique,
  userIdOf,
  vendorServing,
  voucherBodyOf,
  voucherOf,
} from './access-records';
import { TINY_PNG, uploadForm } from './files';
import { KAOS_PRIA, listingBody } from './marketplace';
import { invoicePayload } from './world';
import { promotionBodyOf, promotionOf } from './promotions';

export type ExampleContext = { w: AccessWorld; tenant: Tenant; actor: MatrixActor };

/** A request of the row: its path parameters (`{brand}` and `{vendor}` come from the tenant), query and body. */
export type ExampleRequest = {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData | Record<string, string>;
};

export type Example = {
  /** Makes fresh records of the cell's tenant and answers the request on them. */
  make?(ctx: ExampleContext): Promise<ExampleRequest>;
  /** What a caller the policy lets through gets on records outside its reach: 404 by default; 422 where the tenant is named in the body. */
  foreign?: 404 | 422;
  /**
   * A record shared with a brand outside the caller's reach (a vendor serving two brands), for callers who reach
   * only one of them: readable, never changeable.
   */
  shared?(ctx: ExampleContext): Promise<ExampleRequest>;
  /** A request the caller may make only with a token of its own (it ends the session). */
  freshToken?: boolean;
  /** What the allowed caller gets on its own records, when the kind of account decides more than the policy. */
  ownStatus?(actor: MatrixActor): 'ok' | 422;
};

const IS_VENDOR = (actor: MatrixActor) => actor.account.kind === KIND.vendor;

/** Another vendor serving the tenant's brand than the tenant's own, for a change of vendor. */
function otherVendor(tenant: Tenant): VendorKey {
  const serving: Record<BrandKey, VendorKey[]> = { A: ['V1', 'V3'], B: ['V2', 'V3'], C: ['V4'] };
  return serving[tenant.brand].find((vendor) => vendor !== tenant.vendor) ?? tenant.vendor;
}

async function orderLine(w: AccessWorld, orderId: number) {
  const [line] = await w.api.db.select().from(orderProducts).where(eq(orderProducts.orderId, orderId));
  return line.id;
}

function vendorForm(w: AccessWorld, brands: BrandKey[], extra: Record<string, string> = {}) {
  const form = new FormData();
  const fields: Record<string, string> = {
    name: unique('Vendor'),
    address: 'Jl. Sudirman 1',
    city: 'Jakarta',
    postal_code: '12345',
    telephone: '021-5550123',
    lat: '-6.2',
    lng: '106.8',
    is_priority: '0',
    ...extra,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const brand of brands) form.append('brand_ids[]', String(w.brands[brand]));
  return form;
}

/** A role the actor may hand on (it holds nothing), living where the new account will. */
async function grantableRole(ctx: ExampleContext, kind: 'brand' | 'vendor') {
  const { roleId } = await roleOf(
    ctx.w,
    kind === 'brand' ? { brand: ctx.tenant.brand } : { vendor: ctx.tenant.vendor },
  );
  return roleId;
}

/** The account a caller manages: a vendor's user for vendor accounts, else a brand user. */
function managedKind(actor: MatrixActor) {
  return IS_VENDOR(actor) ? ('vendor' as const) : ('brand' as const);
}

async function newAccountBody(ctx: ExampleContext) {
  const kind = managedKind(ctx.actor);
  return {
    name: 'Akun Baru',
    email: `${unique('baru')}@matrix.test`.toLowerCase(),
    mobile_phone: '081234567890',
    password: 'rahasia-123',
    role_id: await grantableRole(ctx, kind),
    role_name: kind === 'brand' ? 'Brand' : 'Vendor',
    ...(kind === 'brand'
      ? { brand_id: ctx.w.brands[ctx.tenant.brand] }
      : { vendor_id: ctx.w.vendors[ctx.tenant.vendor] }),
  };
}

const listingRequest =
  (make: (listing: Awaited<ReturnType<typeof listingOf>>, ctx: ExampleContext) => ExampleRequest) =>
  async (ctx: ExampleContext) =>
    make(await listingOf(ctx.w, ctx.tenant.brand), ctx);

/**
 * A valid request of every row the API mounts, by `method path`. Rows whose only parameters are `{brand}` or
 * `{vendor}` and that need no query or body take the default (the tenant's path) and need no entry.
 */
export const EXAMPLES: Record<string, Example> = {
  // The account's own
  'post /api/account': { make: async () => ({ json: { name: 'Nama Baru' } }) },
  'post /api/account/logout': { freshToken: true },
  'post /api/account/change-password': {
    make: async (ctx) => ({
      json: {
        old_password: ctx.w.api.world.password,
        password: ctx.w.api.world.password,
        password_confirmation: ctx.w.api.world.password,
      },
    }),
  },
  'post /api/account/change-brand': {
    make: async (ctx) => ({ json: { brand_id: ctx.w.brands[ctx.tenant.brand] } }),
    // Only platform staff switch brands; everyone else is told the brand is not theirs to pick.
    ownStatus: (actor) =>
      actor.account.kind === KIND.administrator || actor.account.kind === KIND.keyAccount ? 'ok' : 422,
  },
  'get /api/account/notification/read-one/{id}': {
    make: async (ctx) => ({ params: { id: await notificationOf(ctx.w, await userIdOf(ctx.w, ctx.actor)) } }),
  },
  'post /api/broadcasting/auth': {
    make: async (ctx) => ({
      json: { socket_id: '1.2', channel_name: `private-App.Models.User.${await userIdOf(ctx.w, ctx.actor)}` },
    }),
  },
  'get /api/media/{id}': {
    make: async (ctx) => ({ params: { id: await mediaOf(ctx.w, await userIdOf(ctx.w, ctx.actor)) } }),
  },
  'post /api/media': { make: async () => ({ form: uploadForm(TINY_PNG, 'a.png') }) },

  // Orders
  'get /api/brand/{brand}/order/{id}': {
    make: async (ctx) => ({ params: { id: (await orderOf(ctx.w, ctx.tenant)).orderId } }),
  },
  'get /api/brand/{brand}/order/{id}/vendor-options': {
    make: async (ctx) => ({ params: { id: (await orderOf(ctx.w, ctx.tenant)).orderId } }),
  },
  'put /api/brand/{brand}/order/{id}/replace-product': {
    make: async (ctx) => {
      const { orderId } = await orderOf(ctx.w, ctx.tenant, 'delivered');
      return {
        params: { id: orderId },
        json: { order_products: [{ id: await orderLine(ctx.w, orderId), quantity: 1, note: 'Rusak' }] },
      };
    },
  },
  'put /api/brand/{brand}/order/{id}/change-vendor': {
    make: async (ctx) => ({
      params: { id: (await orderOf(ctx.w, ctx.tenant)).orderId },
      json: { vendor_id: ctx.w.vendors[otherVendor(ctx.tenant)] },
    }),
  },
  'get /api/vendor/{vendor}/order/{id}': {
    make: async (ctx) => ({ params: { id: (await orderOf(ctx.w, ctx.tenant)).orderId } }),
  },
  'put /api/vendor/{vendor}/order/status/{next}': {
    make: async (ctx) => ({
      params: { next: 'ready-to-delivery' },
      json: { order_ids: [(await orderOf(ctx.w, ctx.tenant)).orderId] },
    }),
  },
  'put /api/vendor/{vendor}/order/{id}/status/{next}': {
    make: async (ctx) => ({
      params: { id: (await orderOf(ctx.w, ctx.tenant)).orderId, next: 'ready-to-delivery' },
    }),
  },

  // Invoices, buyers and offers
  'get /api/brand/{brand}/invoice/{id}': {
    make: async (ctx) => ({ params: { id: (await pendingOffer(ctx.w, ctx.tenant)).invoiceId } }),
  },
  'post /api/brand/{brand}/channel/{channel}/invoice': {
    make: async (ctx) => ({
      params: { channel: 1 },
      json: invoicePayload([{ product: ctx.w.products[ctx.tenant.brand], quantity: 1 }]),
    }),
  },
  'post /api/brand/{brand}/channel/{channel}/invoice/cancel': {
    make: async (ctx) => ({
      params: { channel: 1 },
      json: { external_number: (await pendingOffer(ctx.w, ctx.tenant)).externalNumber },
    }),
  },
  'get /api/brand/{brand}/customer/detail': {
    make: async (ctx) => {
      await customerOf(ctx.w, ctx.tenant);
      return { query: { name: 'Siti Rahayu' } };
    },
  },
  'get /api/brand/{brand}/customer/{id}': {
    make: async (ctx) => ({ params: { id: await customerOf(ctx.w, ctx.tenant) } }),
  },
  'get /api/vendor/{vendor}/invoice-offer-log/{id}': {
    make: async (ctx) => ({ params: { id: (await pendingOffer(ctx.w, ctx.tenant)).offerId } }),
  },
  'put /api/vendor/{vendor}/invoice-offer-log/{id}/status/{decision}': {
    make: async (ctx) => ({
      params: { id: (await pendingOffer(ctx.w, ctx.tenant)).offerId, decision: 'accept' },
    }),
  },

  // Vendor payments and banks
  'post /api/send-payment': {
    make: async (ctx) => {
      const { orderId } = await orderOf(ctx.w, ctx.tenant, 'completed');
      return { json: voucherBodyOf(ctx.w, ctx.tenant, [orderId], await bankOf(ctx.w)) };
    },
    foreign: 422,
  },
  'get /api/send-payment/{id}': {
    make: async (ctx) => ({ params: { id: await voucherOf(ctx.w, ctx.tenant) } }),
  },
  'put /api/send-payment/{id}': {
    make: async (ctx) => {
      const id = await voucherOf(ctx.w, ctx.tenant);
      const { orderId } = await orderOf(ctx.w, ctx.tenant, 'completed');
      return { params: { id }, json: voucherBodyOf(ctx.w, ctx.tenant, [orderId], await bankOf(ctx.w)) };
    },
    foreign: 422,
  },
  'delete /api/send-payment/{id}': {
    make: async (ctx) => ({ params: { id: await voucherOf(ctx.w, ctx.tenant) } }),
  },
  'get /api/select/send-payment/order': {
    make: async (ctx) => ({
      query: { vendor: ctx.w.vendors[ctx.tenant.vendor], brand: ctx.w.brands[ctx.tenant.brand] },
    }),
  },
  'get /api/select/send-payment/history-account-number': {
    make: async (ctx) => ({ query: { vendor: ctx.w.vendors[ctx.tenant.vendor] } }),
  },
  'get /api/select/send-payment/history-account-name': {
    make: async (ctx) => ({ query: { vendor: ctx.w.vendors[ctx.tenant.vendor] } }),
  },
  'get /api/vendor': { make: async (ctx) => ({ query: { brand: ctx.w.brands[ctx.tenant.brand] } }) },
  'get /api/select/vendor': { make: async (ctx) => ({ query: { brand: ctx.w.brands[ctx.tenant.brand] } }) },
  'post /api/brand/{brand}/promotion': {
    make: async (ctx) => ({ json: await promotionBodyOf(ctx.w, ctx.tenant.brand) }),
  },
  'get /api/brand/{brand}/promotion/{id}': {
    make: async (ctx) => ({ params: { id: await promotionOf(ctx.w, ctx.tenant.brand) } }),
  },
  'put /api/brand/{brand}/promotion/{id}': {
    make: async (ctx) => ({
      params: { id: await promotionOf(ctx.w, ctx.tenant.brand) },
      json: await promotionBodyOf(ctx.w, ctx.tenant.brand),
    }),
  },
  'put /api/brand/{brand}/promotion/{id}/end': {
    make: async (ctx) => ({ params: { id: await promotionOf(ctx.w, ctx.tenant.brand, { running: true }) } }),
  },
  'delete /api/brand/{brand}/promotion/{id}': {
    make: async (ctx) => ({ params: { id: await promotionOf(ctx.w, ctx.tenant.brand) } }),
  },
  'post /api/bank': { make: async () => ({ json: { name: unique('Bank') } }) },
  'get /api/bank/{id}': { make: async (ctx) => ({ params: { id: await bankOf(ctx.w) } }) },
  'put /api/bank/{id}': {
    make: async (ctx) => ({ params: { id: await bankOf(ctx.w) }, json: { name: unique('Bank') } }),
  },
  'delete /api/bank/{id}': { make: async (ctx) => ({ params: { id: await bankOf(ctx.w) } }) },

  // Roles and permission sets
  'post /api/role': { make: async () => ({ json: { name: unique('Peran') } }) },
  'get /api/role/{id}': { make: async (ctx) => ({ params: { id: (await roleOf(ctx.w)).roleId } }) },
  'put /api/role/{id}': {
    make: async (ctx) => ({ params: { id: (await roleOf(ctx.w)).roleId }, json: { name: unique('Peran') } }),
  },
  'delete /api/role/{id}': { make: async (ctx) => ({ params: { id: (await roleOf(ctx.w)).roleId } }) },
  'post /api/brand/{brand}/role': { make: async () => ({ json: { name: unique('Peran') } }) },
  'get /api/brand/{brand}/role/{id}': {
    make: async (ctx) => ({ params: { id: (await roleOf(ctx.w, { brand: ctx.tenant.brand })).roleId } }),
  },
  'put /api/brand/{brand}/role/{id}': {
    make: async (ctx) => ({
      params: { id: (await roleOf(ctx.w, { brand: ctx.tenant.brand })).roleId },
      json: { name: unique('Peran') },
    }),
  },
  'delete /api/brand/{brand}/role/{id}': {
    make: async (ctx) => ({ params: { id: (await roleOf(ctx.w, { brand: ctx.tenant.brand })).roleId } }),
  },
  'post /api/vendor/{vendor}/role': { make: async () => ({ json: { name: unique('Peran') } }) },
  'get /api/vendor/{vendor}/role/{id}': {
    make: async (ctx) => ({ params: { id: (await roleOf(ctx.w, { vendor: ctx.tenant.vendor })).roleId } }),
  },
  'put /api/vendor/{vendor}/role/{id}': {
    make: async (ctx) => ({
      params: { id: (await roleOf(ctx.w, { vendor: ctx.tenant.vendor })).roleId },
      json: { name: unique('Peran') },
    }),
  },
  'delete /api/vendor/{vendor}/role/{id}': {
    make: async (ctx) => ({ params: { id: (await roleOf(ctx.w, { vendor: ctx.tenant.vendor })).roleId } }),
  },
  'post /api/gate-setting': {
    make: async (ctx) => ({ json: { role_id: await bareRole(ctx, {}), permission_ids: [] } }),
  },
  'get /api/gate-setting/{id}': {
    make: async (ctx) => ({ params: { id: (await roleOf(ctx.w)).gateSettingId } }),
  },
  'put /api/gate-setting/{id}': {
    make: async (ctx) => ({
      params: { id: (await roleOf(ctx.w)).gateSettingId },
      json: { permission_ids: [] },
    }),
  },
  'delete /api/gate-setting/{id}': {
    make: async (ctx) => ({ params: { id: (await roleOf(ctx.w)).gateSettingId } }),
  },
  'post /api/brand/{brand}/gate-setting': {
    make: async (ctx) => ({
      json: { role_id: await bareRole(ctx, { brand: ctx.tenant.brand }), permission_ids: [] },
    }),
  },
  'get /api/brand/{brand}/gate-setting/{id}': {
    make: async (ctx) => ({
      params: { id: (await roleOf(ctx.w, { brand: ctx.tenant.brand })).gateSettingId },
    }),
  },
  'put /api/brand/{brand}/gate-setting/{id}': {
    make: async (ctx) => ({
      params: { id: (await roleOf(ctx.w, { brand: ctx.tenant.brand })).gateSettingId },
      json: { permission_ids: [] },
    }),
  },
  'delete /api/brand/{brand}/gate-setting/{id}': {
    make: async (ctx) => ({
      params: { id: (await roleOf(ctx.w, { brand: ctx.tenant.brand })).gateSettingId },
    }),
  },
  'post /api/vendor/{vendor}/gate-setting': {
    make: async (ctx) => ({
      json: { role_id: await bareRole(ctx, { vendor: ctx.tenant.vendor }), permission_ids: [] },
    }),
  },
  'get /api/vendor/{vendor}/gate-setting/{id}': {
    make: async (ctx) => ({
      params: { id: (await roleOf(ctx.w, { vendor: ctx.tenant.vendor })).gateSettingId },
    }),
  },
  'put /api/vendor/{vendor}/gate-setting/{id}': {
    make: async (ctx) => ({
      params: { id: (await roleOf(ctx.w, { vendor: ctx.tenant.vendor })).gateSettingId },
      json: { permission_ids: [] },
    }),
  },
  'delete /api/vendor/{vendor}/gate-setting/{id}': {
    make: async (ctx) => ({
      params: { id: (await roleOf(ctx.w, { vendor: ctx.tenant.vendor })).gateSettingId },
    }),
  },

  // Accounts
  'post /api/user': { make: async (ctx) => ({ json: await newAccountBody(ctx) }), foreign: 422 },
  // The list of the caller's reach, narrowed to one tenant: a tenant outside it is as if it did not exist.
  'get /api/user': {
    make: async (ctx) => ({
      query: IS_VENDOR(ctx.actor)
        ? { vendor: ctx.w.vendors[ctx.tenant.vendor] }
        : { brand: ctx.w.brands[ctx.tenant.brand] },
    }),
  },
  'get /api/user/{id}': {
    make: async (ctx) => ({
      params: { id: (await accountOf(ctx.w, ctx.tenant, managedKind(ctx.actor))).id },
    }),
    shared: async (ctx) => ({
      params: { id: (await accountOf(ctx.w, { ...ctx.tenant, vendor: 'V3' }, 'vendor')).id },
    }),
  },
  'put /api/user/{id}': {
    make: async (ctx) => {
      const account = await accountOf(ctx.w, ctx.tenant, managedKind(ctx.actor));
      return {
        params: { id: account.id },
        json: { name: 'Nama Baru', email: account.email, mobile_phone: '081234567891' },
      };
    },
    shared: async (ctx) => {
      const account = await accountOf(ctx.w, { ...ctx.tenant, vendor: 'V3' }, 'vendor');
      return {
        params: { id: account.id },
        json: { name: 'Nama Baru', email: account.email, mobile_phone: '081234567891' },
      };
    },
  },
  'delete /api/user/{id}': {
    make: async (ctx) => ({
      params: { id: (await accountOf(ctx.w, ctx.tenant, managedKind(ctx.actor))).id },
    }),
    shared: async (ctx) => ({
      params: { id: (await accountOf(ctx.w, { ...ctx.tenant, vendor: 'V3' }, 'vendor')).id },
    }),
  },
  'get /api/brand/{brand}/user/{id}': {
    make: async (ctx) => ({ params: { id: (await accountOf(ctx.w, ctx.tenant, 'brand')).id } }),
  },
  'get /api/vendor/{vendor}/user/{id}': {
    make: async (ctx) => ({ params: { id: (await accountOf(ctx.w, ctx.tenant, 'vendor')).id } }),
  },

  // Catalogue and stock
  'post /api/brand/{brand}/product': {
    make: async (ctx) => ({
      json: {
        name: 'Produk Baru',
        sku: unique('NEW'),
        category_id: await categoryOf(ctx.w, ctx.tenant.brand),
        vendor_price: 50_000,
      },
    }),
  },
  'get /api/brand/{brand}/product/{id}': {
    make: async (ctx) => ({ params: { id: (await productOf(ctx.w, ctx.tenant.brand)).id } }),
  },
  'put /api/brand/{brand}/product/{id}': {
    make: async (ctx) => {
      const product = await productOf(ctx.w, ctx.tenant.brand);
      return {
        params: { id: product.id },
        json: { name: 'Nama Produk Baru', sku: product.sku, category_id: product.categoryId },
      };
    },
  },
  'delete /api/brand/{brand}/product/{id}': {
    make: async (ctx) => ({ params: { id: (await productOf(ctx.w, ctx.tenant.brand)).id } }),
  },
  'put /api/brand/{brand}/product/{id}/update-stock': {
    make: async (ctx) => ({
      params: { id: ctx.w.products[ctx.tenant.brand].id },
      json: { product_stocks: [{ vendor_id: ctx.w.vendors[ctx.tenant.vendor], quantity: 900 }] },
    }),
  },
  'post /api/brand/{brand}/import/product-price': {
    make: async (ctx) => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([`sku,vendor_price\n${ctx.w.products[ctx.tenant.brand].sku},95000\n`]),
        'harga.csv',
      );
      return { form };
    },
  },
  'get /api/brand/{brand}/sku-channel/{id}': {
    make: async (ctx) => ({ params: { id: await skuChannelOf(ctx.w, ctx.tenant.brand) } }),
  },
  'get /api/brand/{brand}/update-stock-history/{id}': {
    make: async (ctx) => ({ params: { id: await stockHistoryOf(ctx.w, ctx.tenant) } }),
  },
  'put /api/brand/{brand}/stock-setting': { make: async () => ({ json: { low_stock_weeks: 3 } }) },
  'get /api/vendor/{vendor}/product/{id}': {
    make: async (ctx) => ({ params: { id: ctx.w.products[ctx.tenant.brand].id } }),
  },
  'put /api/vendor/{vendor}/product-stock/update': {
    make: async (ctx) => ({
      json: { product_stocks: [{ product_id: ctx.w.products[ctx.tenant.brand].id, quantity: 910 }] },
    }),
  },
  'post /api/vendor/{vendor}/product-stock/import': {
    make: async (ctx) => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([`sku,quantity\n${ctx.w.products[ctx.tenant.brand].sku},920\n`]),
        'stok.csv',
      );
      return { form };
    },
  },
  'post /api/vendor/{vendor}/stock-adjustment': {
    make: async (ctx) => ({
      json: {
        note: 'Stock opname',
        items: [{ product_id: ctx.w.products[ctx.tenant.brand].id, adjustment: 1 }],
      },
    }),
  },

  // Brands, categories, vendors
  'post /api/brand': { make: async () => ({ json: brandFormBody(unique('Brand')) }) },
  'delete /api/brand/{brand}': {
    make: async (ctx) => {
      const [brand] = await ctx.w.api.db
        .insert(brands)
        .values({ name: unique('Brand Kosong'), city: 'Bandung' })
        .returning();
      return { params: { brand: brand.id } };
    },
  },
  'put /api/brand/{brand}': { make: async (ctx) => ({ json: brandFormBody(`Brand ${ctx.tenant.brand}`) }) },
  'post /api/brand/{brand}/category': { make: async () => ({ json: { name: unique('Kategori') } }) },
  'get /api/brand/{brand}/category/{id}': {
    make: async (ctx) => ({ params: { id: await categoryOf(ctx.w, ctx.tenant.brand) } }),
  },
  'put /api/brand/{brand}/category/{id}': {
    make: async (ctx) => ({
      params: { id: await categoryOf(ctx.w, ctx.tenant.brand) },
      json: { name: unique('Ganti') },
    }),
  },
  'delete /api/brand/{brand}/category/{id}': {
    make: async (ctx) => ({ params: { id: await categoryOf(ctx.w, ctx.tenant.brand) } }),
  },
  'get /api/vendor/{vendor}/category/{id}': {
    make: async (ctx) => ({ params: { id: ctx.w.products[ctx.tenant.brand].categoryId } }),
  },
  'post /api/vendor': {
    make: async (ctx) => ({ form: vendorForm(ctx.w, [ctx.tenant.brand]) }),
    foreign: 422,
  },
  'get /api/vendor/{id}': {
    make: async (ctx) => ({ params: { id: await vendorServing(ctx.w, [ctx.tenant.brand]) } }),
    shared: async (ctx) => ({ params: { id: await vendorServing(ctx.w, ['A', 'B']) } }),
  },
  'post /api/vendor/{id}': {
    make: async (ctx) => ({
      params: { id: await vendorServing(ctx.w, [ctx.tenant.brand]) },
      form: vendorForm(ctx.w, [ctx.tenant.brand], { _method: 'PUT' }),
    }),
    shared: async (ctx) => ({
      params: { id: await vendorServing(ctx.w, ['A', 'B']) },
      form: vendorForm(ctx.w, ['A'], { _method: 'PUT' }),
    }),
    foreign: 422,
  },
  'delete /api/vendor/{id}': {
    make: async (ctx) => ({ params: { id: await vendorServing(ctx.w, [ctx.tenant.brand]) } }),
    shared: async (ctx) => ({ params: { id: await vendorServing(ctx.w, ['A', 'B']) } }),
  },
  'get /api/import-template/vendor-area': {
    make: async (ctx) => ({ query: { vendor: ctx.w.vendors[ctx.tenant.vendor] } }),
  },
  'get /api/brand/{brand}/vendor/{id}': {
    make: async (ctx) => ({ params: { id: ctx.w.vendors[ctx.tenant.vendor] } }),
  },

  // The audit log and the couriers
  'put /api/shipping-method/{id}': {
    make: async (ctx) => {
      const [method] = await ctx.w.api.db
        .select()
        .from(shippingMethods)
        .where(eq(shippingMethods.channelId, 1))
        .limit(1);
      return { params: { id: method.id }, json: { is_active: true } };
    },
  },

  // Marketplace listings
  'post /api/brand/{brand}/tokopedia/product-commerce': { make: async () => ({ json: listingBody() }) },
  'get /api/brand/{brand}/tokopedia/product-commerce/{id}': {
    make: listingRequest((listing) => ({ params: { id: listing.id } })),
  },
  'put /api/brand/{brand}/tokopedia/product-commerce/{id}': {
    make: listingRequest((listing) => ({
      params: { id: listing.id },
      json: listingBody({ sku: listing.sku, price: 81_000 }),
    })),
  },
  'delete /api/brand/{brand}/tokopedia/product-commerce/{id}': {
    make: listingRequest((listing) => ({ params: { id: listing.id } })),
  },
  'put /api/brand/{brand}/tokopedia/product-commerce/{id}/set-inactive': {
    make: listingRequest((listing) => ({ params: { id: listing.id } })),
  },
  'put /api/brand/{brand}/tokopedia/product-commerce/{id}/set-active': {
    make: listingRequest((listing) => ({ params: { id: listing.id } })),
  },
  'get /api/brand/{brand}/channel-request-log/{channel}/{id}': {
    make: listingRequest((listing) => ({ params: { channel: 1, id: listing.id } })),
  },
  'post /api/brand/{brand}/tokopedia/import/product-price': {
    make: async (ctx) => {
      const listing = await listingOf(ctx.w, ctx.tenant.brand);
      const form = new FormData();
      form.append('file', new Blob([`sku,price\n${listing.sku},72000\n`]), 'harga.csv');
      return { form };
    },
  },
  'get /api/brand/{brand}/tokopedia/variant': { make: async () => ({ query: { cat_id: KAOS_PRIA } }) },
  'get /api/brand/{brand}/tokopedia/v2/product/{id}': {
    make: listingRequest((listing) => ({ params: { id: listing.external_id } })),
  },
  'get /api/brand/{brand}/tokopedia/v2/product/{id}/variant': {
    make: listingRequest((listing) => ({ params: { id: listing.external_id } })),
  },
  'post /api/brand/{brand}/tokopedia/product': {
    make: async () => ({ json: { products: [listingBody()] } }),
  },
  'put /api/brand/{brand}/tokopedia/product/update': {
    make: listingRequest((listing) => ({
      json: { products: [{ id: listing.external_id, ...listingBody({ sku: listing.sku, price: 83_000 }) }] },
    })),
  },
  'post /api/brand/{brand}/tokopedia/product/delete': {
    make: listingRequest((listing) => ({ json: { _method: 'DELETE', product_id: [listing.external_id] } })),
  },
  'post /api/brand/{brand}/tokopedia/product/status/set-inactive': {
    make: listingRequest((listing) => ({ json: { product_id: [listing.external_id] } })),
  },
  'post /api/brand/{brand}/tokopedia/product/status/set-active': {
    make: listingRequest((listing) => ({ json: { product_id: [listing.external_id] } })),
  },
  // The header's search box: every kind of account, its hits narrowed to the caller's reach.
  'get /api/search': { make: async () => ({ query: { q: 'SO' } }) },
};

/** A role of the place with no permission setting yet, for a setting to be created for it. */
async function bareRole(ctx: ExampleContext, where: { brand?: BrandKey; vendor?: VendorKey }) {
  const { roleId, gateSettingId } = await roleOf(ctx.w, where);
  await ctx.w.api.db.delete(gateSettings).where(eq(gateSettings.id, gateSettingId));
  return roleId;
}
