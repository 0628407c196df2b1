import { randomInt } from 'node:crypto';
import type { FieldErrors } from '../../api-error';
import type {
  ChannelAdapter,
  ChannelChild,
  ChannelIds,
  ChannelProduct,
  ChannelRef,
  ChannelShop,
  PushAction,
  PushOutcome,
  ShopCatalog,
} from './channel-adapter';
import { promotionRefusals } from './sandbox-promotion-rules';
import { productRefusals, skuField, skusOf } from './sandbox-rules';
import { tokopediaTaxonomy, type Taxonomy } from './taxonomy';

/**
 * A SKU that asks the sandbox to fail: `SANDBOX-FAIL-{CREATE|UPDATE|DELETE|STATUS|PROMO|ALL}-…` makes every push
 * of that kind (PROMO: a promotion holding the SKU; ALL: every push) of a product holding the SKU answer 503, as
 * a marketplace that is down would.
 * Tests use it to reach the failure paths (a switch rolled back, a failure in the request log).
 */
const FAILURE_SKU = /^SANDBOX-FAIL-(CREATE|UPDATE|DELETE|STATUS|PROMO|ALL)(-|$)/;

const FAILURE_KIND: Record<PushAction, string> = {
  create: 'CREATE',
  update: 'UPDATE',
  delete: 'DELETE',
  'set-active': 'STATUS',
  'set-inactive': 'STATUS',
  'promotion-create': 'PROMO',
  'promotion-update': 'PROMO',
  'promotion-delete': 'PROMO',
  'promotion-start': 'PROMO',
  'promotion-end': 'PROMO',
};

function failureAsked(action: PushAction, skus: (string | null)[]) {
  return skus.some((sku) => {
    const kind = sku ? FAILURE_SKU.exec(sku)?.[1] : undefined;
    return kind === 'ALL' || kind === FAILURE_KIND[action];
  });
}

const SUCCESS_MESSAGE = 'Your request has been processed successfully';

function header(startedAt: number, extra: Record<string, unknown> = {}) {
  return { process_time: (performance.now() - startedAt) / 1000, messages: SUCCESS_MESSAGE, ...extra };
}

/** Marketplace product ids look like Tokopedia's: ten or eleven digits. */
function newProductId() {
  return String(randomInt(2_000_000_000, 99_999_999_999));
}

function unavailable(action: PushAction, request: unknown, startedAt: number): PushOutcome {
  return {
    action,
    ok: false,
    statusCode: 503,
    request,
    response: {
      header: {
        ...header(startedAt),
        messages: '',
        reason: 'Layanan marketplace sedang tidak tersedia (sandbox: SKU SANDBOX-FAIL)',
        error_code: 'SANDBOX_FAIL',
      },
      data: null,
    },
    errors: Object.create(null),
  };
}

function refused(
  action: PushAction,
  request: unknown,
  startedAt: number,
  product: { name: string; sku: string | null },
  errors: FieldErrors,
): PushOutcome {
  return {
    action,
    ok: false,
    statusCode: 400,
    request,
    response: {
      header: {
        ...header(startedAt),
        messages: '',
        reason: 'Failed to process product',
        error_code: 'PRODUCT_INVALID',
      },
      data: {
        total_data: 1,
        success_data: 0,
        fail_data: 1,
        success_rows_data: [],
        failed_rows_data: [
          { product_name: product.name, sku: product.sku, error: Object.values(errors).flat() },
        ],
      },
    },
    errors,
  };
}

/** The children a pushed product ends with: a kept combination keeps its id (matched by SKU, else position). */
function childrenOf(product: ChannelProduct, before: ChannelChild[]): ChannelChild[] {
  const rows = product.variant?.products ?? [];
  const unused = [...before];
  return rows.map((row) => {
    const at =
      row.sku !== null
        ? unused.findIndex((child) => child.sku === row.sku)
        : unused.findIndex((child) => child.combination.join(':') === row.combination.join(':'));
    const kept = at >= 0 ? unused.splice(at, 1)[0] : undefined;
    return { product_id: kept?.product_id ?? newProductId(), sku: row.sku, combination: row.combination };
  });
}

