import { and, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brandChannels, channels, products, promotionProducts, promotions } from '../../db/schema';
import { validationFailed, type FieldErrors } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import { changeAndPush, type PromotionChannel } from './push';
import { availableStock, findPromotion } from './reads';
import type { PromotionBody } from './schema';
import { promotionStatus } from './status';

export { listPromotions, promotionProductOptions, showPromotion } from './reads';

type PromotionRow = typeof promotions.$inferSelect;

/** The constraint of migration 0018 that keeps a product in one promotion per channel at a time. */
const OVERLAP_CONSTRAINT = 'promotion_products_no_overlap';

const OVERLAP_MESSAGE =
  'Salah satu produk sudah ikut promosi lain di channel yang sama pada waktu yang sama.';

function refuse(errors: FieldErrors) {
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** The channel of this code, which the brand must have a shop on. */
async function brandChannel(executor: Executor, brandId: number, code: string) {
  const [row] = await executor
    .select({ id: channels.id, name: channels.name, linked: brandChannels.id })
    .from(channels)
    .leftJoin(
      brandChannels,
      and(eq(brandChannels.channelId, channels.id), eq(brandChannels.brandId, brandId)),
    )
    .where(eq(channels.code, code));
  if (!row) throw validationFailed({ channel: ['The selected channel is invalid.'] });
  if (row.linked === null) {
    throw validationFailed({ channel: [`Brand ini belum terhubung ke toko ${row.name}.`] });
  }
  return row;
}

/**
 * The body's products against the catalogue at `at`: each named once, an active product of the brand, its
 * promo stock within the stock available now, and a Potongan Harga below its price.
 */
async function checkProducts(executor: Executor, brandId: number, body: PromotionBody) {
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  body.products.forEach((line, index) => {
    if (seen.has(line.product_id)) {
      errors[`products.${index}.product_id`] = [
        `The products.${index}.product_id field has a duplicate value.`,
      ];
    }
    seen.add(line.product_id);
  });
  refuse(errors);
  const rows = await executor
    .select({ id: products.id, name: products.name, price: products.vendorPrice, available: availableStock })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          body.products.map((line) => line.product_id),
        ),
        eq(products.brandId, brandId),
        isNull(products.deletedAt),
        eq(products.isActive, true),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const tooDear: string[] = [];
  body.products.forEach((line, index) => {
    const product = byId.get(line.product_id);
    if (!product) {
      errors[`products.${index}.product_id`] = [`The selected products.${index}.product_id is invalid.`];
      return;
    }
    const available = Number(product.available);
    if (line.promo_stock > available) {
      errors[`products.${index}.promo_stock`] = [
        `Stok promo ${product.name} melebihi stok tersedia (${available}).`,
      ];
    }
    if (body.type === 'amount' && body.value >= product.price) {
      tooDear.push(`Potongan harga harus di bawah harga ${product.name} (${product.price}).`);
    }
  });
  if (tooDear.length) errors.value = tooDear;
  refuse(errors);
  return byId;
}

/**
 * Refuses a product already in another promotion of the channel whose window meets this one. The exclusion
 * constraint stands behind this check for two saves racing past it (`refusingOverlap`).
 */
async function refuseOverlaps(
  work: Work,
  input: { body: PromotionBody; channel: { id: number; name: string }; names: Map<number, { name: string }> },
  exceptId?: number,
) {
  const { body, channel } = input;
  const conditions = [
    eq(promotionProducts.channelId, channel.id),
    inArray(
      promotionProducts.productId,
      body.products.map((line) => line.product_id),
    ),
    lt(promotionProducts.startsAt, body.end_at),
    gt(promotionProducts.endsAt, body.start_at),
  ];
  if (exceptId !== undefined) conditions.push(ne(promotionProducts.promotionId, exceptId));
  const taken = await work.tx
    .select({ productId: promotionProducts.productId, promotion: promotions.name })
    .from(promotionProducts)
    .innerJoin(promotions, eq(promotions.id, promotionProducts.promotionId))
    .where(and(...conditions));
  const holder = new Map(taken.map((row) => [row.productId, row.promotion]));
  const errors: FieldErrors = {};
  body.products.forEach((line, index) => {
    const promotion = holder.get(line.product_id);
    if (promotion === undefined) return;
    const product = input.names.get(line.product_id)?.name ?? '';
    errors[`products.${index}.product_id`] = [
      `${product} sudah ikut promosi ${promotion} di ${channel.name} pada waktu yang sama.`,
    ];
  });
  refuse(errors);
  await work.checkpoint('promotion-overlap');
}

