import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../api/db/client';
import {
  brandChannels,
  brands,
  categories,
  channels,
  customers,
  invoiceProducts,
  invoiceOffers,
  invoices,
  media,
  orderProducts,
  orders,
  products,
  roles,
  shippingMethods,
  stockDailySnapshots,
  stockMovements,
  userBrands,
  users,
  vendorAreas,
  vendorBrands,
  vendorStocks,
  vendors,
  type Gender,
} from '../../api/db/schema';
import { hashPassword } from '../../api/access/passwords';
import { ingestInvoiceSchema } from '../../api/domains/invoice/schema';
import { ingestInvoice } from '../../api/domains/invoice/service';
import { acceptOffer, rejectOffer } from '../../api/domains/offer/service';
import { moveOrderStatus } from '../../api/domains/order/service';
import { runWrite } from '../../api/work/unit-of-work';
import { authUserOf as buildAuthUser, servedBrandIdsOfUser } from '../../api/http/auth';
import { effectiveRoleId, permissionsOfRole } from '../../api/access/permissions';
import { grantBuiltInRoles } from '../../api/access/permission-sync';
import { BUILT_IN_GRANTS } from '../../contract/access';
import { keyAccountBrandIds } from '../../api/domains/user/visibility';
import type { AuthUser } from '../../api/access/auth-user';
import type { ApiDeps } from '../../api/http/context';
import { refreshInStockDay } from '../../api/domains/rollup/service';

export const WORLD_PASSWORD = 'rahasia-123';

const ROLE_IDS = { administrator: 1, vendor: 2, brand: 3, keyAccount: 4 } as const;

export type WorldUserKey =
  'admin' | 'keyAccount' | 'brandA' | 'brandB' | 'vendor1' | 'vendor2' | 'vendor1Special' | 'inactive';

export type WorldUser = { id: number; email: string; name: string; roleId: number };

export type CategoryFamily = { parent: number; children: [number, number] };

export type World = {
  password: string;
  roles: typeof ROLE_IDS;
  permissions: Readonly<Record<number, readonly string[]>>;
  channels: { tokopedia: number; shopee: number };
  brands: { A: number; B: number };
  vendors: { V1: number; V2: number; V3: number };
  /** The brands each vendor serves. */
  vendorBrands: { V1: number[]; V2: number[]; V3: number[] };
  categories: { A: CategoryFamily; B: CategoryFamily };
  users: Record<WorldUserKey, WorldUser>;
};

