import { and, eq } from 'drizzle-orm';
import {
  banks,
  categories,
  gateSettings,
  invoiceOffers,
  invoices,
  media,
  notifications,
  products,
  roles,
  skuChannels,
  updateStockHistories,
  updateStockHistoryItems,
  users,
  vendorBrands,
  vendors,
} from '../../api/db/schema';
import { ingestInvoiceSchema } from '../../api/domains/invoice/schema';
import { ingestInvoice } from '../../api/domains/invoice/service';
import { acceptOffer, rejectOffer } from '../../api/domains/offer/service';
import { completeDeliveredOrders, moveOrderStatus } from '../../api/domains/order/service';
import { runWrite } from '../../api/work/unit-of-work';
import { KIND } from '../../contract/access';
import type { AccessWorld, BrandKey, MatrixActor, Tenant, VendorKey } from './access-actors';
import { listingBody } from './marketplace';
import { invoicePayload } from './world';

let sequence = 0;
export function unique(prefix: string) {
  return `${prefix}-${process.pid}-${++sequence}`;
}

const DAY_MS = 86_400_000;

type OrderStatus = 'new' | 'ready_to_deliver' | 'delivered' | 'completed';

/** An invoice of the tenant's brand, offered (through the real router) until the tenant's vendor holds its offer. */
export async function pendingOffer(w: AccessWorld, tenant: Tenant) {
  const { deps } = w.api;
  const at = deps.clock();
  const body = ingestInvoiceSchema.parse(
    invoicePayload([{ product: w.products[tenant.brand], quantity: 1 }]),
  );
  const { invoiceId } = await ingestInvoice(
    deps,
    { actorId: null, at },
    { brandId: w.brands[tenant.brand], channelId: 1, body, ttlMinutes: deps.config.OFFER_TTL_MINUTES },
  );
  const vendorId = w.vendors[tenant.vendor];
  for (;;) {
    const [offer] = await deps.db
      .select()
      .from(invoiceOffers)
      .where(and(eq(invoiceOffers.invoiceId, invoiceId), eq(invoiceOffers.status, 'pending')));
    if (!offer) throw new Error(`no vendor left before ${tenant.vendor} for brand ${tenant.brand}`);
    if (offer.vendorId === vendorId)
      return { invoiceId, offerId: offer.id, externalNumber: body.external_number };
    const scope = { vendorId: offer.vendorId, brandIds: await servedBrands(w, offer.vendorId) };
    await runWrite(deps, { actorId: null, at }, (work) =>
      rejectOffer(work, { scope, offerId: offer.id, ttlMinutes: deps.config.OFFER_TTL_MINUTES }),
    );
  }
}

async function servedBrands(w: AccessWorld, vendorId: number) {
  const rows = await w.api.db
    .select({ brandId: vendorBrands.brandId })
    .from(vendorBrands)
    .where(eq(vendorBrands.vendorId, vendorId));
  return rows.map((row) => row.brandId);
}

/** An order of the tenant's brand at the tenant's vendor, moved through the real steps to `status`. */
export async function orderOf(w: AccessWorld, tenant: Tenant, status: OrderStatus = 'new') {
  const { deps } = w.api;
  const offered = await pendingOffer(w, tenant);
  const vendorId = w.vendors[tenant.vendor];
  const scope = { vendorId, brandIds: await servedBrands(w, vendorId) };
  const order = await runWrite(deps, { actorId: null, at: deps.clock() }, (work) =>
    acceptOffer(work, { scope, offerId: offered.offerId }),
  );
  const steps = ['ready-to-delivery', 'on-delivery', 'delivered'] as const;
  const needed = { new: 0, ready_to_deliver: 1, delivered: 3, completed: 3 }[status];
  const orderScope = {
    side: 'vendor' as const,
    seesShipping: true,
    changesOrders: false,
    brandIds: [w.brands[tenant.brand]],
    vendorId,
  };
  const photo = needed === 3 ? await mediaOf(w, await vendorUserOf(w, tenant.vendor)) : 0;
  for (const step of steps.slice(0, needed)) {
    await runWrite(deps, { actorId: null, at: deps.clock() }, (work) =>
      moveOrderStatus(work, {
        scope: orderScope,
        step,
        orderId: order.id,
        body: { shipping_number: `JNE${order.id}`, receiver_name: 'Siti Rahayu', photo_ids: [photo] },
      }),
    );
  }
  if (status === 'completed') {
    await completeDeliveredOrders(deps, new Date(w.api.clock.now.getTime() + 4 * DAY_MS), 3);
  }
  return { orderId: order.id, invoiceId: offered.invoiceId, externalNumber: offered.externalNumber };
}

