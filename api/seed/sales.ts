import type { Executor } from '../db/client';
import {
  customers,
  invoiceOffers,
  invoiceProducts,
  invoices,
  orderProducts,
  orders,
  replacedOrderProducts,
  type Gender,
  type InvoiceOfferStatus,
  type InvoiceStatusCode,
  type OrderStatusCode,
} from '../db/schema';
import { BRAND_LABELS } from '../domains/order/statuses';
import { bulkInsert } from './bulk-insert';
import { drawProduct, stockKey, type Catalogue, type CatalogueProduct } from './catalogue';
import { createRandom, seedFrom, type Random } from './random';
import {
  CITIES,
  COURIERS,
  FEMALE_NAMES,
  LAST_NAMES,
  MALE_NAMES,
  PAYMENT_METHODS,
  RETURN_NOTES,
  STREETS,
  type City,
  type Courier,
} from './reference-data';
import { DAY, HOUR, MINUTE, jakartaDate } from './time';
import { FIRST_BRAND_SHARE, HISTORY_DAYS } from './volume';
import type { World, WorldBrand, WorldChannel, WorldVendor } from './world';

export const DEMO_PENDING_OFFERS = 12;
/** How long the demo vendor's pending offers stay open after the seeding. */
const DEMO_OFFER_HOURS = 12;
const OFFER_TTL = 30 * MINUTE;
const COMPLETE_AFTER = 3 * DAY;
const FLUSH_EVERY = 5000;
/** Orders and offers this recent are remembered for the demo users' notifications. */
const NOTIFY_WINDOW = 14 * DAY;

export type RecentOrder = {
  id: number;
  number: string;
  brandId: number;
  vendorId: number;
  status: OrderStatusCode;
  at: Date;
};
export type RecentOffer = {
  id: number;
  externalNumber: string;
  vendorId: number;
  brandId: number;
  status: InvoiceOfferStatus;
  at: Date;
};

export type SalesResult = {
  invoiceCount: number;
  orderCount: number;
  recentOrders: RecentOrder[];
  recentOffers: RecentOffer[];
};

type CustomerProfile = {
  name: string;
  gender: Gender | null;
  phone: string;
  email: string | null;
  city: City;
  address: string;
  subDistrict: string;
  postalCode: string;
};

type Line = { invoiceProductId: number; product: CatalogueProduct; quantity: number; price: number };

type InvoiceContext = {
  id: number;
  brand: WorldBrand;
  channel: WorldChannel;
  externalNumber: string;
  recipientName: string;
  city: City;
  courier: Courier;
  lines: Line[];
};

type OrderOutcome = { status: OrderStatusCode; lastAt: Date; canceledAt: Date | null };

type OfferStep = { vendor: WorldVendor; outcome: 'rejected' | 'expired' | 'accepted' };

const CITY_WEIGHTS = CITIES.map((city) => [city, city.weight] as const);

export function brandStatusLabel(status: OrderStatusCode): string {
  return BRAND_LABELS[status];
}

function invoiceStatusOf(status: OrderStatusCode): InvoiceStatusCode {
  return status === 'diverted' ? 'new' : status;
}

/**
 * Invoices spread over the year before `now` (denser towards the end), each routed to vendors through
 * offers, most turned into an order that has moved as far through fulfilment as its age allows, plus
 * pending offers for the demo vendor. Rows are written every few thousand invoices, so memory stays flat
 * however many orders are asked for.
 */