/** A small fixed tenancy world: two brands, three vendors, one user of each kind; every user's password is WORLD_PASSWORD. */
export async function createWorld(db: Database): Promise<World> {
  await db.insert(roles).values([
    { id: ROLE_IDS.administrator, name: 'Administrator' },
    { id: ROLE_IDS.vendor, name: 'Vendor' },
    { id: ROLE_IDS.brand, name: 'Brand' },
    { id: ROLE_IDS.keyAccount, name: 'Key Account' },
  ]);
  await db.execute(sql`select setval(pg_get_serial_sequence('roles', 'id'), 10)`);

  await grantBuiltInRoles(db);

  await db.insert(channels).values([
    { id: 1, name: 'Tokopedia', code: 'tokopedia' },
    { id: 2, name: 'Shopee', code: 'shopee' },
  ]);
  await db.execute(sql`select setval(pg_get_serial_sequence('channels', 'id'), 10)`);
  await db
    .insert(shippingMethods)
    .values([1, 2].flatMap((channelId) => ['JNE', 'TIKI', 'SiCepat'].map((name) => ({ channelId, name }))));

  const [brandA, brandB] = await db
    .insert(brands)
    .values([
      { name: 'Brand A', city: 'Jakarta' },
      { name: 'Brand B', city: 'Bandung' },
    ])
    .returning({ id: brands.id });
  await db.insert(brandChannels).values([
    { brandId: brandA.id, channelId: 1, shopId: 'shop-a-tokopedia' },
    { brandId: brandA.id, channelId: 2, shopId: 'shop-a-shopee' },
    { brandId: brandB.id, channelId: 1, shopId: 'shop-b-tokopedia' },
  ]);

  const [v1, v2, v3] = await db
    .insert(vendors)
    .values([
      { name: 'Vendor Satu', city: 'Jakarta' },
      { name: 'Vendor Dua', city: 'Bandung' },
      { name: 'Vendor Tiga', city: 'Surabaya', isPriority: true },
    ])
    .returning({ id: vendors.id });
  const served = { V1: [brandA.id], V2: [brandB.id], V3: [brandA.id, brandB.id] };
  await db.insert(vendorBrands).values([
    { vendorId: v1.id, brandId: brandA.id },
    { vendorId: v2.id, brandId: brandB.id },
    { vendorId: v3.id, brandId: brandA.id },
    { vendorId: v3.id, brandId: brandB.id },
  ]);

  async function categoryFamily(
    brandId: number,
    parentName: string,
    childNames: [string, string],
  ): Promise<CategoryFamily> {
    const [parent] = await db
      .insert(categories)
      .values({ brandId, name: parentName })
      .returning({ id: categories.id });
    const children = await db
      .insert(categories)
      .values(childNames.map((name) => ({ brandId, name, parentId: parent.id })))
      .returning({ id: categories.id });
    return { parent: parent.id, children: [children[0].id, children[1].id] };
  }
  const categoriesA = await categoryFamily(brandA.id, 'Elektronik', ['Laptop', 'Ponsel']);
  const categoriesB = await categoryFamily(brandB.id, 'Fashion', ['Baju', 'Celana']);

  const passwordHash = await hashPassword(WORLD_PASSWORD);
  const seeds: Record<WorldUserKey, Omit<typeof users.$inferInsert, 'passwordHash'>> = {
    admin: {
      name: 'Admin Satu',
      email: 'admin@world.test',
      roleId: ROLE_IDS.administrator,
      currentBrandId: brandA.id,
    },
    keyAccount: {
      name: 'Key Account Satu',
      email: 'keyaccount@world.test',
      roleId: ROLE_IDS.keyAccount,
      currentBrandId: brandA.id,
    },
    brandA: {
      name: 'Brand A User',
      email: 'brand.a@world.test',
      roleId: ROLE_IDS.brand,
      brandId: brandA.id,
      currentBrandId: brandA.id,
    },
    brandB: {
      name: 'Brand B User',
      email: 'brand.b@world.test',
      roleId: ROLE_IDS.brand,
      brandId: brandB.id,
      currentBrandId: brandB.id,
    },
    vendor1: {
      name: 'Vendor Satu User',
      email: 'vendor1@world.test',
      roleId: ROLE_IDS.vendor,
      vendorId: v1.id,
    },
    vendor2: {
      name: 'Vendor Dua User',
      email: 'vendor2@world.test',
      roleId: ROLE_IDS.vendor,
      vendorId: v2.id,
    },
    vendor1Special: {
      name: 'Vendor Satu Special',
      email: 'vendor1.special@world.test',
      roleId: ROLE_IDS.vendor,
      vendorId: v1.id,
      isSpecialAccount: true,
    },
    inactive: {
      name: 'Tidak Aktif',
      email: 'inactive@world.test',
      roleId: ROLE_IDS.brand,
      brandId: brandA.id,
      isActive: false,
    },
  };
  const keys = Object.keys(seeds) as WorldUserKey[];
  const rows = await db
    .insert(users)
    .values(keys.map((key, index) => ({ ...seeds[key], passwordHash, mobilePhone: `08120000000${index}` })))
    .returning({ id: users.id, email: users.email, name: users.name, roleId: users.roleId });
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  const worldUsers = Object.fromEntries(
    keys.map((key) => [key, byEmail.get(seeds[key].email) as WorldUser]),
  ) as Record<WorldUserKey, WorldUser>;
  await db.insert(userBrands).values({ userId: worldUsers.keyAccount.id, brandId: brandA.id });

  return {
    password: WORLD_PASSWORD,
    roles: ROLE_IDS,
    permissions: BUILT_IN_GRANTS,
    channels: { tokopedia: 1, shopee: 2 },
    brands: { A: brandA.id, B: brandB.id },
    vendors: { V1: v1.id, V2: v2.id, V3: v3.id },
    vendorBrands: served,
    categories: { A: categoriesA, B: categoriesB },
    users: worldUsers,
  };
}

