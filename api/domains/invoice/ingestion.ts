import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brandChannels, customers, invoiceProducts, invoices, products } from '../../db/schema';
import { conflict, notFound, validationFailed, type FieldErrors } from '../../api-error';
import { runWrite, type Work, type WriteContext, type WriteDeps } from '../../work/unit-of-work';
import { offerToNextVendor } from '../offer/service';
import { publishInvoiceEvent } from '../order/service';
import type { IngestInvoiceBody } from './schema';

/** Digits with the country code, as the seed stores them: `0812-3456-7890` → `6281234567890`. */
export function normalisePhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 6) return null;
  if (digits.startsWith('0')) return `62${digits.slice(1)}`;
  if (digits.startsWith('8')) return `62${digits}`;
  return digits;
}

/** Another request stored the same marketplace invoice first; this one rolls back and answers with that one. */
class AlreadyStored extends Error {}

async function findExisting(executor: Executor, channelId: number, externalNumber: string) {
  const [row] = await executor
    .select({ id: invoices.id, brandId: invoices.brandId })
    .from(invoices)
    .where(and(eq(invoices.channelId, channelId), eq(invoices.externalNumber, externalNumber)));
  return row;
}

/**
 * The buyer, one per brand by normalised phone, else lower-cased email (the seed's buyer_key); none when
 * the marketplace gives neither. An existing buyer gets the newer name, email, gender and city.
 */
async function upsertCustomer(work: Work, brandId: number, body: IngestInvoiceBody, at: Date) {
  const normalizedPhone = normalisePhone(body.customer_phone);
  const email = body.customer_email ? body.customer_email.toLowerCase() : null;
  if (!normalizedPhone && !email) return null;
  const [row] = await work.tx
    .insert(customers)
    .values({
      brandId,
      name: body.customer_name,
      email,
      phone: body.customer_phone ?? null,
      normalizedPhone,
      gender: body.customer_gender ?? null,
      city: body.recipient_city,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [customers.brandId, customers.buyerKey],
      set: {
        name: body.customer_name,
        email: sql`coalesce(${email}, ${customers.email})`,
        gender: sql`coalesce(${body.customer_gender ?? null}, ${customers.gender})`,
        city: body.recipient_city,
        updatedAt: at,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ id: customers.id, inserted: sql<boolean>`xmax = 0` });
  if (row.inserted) work.rollups.customerAdded(brandId);
  return row.id;
}

/**
 * Stores a marketplace invoice for the brand and starts routing it to vendors. Idempotent on
 * (channel, external_number): the same invoice posted again changes nothing and answers with the first.
 */
export async function ingestInvoice(
  deps: WriteDeps,
  context: WriteContext,
  input: { brandId: number; channelId: number; body: IngestInvoiceBody; ttlMinutes: number },
): Promise<{ created: boolean; invoiceId: number }> {
  const { db } = deps;
  const { at } = context;
  const { body, brandId, channelId } = input;
  const [link] = await db
    .select({ id: brandChannels.id })
    .from(brandChannels)
    .where(and(eq(brandChannels.brandId, brandId), eq(brandChannels.channelId, channelId)));
  if (!link) throw notFound();

  async function answerExisting() {
    const existing = await findExisting(db, channelId, body.external_number);
    if (!existing) return null;
    if (existing.brandId !== brandId) {
      throw conflict('Nomor invoice ini sudah terdaftar di channel tersebut.');
    }
    return { created: false, invoiceId: existing.id };
  }
  const earlier = await answerExisting();
  if (earlier) return earlier;

  const skus = body.products.map((line) => line.sku);
  const matched = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(eq(products.brandId, brandId), inArray(products.sku, skus), isNull(products.deletedAt)));
  const bySku = new Map(matched.map((row) => [row.sku, row.id]));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  body.products.forEach((line, index) => {
    if (seen.has(line.sku))
      errors[`products.${index}.sku`] = [`The products.${index}.sku field has a duplicate value.`];
    else if (!bySku.has(line.sku))
      errors[`products.${index}.sku`] = [`The selected products.${index}.sku is invalid.`];
    seen.add(line.sku);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);

  const subtotal = body.products.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const totalProduct = body.products.reduce((sum, line) => sum + line.quantity, 0);
  try {
    const invoiceId = await runWrite(deps, context, async (work) => {
      const { tx } = work;
      const customerId = await upsertCustomer(work, brandId, body, at);
      const [invoice] = await tx
        .insert(invoices)
        .values({
          brandId,
          channelId,
          customerId,
          externalNumber: body.external_number,
          date: body.date,
          customerName: body.customer_name,
          customerPhone: body.customer_phone ?? null,
          customerEmail: body.customer_email ?? null,
          recipientName: body.recipient_name,
          recipientMobilePhone: body.recipient_mobile_phone ?? null,
          recipientAddressFull: body.recipient_address_full,
          recipientSubDistrict: body.recipient_sub_district ?? null,
          recipientCity: body.recipient_city,
          recipientProvince: body.recipient_province ?? null,
          recipientPostalCode: body.recipient_postal_code ?? null,
          paymentMethod: body.payment_method,
          paymentDate: body.payment_date ?? null,
          deliveryType: body.delivery_type ?? null,
          shippingCost: body.shipping_cost,
          insuranceCost: body.insurance_cost,
          voucherAmount: body.voucher_amount,
          cashbackAmount: body.cashback_amount,
          subtotal,
          totalProduct,
          grandTotal: subtotal + body.shipping_cost + body.insurance_cost - body.voucher_amount,
          statusCode: 'new',
          preorderDeadline: body.preorder_deadline ?? null,
          preorderProcessDay: body.preorder_process_day ?? null,
          preorderProcessStart: body.preorder_process_start ?? null,
          vouchers:
            body.vouchers ??
            (body.voucher_amount > 0 ? [{ name: 'Voucher', amount: body.voucher_amount }] : []),
          rawData: { products: body.products },
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: [invoices.channelId, invoices.externalNumber] })
        .returning();
      if (!invoice) throw new AlreadyStored();
      await tx.insert(invoiceProducts).values(
        body.products.map((line) => ({
          invoiceId: invoice.id,
          productId: bySku.get(line.sku) as number,
          name: line.name,
          sku: line.sku,
          quantity: line.quantity,
          price: line.price,
          totalPrice: line.price * line.quantity,
          weight: line.weight * line.quantity,
        })),
      );
      work.audit({ action: 'invoice.store', entity: 'invoice', entityId: invoice.id, after: invoice });
      publishInvoiceEvent(work, brandId, invoice.id, 'new');
      work.rollups.invoiceCreated(invoice);
      await offerToNextVendor(work, { invoiceId: invoice.id, ttlMinutes: input.ttlMinutes });
      return invoice.id;
    });
    return { created: true, invoiceId };
  } catch (error) {
    if (!(error instanceof AlreadyStored)) throw error;
    return (await answerExisting()) as { created: boolean; invoiceId: number };
  }
}