export async function seedSales({
  db,
  rng,
  world,
  catalogue,
  orderTarget,
}: {
  db: Executor;
  rng: Random;
  world: World;
  catalogue: Catalogue;
  orderTarget: number;
}): Promise<SalesResult> {
  const { now } = world;
  const nowMs = now.getTime();
  const customerSeed = rng.int(0, 2 ** 31);

  const ids = {
    invoice: 0,
    invoiceProduct: 0,
    offer: 0,
    order: 0,
    orderProduct: 0,
    customer: 0,
    replaced: 0,
  };
  const monthCounters = new Map<string, number>();
  const buffers = {
    customers: [] as (typeof customers.$inferInsert)[],
    invoices: [] as (typeof invoices.$inferInsert)[],
    invoiceProducts: [] as (typeof invoiceProducts.$inferInsert)[],
    offers: [] as (typeof invoiceOffers.$inferInsert)[],
    orders: [] as (typeof orders.$inferInsert)[],
    orderProducts: [] as (typeof orderProducts.$inferInsert)[],
    replaced: [] as (typeof replacedOrderProducts.$inferInsert)[],
  };
  const recentOrders: RecentOrder[] = [];
  const recentOffers: RecentOffer[] = [];

  const pools = new Map(
    world.brands.map((brand, index) => {
      const size = Math.max(120, Math.round(orderTarget * 0.45 * (index === 0 ? 0.6 : 0.4)));
      return [brand.id, { size, loyal: Math.max(20, Math.round(size * 0.08)), ids: new Int32Array(size) }];
    }),
  );
  const vendorsByBrand = new Map(
    world.brands.map((brand) => [
      brand.id,
      world.vendors.filter((vendor) => vendor.brandIds.includes(brand.id)),
    ]),
  );

  async function flush() {
    await bulkInsert(db, customers, buffers.customers);
    await bulkInsert(db, invoices, buffers.invoices);
    await bulkInsert(db, invoiceProducts, buffers.invoiceProducts);
    await bulkInsert(db, invoiceOffers, buffers.offers);
    await bulkInsert(db, orders, buffers.orders);
    await bulkInsert(db, orderProducts, buffers.orderProducts);
    await bulkInsert(db, replacedOrderProducts, buffers.replaced);
    for (const buffer of Object.values(buffers)) buffer.length = 0;
  }

  function profile(brandId: number, index: number): CustomerProfile {
    const own = createRandom(seedFrom(`${customerSeed}:${brandId}:${index}`));
    const female = own.chance(0.58);
    const first = own.pick(female ? FEMALE_NAMES : MALE_NAMES);
    const last = own.pick(LAST_NAMES);
    const city = own.weighted(CITY_WEIGHTS);
    const subDistrict = own.pick(city.subDistricts);
    const digits = String((index * 48_271 + brandId * 1_000_003) % 100_000_000).padStart(8, '0');
    return {
      name: `${first} ${last}`,
      gender: own.chance(0.85) ? (female ? 'female' : 'male') : null,
      phone: `08${own.pick(['12', '13', '21', '22', '52', '53', '57', '77', '78', '95', '81'])}${digits}`,
      email: own.chance(0.75)
        ? `${first}.${last}${index}@${own.pick(['gmail.com', 'yahoo.co.id', 'outlook.com'])}`.toLowerCase()
        : null,
      city,
      address: `${own.pick(STREETS)} No. ${own.int(1, 250)}`,
      subDistrict,
      postalCode: `${city.postalPrefix}${own.int(110, 999)}`,
    };
  }

  function customerFor(brandId: number, at: Date): { id: number; person: CustomerProfile } {
    const pool = pools.get(brandId) as { size: number; loyal: number; ids: Int32Array };
    const index = rng.chance(0.35) ? rng.int(0, pool.loyal - 1) : rng.int(0, pool.size - 1);
    const person = profile(brandId, index);
    if (pool.ids[index] === 0) {
      pool.ids[index] = ++ids.customer;
      buffers.customers.push({
        id: pool.ids[index],
        brandId,
        name: person.name,
        email: person.email,
        phone: person.phone,
        normalizedPhone: `62${person.phone.slice(1)}`,
        gender: person.gender,
        city: person.city.name,
        createdAt: at,
        updatedAt: at,
      });
    }
    return { id: pool.ids[index], person };
  }

  function externalNumber(channel: WorldChannel, seq: number, at: Date) {
    const day = jakartaDate(at).replace(/-/g, '');
    if (channel.code === 'tokopedia') {
      return `INV/${day}/MPL/${1_000_000_000 + ((seq * 7_919_993) % 9_000_000_000)}`;
    }
    const code = ((seq * 2_654_435_761) % 36 ** 7).toString(36).toUpperCase().padStart(7, '0');
    return `${day.slice(2)}${code}`;
  }

  function orderNumber(at: Date) {
    const month = jakartaDate(at).slice(0, 7).replace('-', '/');
    const next = (monthCounters.get(month) ?? 0) + 1;
    monthCounters.set(month, next);
    return `SO/${month}/${String(next).padStart(6, '0')}`;
  }

  function pickVendor(brand: WorldBrand, city: City, exclude: readonly number[]): WorldVendor {
    const candidates = (vendorsByBrand.get(brand.id) as WorldVendor[]).filter(
      (vendor) => !exclude.includes(vendor.id),
    );
    return rng.weighted(
      candidates.map((vendor) => {
        const covers = vendor.areaCities.includes(city.name);
        return [vendor, (covers ? 6 : 1) * (vendor.isPriority ? 2 : 1)] as const;
      }),
    );
  }

  function remember(order: RecentOrder) {
    if (nowMs - order.at.getTime() <= NOTIFY_WINDOW) recentOrders.push(order);
  }

  /**
   * One order from `createdAt`, its timeline cut at `now`: ready after the vendor's SLA, shipped, delivered,
   * completed three days later; a few are canceled, and a few diverted to another vendor with a replacement.
   */
  function createOrder(
    invoice: InvoiceContext,
    vendor: WorldVendor,
    createdAt: Date,
    replaces: { id: number; number: string } | null,
  ): OrderOutcome {
    const id = ++ids.order;
    const number = orderNumber(createdAt);
    const created = createdAt.getTime();
    const slaHours = rng.weighted([
      [0.5 + rng.next() * 9.5, 7],
      [10 + rng.next() * 14, 2],
      [24 + rng.next() * 24, 1],
    ]);
    const readyAt = created + slaHours * vendor.slaFactor * HOUR;
    const shippedAt = readyAt + rng.int(1, 20) * HOUR + rng.int(0, 59) * MINUTE;
    const deliveredAt = shippedAt + rng.int(18, 96) * HOUR + rng.int(0, 59) * MINUTE;
    const completedAt = deliveredAt + COMPLETE_AFTER;
    const fate = replaces
      ? 'normal'
      : rng.weighted([
          ['normal', 93],
          ['cancel', 4],
          ['divert', 3],
        ] as const);
    const stopAt = fate === 'normal' ? Infinity : created + rng.next() * (shippedAt - created);

    const steps: [OrderStatusCode, number][] = [
      ['ready_to_deliver', readyAt],
      ['on_delivery', shippedAt],
      ['delivered', deliveredAt],
      ['completed', completedAt],
    ];
    let status: OrderStatusCode = 'new';
    let lastAt = created;
    const reached = new Map<OrderStatusCode, Date>();
    for (const [step, at] of steps) {
      if (at > nowMs || at >= stopAt) break;
      status = step;
      lastAt = at;
      reached.set(step, new Date(at));
    }
    let canceledAt: Date | null = null;
    let divertedAt: Date | null = null;
    if (stopAt <= nowMs) {
      lastAt = Math.floor(stopAt);
      if (fate === 'cancel') {
        status = 'canceled';
        canceledAt = new Date(lastAt);
      } else {
        status = 'diverted';
        divertedAt = new Date(lastAt);
      }
    }

    const receiverName = reached.has('delivered')
      ? rng.chance(0.8)
        ? invoice.recipientName
        : `${rng.pick([...MALE_NAMES, ...FEMALE_NAMES])} (${rng.pick(['Satpam', 'Keluarga', 'Tetangga', 'Resepsionis'])})`
      : null;
    const lineIds: number[] = [];
    let grandTotal = 0;
    let totalWeight = 0;
    for (const line of invoice.lines) {
      const lineId = ++ids.orderProduct;
      lineIds.push(lineId);
      grandTotal += line.price * line.quantity;
      totalWeight += line.product.weight * line.quantity;
      buffers.orderProducts.push({
        id: lineId,
        orderId: id,
        invoiceProductId: line.invoiceProductId,
        productId: line.product.id,
        quantity: line.quantity,
        price: line.price,
        totalPrice: line.price * line.quantity,
        quantityReturn: 0,
        totalPriceReturn: 0,
        totalWeight: line.product.weight * line.quantity,
      });
    }

    let grandTotalReturn = 0;
    const deliveredOn = reached.get('delivered');
    if (deliveredOn && rng.chance(0.05)) {
      const returnedAt = deliveredOn.getTime() + rng.int(2, 48) * HOUR;
      const index = returnedAt <= nowMs ? rng.int(0, invoice.lines.length - 1) : 0;
      const line = invoice.lines[index];
      // A buyer sends back part of a line and keeps the rest, so a product never has more orders than units sold.
      const quantity = returnedAt <= nowMs ? Math.min(rng.int(1, line.quantity), line.quantity - 1) : 0;
      if (quantity > 0) {
        const row = buffers.orderProducts[buffers.orderProducts.length - invoice.lines.length + index];
        row.quantityReturn = quantity;
        row.totalPriceReturn = line.price * quantity;
        grandTotalReturn = line.price * quantity;
        buffers.replaced.push({
          id: ++ids.replaced,
          orderProductId: lineIds[index],
          quantity,
          note: rng.pick(RETURN_NOTES),
          createdBy: world.brandOperator.get(invoice.brand.id) ?? null,
          createdAt: new Date(returnedAt),
        });
        lastAt = Math.max(lastAt, returnedAt);
      }
    }

    buffers.orders.push({
      id,
      number,
      brandId: invoice.brand.id,
      vendorId: vendor.id,
      invoiceId: invoice.id,
      channelId: invoice.channel.id,
      statusCode: status,
      date: createdAt,
      grandTotal,
      grandTotalReturn,
      totalWeight,
      deliveryType: invoice.courier.name,
      receiverName,
      shippingNumber: reached.has('on_delivery')
        ? `${invoice.courier.code}${10_000_000_000 + id * 7_919}`
        : null,
      refOrderId: replaces?.id ?? null,
      refOrderNumber: replaces?.number ?? null,
      readyToDeliverAt: reached.get('ready_to_deliver') ?? null,
      onDeliveryAt: reached.get('on_delivery') ?? null,
      deliveredAt: reached.get('delivered') ?? null,
      completedAt: reached.get('completed') ?? null,
      canceledAt,
      divertedAt,
      createdAt,
      updatedAt: new Date(lastAt),
    });
    remember({ id, number, brandId: invoice.brand.id, vendorId: vendor.id, status, at: new Date(lastAt) });

    if (divertedAt) {
      const next = pickVendor(invoice.brand, invoice.city, [vendor.id]);
      return createOrder(invoice, next, divertedAt, { id, number });
    }
    return { status, lastAt: new Date(lastAt), canceledAt };
  }

  /**
   * Offers the invoice to each vendor in turn from `startAt`; the chain stops at `now`, leaving the offer
   * then open as pending. Returns when the accepted offer was accepted, if it was.
   */
  function runOffers(
    invoice: InvoiceContext,
    steps: OfferStep[],
    startAt: number,
  ): { acceptedAt: Date | null; endAt: number; pending: boolean } {
    let cursor = startAt;
    for (const step of steps) {
      if (cursor > nowMs) return { acceptedAt: null, endAt: nowMs, pending: false };
      const id = ++ids.offer;
      const responseAt =
        step.outcome === 'expired'
          ? cursor + OFFER_TTL
          : cursor + rng.int(1, 25) * MINUTE + rng.int(0, 59) * 1000;
      const vendorUser = (world.vendorUsers.get(step.vendor.id) as number[])[0];
      const createdAt = new Date(cursor);
      const pending = responseAt > nowMs;
      const status: InvoiceOfferStatus = pending ? 'pending' : step.outcome;
      buffers.offers.push({
        id,
        invoiceId: invoice.id,
        vendorId: step.vendor.id,
        status,
        expiresAt: new Date(cursor + OFFER_TTL),
        respondedAt: pending || step.outcome === 'expired' ? null : new Date(responseAt),
        respondedBy: pending || step.outcome === 'expired' ? null : vendorUser,
        createdAt,
        updatedAt: pending ? createdAt : new Date(responseAt),
      });
      if (nowMs - cursor <= NOTIFY_WINDOW) {
        recentOffers.push({
          id,
          externalNumber: invoice.externalNumber,
          vendorId: step.vendor.id,
          brandId: invoice.brand.id,
          status,
          at: createdAt,
        });
      }
      if (pending) return { acceptedAt: null, endAt: nowMs, pending: true };
      if (step.outcome === 'accepted')
        return { acceptedAt: new Date(responseAt), endAt: responseAt, pending: false };
      cursor = responseAt + rng.int(0, 120) * 1000;
    }
    return { acceptedAt: null, endAt: cursor, pending: false };
  }

  function drawLines(brand: WorldBrand, count: number, allowed?: (product: CatalogueProduct) => boolean) {
    const chosen: CatalogueProduct[] = [];
    for (let attempt = 0; chosen.length < count && attempt < count * 20; attempt++) {
      const product = drawProduct(rng, catalogue, brand.id);
      if (chosen.includes(product) || (allowed && !allowed(product))) continue;
      chosen.push(product);
    }
    return chosen;
  }

  /** Writes the invoice and its lines; returns what its offers and orders need. */
  function createInvoice(
    brand: WorldBrand,
    channel: WorldChannel,
    at: Date,
    chosen: CatalogueProduct[],
  ): { invoice: InvoiceContext; row: typeof invoices.$inferInsert; person: CustomerProfile; paidAt: Date } {
    const id = ++ids.invoice;
    const { id: customerId, person } = customerFor(brand.id, at);
    const courier = rng.weighted(COURIERS[channel.code]);
    const paymentMethod = rng.weighted(PAYMENT_METHODS[channel.code]);
    const lines: Line[] = chosen.map((product) => {
      const quantity = rng.weighted([
        [1, 70],
        [2, 20],
        [rng.int(3, 5), 10],
      ]);
      const price = rng.chance(0.1) ? Math.round((product.price * 0.9) / 100) * 100 : product.price;
      return { invoiceProductId: ++ids.invoiceProduct, product, quantity, price };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const totalProduct = lines.reduce((sum, line) => sum + line.quantity, 0);
    const weight = lines.reduce((sum, line) => sum + line.product.weight * line.quantity, 0);
    const shippingCost = 9000 + Math.ceil(weight / 1000) * rng.int(2, 6) * 1000;
    const insuranceCost = rng.chance(0.25) ? Math.max(500, Math.ceil((subtotal * 0.002) / 100) * 100) : 0;
    const voucherAmount = rng.chance(0.2)
      ? Math.min(rng.pick([5000, 10000, 15000, 20000, 25000, 50000]), Math.floor(subtotal / 3 / 1000) * 1000)
      : 0;
    const cashbackAmount = rng.chance(0.1) ? Math.min(25000, Math.round((subtotal * 0.05) / 100) * 100) : 0;
    const recipientIsBuyer = rng.chance(0.85);
    const recipientName = recipientIsBuyer
      ? person.name
      : `${rng.pick([...MALE_NAMES, ...FEMALE_NAMES])} ${person.name.split(' ')[1]}`;
    const preorderDays = rng.chance(0.04) ? rng.int(3, 14) : null;
    const paidAt = paymentMethod === 'COD' ? at : new Date(at.getTime() + rng.int(1, 20) * MINUTE);
    const invoice: InvoiceContext = {
      id,
      brand,
      channel,
      externalNumber: externalNumber(channel, id, at),
      recipientName,
      city: person.city,
      courier,
      lines,
    };
    for (const line of lines) {
      buffers.invoiceProducts.push({
        id: line.invoiceProductId,
        invoiceId: id,
        productId: line.product.id,
        name: line.product.name,
        sku: line.product.sku,
        quantity: line.quantity,
        price: line.price,
        totalPrice: line.price * line.quantity,
        weight: line.product.weight * line.quantity,
      });
    }
    const row: typeof invoices.$inferInsert = {
      id,
      brandId: brand.id,
      channelId: channel.id,
      customerId,
      externalNumber: invoice.externalNumber,
      date: at,
      customerName: person.name,
      customerPhone: person.phone,
      customerEmail: person.email,
      recipientName,
      recipientMobilePhone: recipientIsBuyer
        ? person.phone
        : `08${rng.pick(['12', '13', '57', '77'])}${rng.int(10_000_000, 99_999_999)}`,
      recipientAddressFull: `${person.address}, ${person.subDistrict}, ${person.city.name}, ${person.city.province} ${person.postalCode}`,
      recipientSubDistrict: person.subDistrict,
      recipientCity: person.city.name,
      recipientProvince: person.city.province,
      recipientPostalCode: person.postalCode,
      paymentMethod,
      paymentDate: paymentMethod === 'COD' ? null : paidAt,
      deliveryType: courier.name,
      shippingCost,
      insuranceCost,
      voucherAmount,
      cashbackAmount,
      subtotal,
      totalProduct,
      grandTotal: subtotal + shippingCost + insuranceCost - voucherAmount,
      statusCode: 'new',
      canceledAt: null,
      preorderDeadline: preorderDays ? new Date(at.getTime() + preorderDays * DAY) : null,
      preorderProcessDay: preorderDays,
      preorderProcessStart: preorderDays ? at : null,
      vouchers:
        voucherAmount > 0 ? [{ name: `Diskon Toko ${voucherAmount / 1000}RB`, amount: voucherAmount }] : [],
      rawData: {
        products: lines.map((line) => ({
          name: line.product.name,
          sku: line.product.sku,
          quantity: line.quantity,
          price: line.price,
        })),
      },
      createdAt: at,
      updatedAt: at,
    };
    buffers.invoices.push(row);
    return { invoice, row, person, paidAt };
  }

  function offerSteps(
    brand: WorldBrand,
    city: City,
    final: WorldVendor | null,
    failures: number,
  ): OfferStep[] {
    const used = final ? [final.id] : [];
    const steps: OfferStep[] = [];
    const available = (vendorsByBrand.get(brand.id) as WorldVendor[]).length - used.length;
    for (let n = 0; n < Math.min(failures, available); n++) {
      const vendor = pickVendor(brand, city, used);
      used.push(vendor.id);
      steps.push({ vendor, outcome: rng.chance(0.5) ? 'rejected' : 'expired' });
    }
    if (final) steps.push({ vendor: final, outcome: 'accepted' });
    return steps;
  }

  const start = nowMs - HISTORY_DAYS * DAY;
  const span = HISTORY_DAYS * DAY - 10 * MINUTE;
  for (let n = 0; n < orderTarget; n++) {
    // Spacing follows x^0.8, so recent months hold more invoices than old ones: a growing shop.
    const at = new Date(start + Math.pow((n + rng.next()) / orderTarget, 0.8) * span);
    const brand = rng.chance(FIRST_BRAND_SHARE) ? world.brands[0] : world.brands[1];
    const channel = rng.chance(0.55) ? world.channels[0] : world.channels[1];
    const chosen = drawLines(
      brand,
      rng.weighted([
        [1, 55],
        [2, 28],
        [3, 12],
        [4, 5],
      ]),
    );
    const { invoice, row, person, paidAt } = createInvoice(brand, channel, at, chosen);
    const fate = rng.weighted([
      ['ordered', 975],
      ['canceled', 15],
      ['unrouted', 10],
    ] as const);
    const offerStart = paidAt.getTime() + rng.int(1, 3) * MINUTE;
    if (fate === 'ordered') {
      const vendor = pickVendor(brand, person.city, []);
      const failures = rng.weighted([
        [0, 80],
        [1, 15],
        [2, 5],
      ]);
      const offers = runOffers(invoice, offerSteps(brand, person.city, vendor, failures), offerStart);
      row.updatedAt = new Date(offers.endAt);
      if (offers.acceptedAt) {
        const outcome = createOrder(invoice, vendor, offers.acceptedAt, null);
        row.statusCode = invoiceStatusOf(outcome.status);
        row.canceledAt = outcome.canceledAt;
        row.updatedAt = outcome.lastAt;
      }
    } else {
      const offers = runOffers(invoice, offerSteps(brand, person.city, null, rng.int(1, 3)), offerStart);
      row.updatedAt = new Date(offers.endAt);
      const canceledAt = offers.endAt + rng.int(1, 48) * HOUR;
      if (fate === 'canceled' && !offers.pending && canceledAt <= nowMs) {
        row.statusCode = 'canceled';
        row.canceledAt = new Date(canceledAt);
        row.updatedAt = row.canceledAt;
      }
    }
    if (buffers.invoices.length >= FLUSH_EVERY) await flush();
  }

  const demoVendor = world.vendors.find((vendor) => vendor.id === world.demoVendorId) as WorldVendor;
  const demoBrand = world.brands.find((brand) => demoVendor.brandIds.includes(brand.id)) as WorldBrand;
  const inStock = (product: CatalogueProduct) =>
    (catalogue.stock.get(stockKey(demoVendor.id, product.id)) ?? 0) > 0;
  for (let n = 0; n < DEMO_PENDING_OFFERS; n++) {
    const at = new Date(nowMs - (DEMO_PENDING_OFFERS - n) * rng.int(12, 15) * MINUTE - 40 * MINUTE);
    const channel = world.channels[n % world.channels.length];
    const chosen = drawLines(
      demoBrand,
      rng.weighted([
        [1, 55],
        [2, 30],
        [3, 15],
      ]),
      inStock,
    );
    const { invoice, row, person } = createInvoice(demoBrand, channel, at, chosen);
    const steps = offerSteps(demoBrand, person.city, null, n % 3 === 0 ? 1 : 0).filter(
      (step) => step.vendor.id !== demoVendor.id,
    );
    const prior = runOffers(invoice, steps, at.getTime() + MINUTE);
    const offeredAt = new Date(Math.min(prior.endAt, nowMs - MINUTE));
    const id = ++ids.offer;
    // Open for half a day from the seeding (not the live 30 minutes): the demo shows them pending through a
    // session, with a date that reads as the day it was seeded. From the seeding, not from when each was offered
    // (often days before): an offer already past its end would be expired by the first sweep and its invoice
    // offered on, which floods the vendors' screens with offers right after a start.
    buffers.offers.push({
      id,
      invoiceId: invoice.id,
      vendorId: demoVendor.id,
      status: 'pending',
      expiresAt: new Date(nowMs + DEMO_OFFER_HOURS * HOUR),
      respondedAt: null,
      respondedBy: null,
      createdAt: offeredAt,
      updatedAt: offeredAt,
    });
    recentOffers.push({
      id,
      externalNumber: invoice.externalNumber,
      vendorId: demoVendor.id,
      brandId: demoBrand.id,
      status: 'pending',
      at: offeredAt,
    });
    row.updatedAt = offeredAt;
  }
  await flush();

  return { invoiceCount: ids.invoice, orderCount: ids.order, recentOrders, recentOffers };
}