/** A line of a sale: the product (null for a line whose product is gone), units, unit price and units returned. */
export type SaleLine = { productId: number | null; quantity: number; price: number; quantityReturn?: number };

/** An order of a sale; `readyAfterHours` sets ready_to_deliver_at that long after its creation. */
export type SaleOrder = {
  vendorId: number;
  status: (typeof orders.$inferInsert)['statusCode'];
  createdAt?: Date;
  readyAfterHours?: number;
  lines?: SaleLine[];
};

/**
 * An invoice as a marketplace sends it, with its orders (most sales have one; a diverted order is followed by the
 * live one). Orders copy the invoice's lines unless they name their own.
 */
export type Sale = {
  brandId: number;
  channelId: number;
  createdAt: Date;
  status: (typeof invoices.$inferInsert)['statusCode'];
  lines: SaleLine[];
  customerId?: number | null;
  customerName?: string;
  externalNumber?: string;
  paymentMethod?: string | null;
  orders?: SaleOrder[];
};

let saleSequence = 0;

/** Writes an invoice, its lines and its orders with their lines, as the order write paths would leave them. */
export async function insertSale(
  db: Database,
  sale: Sale,
): Promise<{ invoiceId: number; orderIds: number[] }> {
  const sequence = ++saleSequence;
  const units = sale.lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = sale.lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
  const [invoice] = await db
    .insert(invoices)
    .values({
      brandId: sale.brandId,
      channelId: sale.channelId,
      customerId: sale.customerId ?? null,
      externalNumber: sale.externalNumber ?? `INV/TEST/${process.pid}/${sequence}`,
      date: sale.createdAt,
      customerName: sale.customerName ?? `Pembeli ${sequence}`,
      paymentMethod: sale.paymentMethod === undefined ? 'Transfer Bank' : sale.paymentMethod,
      subtotal,
      totalProduct: units,
      grandTotal: subtotal,
      statusCode: sale.status,
      createdAt: sale.createdAt,
      updatedAt: sale.createdAt,
    })
    .returning({ id: invoices.id });
  const invoiceLines = await db
    .insert(invoiceProducts)
    .values(
      sale.lines.map((line, index) => ({
        invoiceId: invoice.id,
        productId: line.productId,
        name: `Produk ${index + 1}`,
        quantity: line.quantity,
        price: line.price,
        totalPrice: line.quantity * line.price,
      })),
    )
    .returning({ id: invoiceProducts.id });
  const orderIds: number[] = [];
  for (const [index, order] of (sale.orders ?? []).entries()) {
    const lines = order.lines ?? sale.lines;
    const createdAt = order.createdAt ?? sale.createdAt;
    const grandTotal = lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
    const grandTotalReturn = lines.reduce((sum, line) => sum + (line.quantityReturn ?? 0) * line.price, 0);
    const [row] = await db
      .insert(orders)
      .values({
        number: `SO/TEST/${process.pid}/${sequence}-${index}`,
        brandId: sale.brandId,
        vendorId: order.vendorId,
        invoiceId: invoice.id,
        channelId: sale.channelId,
        statusCode: order.status,
        date: createdAt,
        grandTotal,
        grandTotalReturn,
        readyToDeliverAt:
          order.readyAfterHours === undefined
            ? null
            : new Date(createdAt.getTime() + order.readyAfterHours * 3_600_000),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id });
    await db.insert(orderProducts).values(
      lines.map((line, lineIndex) => ({
        orderId: row.id,
        invoiceProductId: invoiceLines[lineIndex]?.id ?? null,
        productId: line.productId,
        quantity: line.quantity,
        quantityReturn: line.quantityReturn ?? 0,
        price: line.price,
        totalPrice: line.quantity * line.price,
        totalPriceReturn: (line.quantityReturn ?? 0) * line.price,
      })),
    );
    orderIds.push(row.id);
  }
  return { invoiceId: invoice.id, orderIds };
}

export async function insertProduct(
  db: Database,
  product: { brandId: number; categoryId: number | null; name: string; sku: string; isActive?: boolean },
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ ...product, isActive: product.isActive ?? true })
    .returning({ id: products.id });
  return row.id;
}

