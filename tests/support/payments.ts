import { eq } from 'drizzle-orm';
import { banks } from '../../api/db/schema';
import { completeDeliveredOrders } from '../../api/domains/order/service';
import type { TestApi } from './api';
import { placeOrder, type CatalogueProduct } from './world';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A completed order of the brand and vendor, as the sweep leaves a delivered order three days on: placed,
 * moved to delivered by the vendor, then completed by completeDeliveredOrders.
 */
export async function completedOrder(
  api: TestApi,
  input: {
    brand: 'A' | 'B';
    vendor: 'V1' | 'V2' | 'V3';
    lines: { product: CatalogueProduct; quantity: number; price?: number }[];
  },
) {
  const placed = await placeOrder(api.deps, api.world, { ...input, status: 'delivered' });
  await completeDeliveredOrders(api.deps, new Date(api.clock.now.getTime() + 4 * DAY_MS), 3);
  return placed;
}

/** A bank of the given name, made once per database. */
export async function bankNamed(api: TestApi, name: string) {
  const [found] = await api.db.select().from(banks).where(eq(banks.name, name));
  if (found) return found.id;
  const [bank] = await api.db.insert(banks).values({ name }).returning();
  return bank.id;
}

/** A voucher body for the world's brand and vendor over `orderIds`, fields a test does not name filled in. */
export function voucherBody(
  api: TestApi,
  input: {
    brand: 'A' | 'B';
    vendor: 'V1' | 'V2' | 'V3';
    bankId: number;
    orderIds: number[];
    number?: string;
  },
) {
  return {
    number: input.number ?? `PV/TEST/${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    vendor_id: api.world.vendors[input.vendor],
    brand_id: api.world.brands[input.brand],
    date: '2026-11-20',
    due_date: '2026-12-04',
    bank_id: input.bankId,
    account_number: '1234567890',
    account_holder_name: 'PT Vendor Sejahtera',
    payment_method_description: 'BG-0001',
    order_ids: input.orderIds,
  };
}