/** A save that lost the race to the exclusion constraint is answered as the overlap check would answer it. */
export async function refusingOverlap<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      const { code, constraint } = current as { code?: string; constraint?: string };
      if (code === '23P01' && constraint === OVERLAP_CONSTRAINT) {
        throw validationFailed({ products: [OVERLAP_MESSAGE] });
      }
    }
    throw error;
  }
}

function refuseStartInPast(work: Work, body: PromotionBody) {
  if (body.start_at.getTime() <= work.at.getTime()) {
    throw validationFailed({ start_at: ['The start at field must be a date after now.'] });
  }
}

async function checkBody(work: Work, brandId: number, body: PromotionBody, exceptId?: number) {
  refuseStartInPast(work, body);
  const channel = await brandChannel(work.tx, brandId, body.channel);
  const names = await checkProducts(work.tx, brandId, body);
  await refuseOverlaps(work, { body, channel, names }, exceptId);
  return channel;
}

async function writeProducts(work: Work, promotion: PromotionRow, body: PromotionBody) {
  await work.tx.insert(promotionProducts).values(
    body.products.map((line) => ({
      promotionId: promotion.id,
      productId: line.product_id,
      channelId: promotion.channelId,
      startsAt: promotion.startsAt,
      endsAt: promotion.endsAt,
      promoStock: line.promo_stock,
      purchaseLimit: line.purchase_limit,
    })),
  );
}

function promotionValues(body: PromotionBody, channelId: number) {
  return {
    name: body.name,
    type: body.type,
    value: body.value,
    channelId,
    startsAt: body.start_at,
    endsAt: body.end_at,
  };
}

type AuditLine = { product_id: number; promo_stock: number; purchase_limit: number };

function auditView(promotion: PromotionRow, lines: AuditLine[]) {
  return { ...promotion, products: [...lines].sort((a, b) => a.product_id - b.product_id) };
}

async function heldLines(executor: Executor, promotionId: number): Promise<AuditLine[]> {
  return executor
    .select({
      product_id: promotionProducts.productId,
      promo_stock: promotionProducts.promoStock,
      purchase_limit: promotionProducts.purchaseLimit,
    })
    .from(promotionProducts)
    .where(eq(promotionProducts.promotionId, promotionId));
}

export async function createPromotion(
  work: Work,
  input: PromotionChannel & { brandId: number; body: PromotionBody },
) {
  const { body, brandId } = input;
  const channel = await checkBody(work, brandId, body);
  const pushed = await changeAndPush(work, {
    adapter: input.adapter,
    brandId,
    channelId: channel.id,
    action: 'promotion-create',
    promotionId: null,
    change: async () => {
      const [promotion] = await work.tx
        .insert(promotions)
        .values({
          ...promotionValues(body, channel.id),
          brandId,
          createdBy: work.actorId,
          updatedBy: work.actorId,
          createdAt: work.at,
          updatedAt: work.at,
        })
        .returning();
      await writeProducts(work, promotion, body);
      return promotion;
    },
  });
  if (!pushed.ok) return pushed;
  work.audit({
    action: 'promotion.store',
    entity: 'promotion',
    entityId: pushed.promotion.id,
    after: auditView(pushed.promotion, body.products),
  });
  return pushed;
}