export async function insertCustomer(
  db: Database,
  customer: {
    brandId: number;
    name: string;
    phone?: string;
    email?: string;
    gender?: Gender | null;
    city?: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(customers)
    .values({
      brandId: customer.brandId,
      name: customer.name,
      phone: customer.phone ?? null,
      normalizedPhone: customer.phone ? `62${customer.phone.replace(/\D/g, '').replace(/^0/, '')}` : null,
      email: customer.email ?? null,
      gender: customer.gender ?? null,
      city: customer.city ?? null,
    })
    .returning({ id: customers.id });
  return row.id;
}

/**
 * Stock of a vendor (vendor_stocks) and its end-of-day snapshots, `available` per Jakarta day, with the in-stock
 * rollup rows of those days brought up to them, as the snapshot sweep leaves them.
 */
export async function insertStock(
  db: Database,
  stock: { vendorId: number; productId: number; quantity: number; snapshots: Record<string, number> },
): Promise<void> {
  await db
    .insert(vendorStocks)
    .values({ vendorId: stock.vendorId, productId: stock.productId, quantity: stock.quantity })
    .onConflictDoNothing();
  const days = Object.entries(stock.snapshots);
  if (days.length === 0) return;
  await db.insert(stockDailySnapshots).values(
    days.map(([date, available]) => ({
      date,
      vendorId: stock.vendorId,
      productId: stock.productId,
      available,
    })),
  );
  await db.transaction(async (tx) => {
    for (const [date] of days) await refreshInStockDay(tx, date);
  });
}

export async function insertVendorArea(
  db: Database,
  area: { vendorId: number; city: string },
): Promise<void> {
  await db.insert(vendorAreas).values(area);
}

export type CatalogueProduct = {
  id: number;
  sku: string;
  name: string;
  price: number;
  /** Grams per unit. */
  weight: number;
  categoryId: number;
};

/**
 * Products for the world: brand A sells a laptop (category Laptop), a phone (Ponsel) and a charger (the
 * parent Elektronik); brand B a shirt (Baju) and trousers (Celana).
 */
export type Catalogue = {
  A: { laptop: CatalogueProduct; phone: CatalogueProduct; charger: CatalogueProduct };
  B: { shirt: CatalogueProduct; trousers: CatalogueProduct };
};

/** Stock on hand each serving vendor starts with, per product. */
export const CATALOGUE_STOCK = 50;

/**
 * Adds the catalogue, CATALOGUE_STOCK units of each product at every vendor serving its brand (with the
 * import movement the ledger needs), and vendor areas: Vendor Satu covers Jakarta Selatan, Vendor Dua Bandung.
 * Vendor Tiga is the priority vendor of both brands.
 */
export async function createCatalogue(db: Database, world: World): Promise<Catalogue> {
  const rows = [
    {
      key: 'A.laptop',
      brandId: world.brands.A,
      categoryId: world.categories.A.children[0],
      name: 'Laptop Ringan 14',
      sku: 'A-LAP-14',
      price: 7_500_000,
      weight: 1400,
    },
    {
      key: 'A.phone',
      brandId: world.brands.A,
      categoryId: world.categories.A.children[1],
      name: 'Ponsel Pintar X',
      sku: 'A-PON-X',
      price: 2_250_000,
      weight: 200,
    },
    {
      key: 'A.charger',
      brandId: world.brands.A,
      categoryId: world.categories.A.parent,
      name: 'Pengisi Daya 65W',
      sku: 'A-CHG-65',
      price: 350_000,
      weight: 150,
    },
    {
      key: 'B.shirt',
      brandId: world.brands.B,
      categoryId: world.categories.B.children[0],
      name: 'Kemeja Linen',
      sku: 'B-KEM-LIN',
      price: 275_000,
      weight: 250,
    },
    {
      key: 'B.trousers',
      brandId: world.brands.B,
      categoryId: world.categories.B.children[1],
      name: 'Celana Chino',
      sku: 'B-CEL-CHI',
      price: 325_000,
      weight: 400,
    },
  ];
  const inserted = await db
    .insert(products)
    .values(
      rows.map(({ brandId, categoryId, name, sku, price }) => ({
        brandId,
        categoryId,
        name,
        sku,
        vendorPrice: price,
      })),
    )
    .returning({ id: products.id, sku: products.sku });
  const idOf = new Map(inserted.map((row) => [row.sku, row.id]));
  const made = Object.fromEntries(
    rows.map((row) => [
      row.key,
      {
        id: idOf.get(row.sku) as number,
        sku: row.sku,
        name: row.name,
        price: row.price,
        weight: row.weight,
        categoryId: row.categoryId,
      },
    ]),
  ) as Record<string, CatalogueProduct>;
  const servedBy = (brandId: number) =>
    (Object.keys(world.vendorBrands) as (keyof World['vendorBrands'])[])
      .filter((vendor) => world.vendorBrands[vendor].includes(brandId))
      .map((vendor) => world.vendors[vendor]);
  const stock = rows.flatMap((row) =>
    servedBy(row.brandId).map((vendorId) => ({ vendorId, productId: idOf.get(row.sku) as number })),
  );
  await db
    .insert(vendorStocks)
    .values(stock.map((row) => ({ ...row, quantity: CATALOGUE_STOCK, reserved: 0 })));
  await db.insert(stockMovements).values(
    stock.map((row) => ({
      ...row,
      kind: 'import' as const,
      quantity: CATALOGUE_STOCK,
      balanceAfter: CATALOGUE_STOCK,
      note: 'Stok awal',
    })),
  );
  await db.insert(vendorAreas).values([
    { vendorId: world.vendors.V1, province: 'DKI Jakarta', city: 'Jakarta Selatan' },
    { vendorId: world.vendors.V2, province: 'Jawa Barat', city: 'Bandung' },
  ]);
  return {
    A: { laptop: made['A.laptop'], phone: made['A.phone'], charger: made['A.charger'] },
    B: { shirt: made['B.shirt'], trousers: made['B.trousers'] },
  };
}

let invoiceSequence = 0;

/** A marketplace invoice as the ingestion endpoint takes it; each call gets a fresh external number. */
export function invoicePayload(
  lines: { product: CatalogueProduct; quantity: number; price?: number }[],
  overrides: Record<string, unknown> = {},
) {
  invoiceSequence++;
  return {
    external_number: `INV/20260101/MPL/${String(invoiceSequence).padStart(6, '0')}${process.pid}`,
    date: '2026-01-01 09:30:00',
    customer_name: 'Siti Rahayu',
    customer_phone: '0812-3456-7890',
    customer_email: 'siti.rahayu@example.test',
    customer_gender: 'female',
    recipient_name: 'Siti Rahayu',
    recipient_mobile_phone: '081234567890',
    recipient_address_full: 'Jl. Kemang Raya No. 5, Bangka, Jakarta Selatan, DKI Jakarta 12730',
    recipient_sub_district: 'Bangka',
    recipient_city: 'Jakarta Selatan',
    recipient_province: 'DKI Jakarta',
    recipient_postal_code: '12730',
    payment_method: 'Transfer Bank',
    payment_date: '2026-01-01 09:35:00',
    delivery_type: 'JNE Reguler',
    shipping_cost: 18_000,
    insurance_cost: 0,
    voucher_amount: 0,
    cashback_amount: 0,
    products: lines.map(({ product, quantity, price }) => ({
      sku: product.sku,
      name: product.name,
      quantity,
      price: price ?? product.price,
      weight: product.weight,
    })),
    ...overrides,
  };
}

/** An upload by `userId`, as the media endpoint would have stored it (the file itself is not needed). */
export async function createMediaOf(db: Database, userId: number) {
  const [row] = await db
    .insert(media)
    .values({
      name: 'bukti.png',
      encodedName: `${userId}-${Date.now()}-${Math.random().toString(16).slice(2)}.png`,
      size: 68,
      extension: 'png',
      mimeType: 'image/png',
      path: `file/2026/01/${userId}-${Math.random().toString(16).slice(2)}.png`,
      createdBy: userId,
    })
    .returning({ id: media.id });
  return row.id;
}

/** The AuthUser the services expect, for a world user, as requireAuth builds it. */
export async function authUserOf(db: Database, user: WorldUser): Promise<AuthUser> {
  const [row] = await db
    .select({
      user: users,
      permissions: permissionsOfRole(effectiveRoleId),
      keyAccountBrandIds: keyAccountBrandIds,
      servedBrandIds: servedBrandIdsOfUser,
    })
    .from(users)
    .where(eq(users.id, user.id));
  return { ...buildAuthUser(row.user, row), tokenId: '00000000-0000-4000-8000-000000000000' };
}

type VendorKey = keyof World['vendors'];

/** The world user who answers offers and moves orders for a vendor (Vendor Tiga has none, so the admin acts). */
function actorOf(world: World, vendor: VendorKey): WorldUser {
  return vendor === 'V1' ? world.users.vendor1 : vendor === 'V2' ? world.users.vendor2 : world.users.admin;
}

/**
 * An order through the real services: the invoice is ingested (routing it to the priority vendor, Vendor
 * Tiga), offers are rejected until `vendor` holds one, which accepts; then the vendor moves it to `status`.
 */
export async function placeOrder(
  deps: ApiDeps,
  world: World,
  input: {
    brand: 'A' | 'B';
    vendor: VendorKey;
    lines: { product: CatalogueProduct; quantity: number; price?: number }[];
    channel?: 'tokopedia' | 'shopee';
    status?: 'new' | 'ready_to_deliver' | 'on_delivery' | 'delivered';
    overrides?: Record<string, unknown>;
  },
) {
  const brandId = world.brands[input.brand];
  const at = deps.clock();
  const admin = await authUserOf(deps.db, world.users.admin);
  const body = ingestInvoiceSchema.parse(invoicePayload(input.lines, input.overrides));
  const { invoiceId } = await ingestInvoice(
    deps,
    { actorId: admin.id, at },
    {
      brandId,
      channelId: world.channels[input.channel ?? 'tokopedia'],
      body,
      ttlMinutes: deps.config.OFFER_TTL_MINUTES,
    },
  );
  const servedBrands = (vendor: VendorKey) => world.vendorBrands[vendor];
  for (;;) {
    const [offer] = await deps.db
      .select()
      .from(invoiceOffers)
      .where(and(eq(invoiceOffers.invoiceId, invoiceId), eq(invoiceOffers.status, 'pending')));
    if (!offer) throw new Error(`invoice ${invoiceId} ran out of vendors before ${input.vendor}`);
    const key = (Object.keys(world.vendors) as VendorKey[]).find(
      (name) => world.vendors[name] === offer.vendorId,
    );
    const actor = await authUserOf(deps.db, actorOf(world, key as VendorKey));
    const scope = { vendorId: offer.vendorId, brandIds: servedBrands(key as VendorKey) };
    if (key === input.vendor) {
      const order = await runWrite(deps, { actorId: actor.id, at }, (work) =>
        acceptOffer(work, { scope, offerId: offer.id }),
      );
      const steps = ['ready-to-delivery', 'on-delivery', 'delivered'] as const;
      const targets = ['new', 'ready_to_deliver', 'on_delivery', 'delivered'];
      const stepsNeeded = targets.indexOf(input.status ?? 'new');
      const orderScope = {
        side: 'vendor' as const,
        seesShipping: true,
        changesOrders: false,
        brandIds: [brandId],
        vendorId: offer.vendorId,
      };
      const photo = await createMediaOf(deps.db, actorOf(world, input.vendor).id);
      for (const step of steps.slice(0, stepsNeeded)) {
        await runWrite(deps, { actorId: actor.id, at: deps.clock() }, (work) =>
          moveOrderStatus(work, {
            scope: orderScope,
            step,
            orderId: order.id,
            body: { shipping_number: `JNE${order.id}0001`, receiver_name: 'Siti Rahayu', photo_ids: [photo] },
          }),
        );
      }
      return { invoiceId, orderId: order.id, offerId: offer.id, number: order.number };
    }
    await runWrite(deps, { actorId: actor.id, at }, (work) =>
      rejectOffer(work, { scope, offerId: offer.id, ttlMinutes: deps.config.OFFER_TTL_MINUTES }),
    );
  }
}