/**
 * The sandbox adapter: a marketplace that never leaves the machine. It applies Tokopedia's rules to every
 * product (required fields, limits, SKU unique in the shop), answers as Tokopedia's product API does, with
 * each refused row's errors, and assigns product ids.
 */
export function sandboxAdapter(taxonomy: Taxonomy = tokopediaTaxonomy): ChannelAdapter {
  async function save(
    action: 'create' | 'update',
    input: { shop: ChannelShop; catalog: ShopCatalog; product: ChannelProduct; ids?: ChannelIds },
  ): Promise<PushOutcome> {
    const startedAt = performance.now();
    const { product } = input;
    const request = { products: [input.ids ? { id: Number(input.ids.product_id), ...product } : product] };
    if (failureAsked(action, [product.sku, ...skusOf(product)]))
      return unavailable(action, request, startedAt);
    const errors = productRefusals(product, input.shop, taxonomy);
    const taken = await input.catalog.skusInUse(skusOf(product), input.ids?.product_id ?? null);
    for (const sku of taken)
      (errors[skuField(product, sku)] ??= []).push('SKU sudah digunakan produk lain di toko ini');
    if (Object.keys(errors).length) return refused(action, request, startedAt, product, errors);
    const ids: ChannelIds = {
      product_id: input.ids?.product_id ?? newProductId(),
      children: childrenOf(product, input.ids?.children ?? []),
    };
    return {
      action,
      ok: true,
      statusCode: 200,
      request,
      response: {
        header: header(startedAt),
        data: {
          total_data: 1,
          success_data: 1,
          fail_data: 0,
          success_rows_data: [
            {
              product_id: Number(ids.product_id),
              product_name: product.name,
              sku: product.sku,
              is_zero_stock: Boolean(product.is_zero_stock),
              children: ids.children.map((child) => ({ ...child, product_id: Number(child.product_id) })),
            },
          ],
          failed_rows_data: [],
        },
      },
      errors: Object.create(null),
      ids,
    };
  }

  function byIds(action: PushAction, input: { products: ChannelRef[] }): PushOutcome {
    const startedAt = performance.now();
    const request = { product_id: input.products.map((product) => Number(product.product_id)) };
    if (
      failureAsked(
        action,
        input.products.flatMap((product) => [product.sku, ...product.skus]),
      )
    ) {
      return unavailable(action, request, startedAt);
    }
    return {
      action,
      ok: true,
      statusCode: 200,
      request,
      response: {
        header: header(startedAt),
        data: {
          total_data: input.products.length,
          succeed_rows: input.products.length,
          failed_rows: 0,
          failed_rows_data: [],
        },
      },
      errors: Object.create(null),
    };
  }

  /** A promotion's push: its rules checked on create and update, an id given on create. */
  async function pushPromotion(input: Parameters<ChannelAdapter['pushPromotion']>[0]): Promise<PushOutcome> {
    const startedAt = performance.now();
    const { action, promotion } = input;
    const request = { promotion_id: input.promotionId ? Number(input.promotionId) : null, ...promotion };
    if (
      failureAsked(
        action,
        promotion.products.map((product) => product.sku),
      )
    ) {
      return unavailable(action, request, startedAt);
    }
    const checked = action === 'promotion-create' || action === 'promotion-update';
    const errors = checked ? promotionRefusals(promotion) : {};
    if (Object.keys(errors).length) {
      return refused(action, request, startedAt, { name: promotion.name, sku: null }, errors);
    }
    const promotionId = input.promotionId ?? newProductId();
    return {
      action,
      ok: true,
      statusCode: 200,
      request,
      response: {
        header: header(startedAt),
        data: { promotion_id: Number(promotionId), total_product: promotion.products.length },
      },
      errors: Object.create(null),
      promotionId,
    };
  }

  return {
    name: 'sandbox',
    taxonomy,
    pushPromotion,
    create: (input) => save('create', input),
    update: (input) => save('update', input),
    remove: async (input) => byIds('delete', input),
    setStatus: async (input) => byIds(input.active ? 'set-active' : 'set-inactive', input),
  };
}