/** The brand's promotion, locked for the rest of the write, with its status at the write's time. */
async function lockPromotion(work: Work, brandId: number, id: number) {
  await findPromotion(work.tx, brandId, id);
  const [promotion] = await work.tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
  return { promotion, status: promotionStatus(promotion, work.at) };
}

/** Changed only before it starts: from then on the marketplace holds it. */
export async function updatePromotion(
  work: Work,
  input: PromotionChannel & { brandId: number; id: number; body: PromotionBody },
) {
  const { body, brandId } = input;
  const { promotion: before, status } = await lockPromotion(work, brandId, input.id);
  if (status !== 'not_started') {
    throw validationFailed({ id: ['Promosi yang sudah dimulai tidak dapat diubah.'] });
  }
  const channel = await checkBody(work, brandId, body, before.id);
  const lines = await heldLines(work.tx, before.id);
  const pushed = await changeAndPush(work, {
    adapter: input.adapter,
    brandId,
    channelId: channel.id,
    action: 'promotion-update',
    promotionId: before.id,
    change: async () => {
      const [after] = await work.tx
        .update(promotions)
        .set({ ...promotionValues(body, channel.id), updatedBy: work.actorId, updatedAt: work.at })
        .where(eq(promotions.id, before.id))
        .returning();
      await work.tx.delete(promotionProducts).where(eq(promotionProducts.promotionId, before.id));
      await writeProducts(work, after, body);
      return after;
    },
  });
  if (!pushed.ok) return pushed;
  work.audit({
    action: 'promotion.update',
    entity: 'promotion',
    entityId: before.id,
    before: auditView(before, lines),
    after: auditView(pushed.promotion, body.products),
  });
  return pushed;
}

/** Ends a running promotion now: its window, and its products' hold on the channel, close at this moment. */
export async function endPromotion(work: Work, input: PromotionChannel & { brandId: number; id: number }) {
  const { promotion: before, status } = await lockPromotion(work, input.brandId, input.id);
  if (status !== 'running') {
    throw validationFailed({ id: ['Hanya promosi yang sedang berjalan yang dapat diakhiri.'] });
  }
  const pushed = await changeAndPush(work, {
    adapter: input.adapter,
    brandId: input.brandId,
    channelId: before.channelId,
    action: 'promotion-end',
    promotionId: before.id,
    change: async () => {
      const [after] = await work.tx
        .update(promotions)
        .set({ endedAt: work.at, updatedBy: work.actorId, updatedAt: work.at })
        .where(eq(promotions.id, before.id))
        .returning();
      await work.tx
        .update(promotionProducts)
        .set({ endsAt: work.at })
        .where(eq(promotionProducts.promotionId, before.id));
      return after;
    },
  });
  if (!pushed.ok) return pushed;
  work.audit({
    action: 'promotion.end',
    entity: 'promotion',
    entityId: before.id,
    before,
    after: pushed.promotion,
  });
  return pushed;
}

/**
 * Deleted only before it starts; once started it stays on record (end it early instead). The marketplace is told
 * first, with the promotion as it stood; the promotion is deleted only once it has taken that.
 */
export async function deletePromotion(work: Work, input: PromotionChannel & { brandId: number; id: number }) {
  const { promotion, status } = await lockPromotion(work, input.brandId, input.id);
  if (status !== 'not_started') {
    throw validationFailed({ id: ['Promosi yang sudah dimulai tidak dapat dihapus.'] });
  }
  const lines = await heldLines(work.tx, promotion.id);
  const pushed = await changeAndPush(work, {
    adapter: input.adapter,
    brandId: input.brandId,
    channelId: promotion.channelId,
    action: 'promotion-delete',
    promotionId: promotion.id,
    change: async () => promotion,
  });
  if (!pushed.ok) return pushed;
  await work.tx.delete(promotions).where(eq(promotions.id, promotion.id));
  work.audit({
    action: 'promotion.destroy',
    entity: 'promotion',
    entityId: promotion.id,
    before: auditView(promotion, lines),
  });
  return pushed;
}