/** A user of the vendor: its delivery photos must be its own uploads. */
async function vendorUserOf(w: AccessWorld, vendor: VendorKey) {
  const [found] = await w.api.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.vendorId, w.vendors[vendor]))
    .limit(1);
  return found ? found.id : (await accountOf(w, { brand: 'A', vendor }, 'vendor')).id;
}

/** The buyer of a fresh invoice of the tenant's brand. */
export async function customerOf(w: AccessWorld, tenant: Tenant) {
  const { invoiceId } = await pendingOffer(w, tenant);
  const [invoice] = await w.api.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return invoice.customerId as number;
}

/** An upload of `userId` (the file itself is not needed to name it). */
export async function mediaOf(w: AccessWorld, userId: number | null) {
  const [row] = await w.api.db
    .insert(media)
    .values({
      name: 'bukti.png',
      encodedName: unique('bukti'),
      size: 68,
      extension: 'png',
      mimeType: 'image/png',
      path: `file/2026/11/${unique('m')}.png`,
      createdBy: userId,
    })
    .returning({ id: media.id });
  return row.id;
}

export async function userIdOf(w: AccessWorld, actor: MatrixActor) {
  const { body } = await w.api.request('/api/account', { token: actor.token });
  return body.data.id as number;
}

export async function notificationOf(w: AccessWorld, userId: number) {
  const [row] = await w.api.db
    .insert(notifications)
    .values({
      userId,
      type: 'order-status',
      data: {
        web: { type: 'order-status', route: '/order', brand: { id: null } },
        notification: {
          title: 'Pesanan',
          description: 'Status berubah',
          timestamp: new Date().toISOString(),
        },
      },
    })
    .returning({ id: notifications.id });
  return row.id;
}

export async function bankOf(w: AccessWorld) {
  const [row] = await w.api.db
    .insert(banks)
    .values({ name: unique('Bank') })
    .returning();
  return row.id;
}

/** A voucher over a fresh completed order of the tenant, made by an administrator through the API. */
export async function voucherOf(w: AccessWorld, tenant: Tenant) {
  const { orderId } = await orderOf(w, tenant, 'completed');
  const response = await w.api.request('/api/send-payment', {
    token: w.adminToken,
    json: voucherBodyOf(w, tenant, [orderId], await bankOf(w)),
  });
  if (response.status !== 201) throw new Error(`voucher not made: ${JSON.stringify(response.body)}`);
  return response.body.data.id as number;
}

export function voucherBodyOf(w: AccessWorld, tenant: Tenant, orderIds: number[], bankId: number) {
  return {
    number: unique('PV/MTX'),
    vendor_id: w.vendors[tenant.vendor],
    brand_id: w.brands[tenant.brand],
    date: '2026-11-20',
    due_date: '2026-12-04',
    bank_id: bankId,
    account_number: '1234567890',
    account_holder_name: 'PT Vendor Sejahtera',
    payment_method_description: 'BG-0001',
    order_ids: orderIds,
  };
}

/** A role (global, of a brand or of a vendor) with its gate setting holding nothing. */
export async function roleOf(w: AccessWorld, where: { brand?: BrandKey; vendor?: VendorKey } = {}) {
  const [role] = await w.api.db
    .insert(roles)
    .values({
      name: unique('Peran'),
      brandId: where.brand ? w.brands[where.brand] : null,
      vendorId: where.vendor ? w.vendors[where.vendor] : null,
    })
    .returning();
  const [setting] = await w.api.db.insert(gateSettings).values({ roleId: role.id }).returning();
  return { roleId: role.id, gateSettingId: setting.id };
}

/**
 * A brand user of the tenant's brand, or (`kind: 'vendor'`) a user of the tenant's vendor, on a role of its brand or
 * vendor holding nothing: whoever may manage the tenant's accounts outranks it.
 */
export async function accountOf(w: AccessWorld, tenant: Tenant, kind: 'brand' | 'vendor') {
  const { roleId } = await roleOf(w, kind === 'brand' ? { brand: tenant.brand } : { vendor: tenant.vendor });
  const email = `${unique(kind)}@matrix.test`.toLowerCase();
  const [row] = await w.api.db
    .insert(users)
    .values({
      name: 'Akun Matriks',
      email,
      passwordHash: 'x',
      mobilePhone: '081200000088',
      roleId: kind === 'brand' ? KIND.brand : KIND.vendor,
      assignedRoleId: roleId,
      brandId: kind === 'brand' ? w.brands[tenant.brand] : null,
      vendorId: kind === 'vendor' ? w.vendors[tenant.vendor] : null,
    })
    .returning();
  return { id: row.id, email };
}

/** What a record of a brand needs of a world: the API and the brands' ids (the access world, or the test world's). */
export type BrandWorld = { api: AccessWorld['api']; brands: Partial<Record<BrandKey, number>> };

export async function productOf(w: BrandWorld, brand: BrandKey) {
  const brandId = w.brands[brand] as number;
  const [category] = await w.api.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.brandId, brandId))
    .limit(1);
  const sku = unique(`MTX-P-${brand}`);
  const [row] = await w.api.db
    .insert(products)
    .values({
      brandId,
      categoryId: category.id,
      name: `Produk ${sku}`,
      sku,
      vendorPrice: 90_000,
    })
    .returning();
  return { id: row.id, sku, categoryId: category.id };
}

export async function categoryOf(w: AccessWorld, brand: BrandKey) {
  const [row] = await w.api.db
    .insert(categories)
    .values({ brandId: w.brands[brand], name: unique('Kategori') })
    .returning();
  return row.id;
}

/** A vendor serving exactly `brands`. */
export async function vendorServing(w: AccessWorld, brandKeys: BrandKey[]) {
  const [row] = await w.api.db
    .insert(vendors)
    .values({ name: unique('Vendor'), city: 'Jakarta' })
    .returning();
  await w.api.db
    .insert(vendorBrands)
    .values(brandKeys.map((brand) => ({ vendorId: row.id, brandId: w.brands[brand] })));
  return row.id;
}

/** A listing of the brand's Tokopedia shop, pushed through the sandbox by an administrator. */
export async function listingOf(w: AccessWorld, brand: BrandKey) {
  const response = await w.api.request(`/api/brand/${w.brands[brand]}/tokopedia/product-commerce`, {
    token: w.adminToken,
    json: listingBody(),
  });
  if (response.status !== 201) throw new Error(`listing not made: ${JSON.stringify(response.body)}`);
  return response.body.data as { id: number; external_id: string; sku: string };
}

export async function skuChannelOf(w: AccessWorld, brand: BrandKey) {
  const [row] = await w.api.db
    .insert(skuChannels)
    .values({ brandId: w.brands[brand], channelId: 1, name: 'Kaos', sku: unique('SKU') })
    .returning();
  return row.id;
}

export async function stockHistoryOf(w: AccessWorld, tenant: Tenant) {
  const [row] = await w.api.db
    .insert(updateStockHistories)
    .values({ brandId: w.brands[tenant.brand], vendorId: w.vendors[tenant.vendor] })
    .returning();
  await w.api.db
    .insert(updateStockHistoryItems)
    .values({ historyId: row.id, productId: w.products[tenant.brand].id, quantity: 40 });
  return row.id;
}
