import type { FieldErrors } from '../../api-error';
import type { Taxonomy } from './taxonomy';

/** One variant type the product uses, with the unit and the values chosen (Tokopedia's `variant.selection`). */
export type VariantSelection = {
  id: number;
  unit_id: number;
  options: { unit_value_id: number; value: string; hex_code?: string }[];
};

/** One combination of the chosen values: `combination` holds an option index per selection. */
export type VariantProduct = {
  combination: number[];
  is_primary: boolean;
  price: number | null;
  sku: string | null;
  stock: number;
  status: ListingStatus;
  is_zero_stock?: boolean;
  pictures: { file_path: string }[];
};

export type ListingStatus = 'LIMITED' | 'UNLIMITED' | 'EMPTY';

/** A product as a marketplace receives it (the shape of Tokopedia's product API). */
export type ChannelProduct = {
  name: string;
  description: string;
  condition: 'NEW' | 'USED';
  category_id: number | null;
  etalase: { id: number | null };
  sku: string | null;
  price: number | null;
  status: ListingStatus;
  stock: number;
  /** Set when the product has no stock: marketplaces take a stock of at least 1, so it goes as 1 with this flag. */
  is_zero_stock?: boolean;
  min_order: number | null;
  weight: number | null;
  weight_unit: 'GR' | 'KG';
  dimension: { length: number | null; width: number | null; height: number | null };
  preorder: { is_active: boolean; duration: number | null; time_unit: 'DAY' | 'WEEK' };
  pictures: { file_path: string }[];
  videos: { source: 'youtube'; url: string }[];
  wholesale: { min_qty: number; price: number }[];
  variant: { selection: VariantSelection[]; products: VariantProduct[] } | null;
};

/** The brand's shop on a channel. */
export type ChannelShop = {
  brandId: number;
  channelId: number;
  shopId: string | null;
  /** An official store may show 7 pictures per product instead of 5. */
  isOfficial: boolean;
};

/**
 * What an adapter may ask about the shop's products as the marketplace holds them. The sandbox has no
 * marketplace behind it, so the service answers from the listings it keeps (which are exactly what was pushed).
 */
export type ShopCatalog = {
  /** Of `skus`, those another live product of the shop holds; `exceptProductId` is the product being updated. */
  skusInUse(skus: string[], exceptProductId?: string | null): Promise<string[]>;
};

/** A variant combination's product on the marketplace. */
export type ChannelChild = { product_id: string; sku: string | null; combination: number[] };

/** The ids the marketplace holds for a product: its own, and one per variant combination. */
export type ChannelIds = { product_id: string; children: ChannelChild[] };

/** A product whose status or existence changes, named as the marketplace knows it. */
export type ChannelRef = { product_id: string; name: string; sku: string | null; skus: string[] };

export type PushAction = 'create' | 'update' | 'delete' | 'set-active' | 'set-inactive' | PromotionAction;

/** A promotion's pushes: made, changed or deleted before it starts, ended early while it runs. */
export type PromotionAction =
  'promotion-create' | 'promotion-update' | 'promotion-delete' | 'promotion-start' | 'promotion-end';

/**
 * A promotion as a marketplace receives it (the shape of a seller centre's discount API): one channel SKU per
 * product, with the price it is sold at and the price the promotion makes of it. Times are ISO instants.
 */
export type ChannelPromotion = {
  name: string;
  discount_type: 'PERCENTAGE' | 'AMOUNT';
  discount_value: number;
  start_time: string;
  end_time: string;
  products: {
    sku: string;
    original_price: number;
    discounted_price: number;
    promo_stock: number;
    /** Units one buyer may take; 0 is no limit. */
    max_order: number;
  }[];
};

/**
 * What one push answered. `request` and `response` are what went to and came back from the marketplace, kept
 * in the channel request log; `statusCode` is its HTTP status. A refusal by the marketplace's rules (4xx) carries
 * `errors` keyed by the product's fields; a failure of the marketplace itself is a 5xx.
 */
export type PushOutcome = {
  action: PushAction;
  ok: boolean;
  statusCode: number;
  request: unknown;
  response: unknown;
  errors: FieldErrors;
  /** After a create or update: the ids the product and its combinations hold. */
  ids?: ChannelIds;
  /** After a promotion's create: the id the marketplace gives it. */
  promotionId?: string;
};

/**
 * A marketplace channel as the listing service uses it: push a product's creation, update, deletion and
 * status, and read the taxonomy its form offers. See docs/decisions/016-channel-adapters.md for adding one.
 */
export interface ChannelAdapter {
  readonly name: string;
  readonly taxonomy: Taxonomy;
  create(input: { shop: ChannelShop; catalog: ShopCatalog; product: ChannelProduct }): Promise<PushOutcome>;
  update(input: {
    shop: ChannelShop;
    catalog: ShopCatalog;
    ids: ChannelIds;
    product: ChannelProduct;
  }): Promise<PushOutcome>;
  remove(input: { shop: ChannelShop; products: ChannelRef[] }): Promise<PushOutcome>;
  setStatus(input: { shop: ChannelShop; products: ChannelRef[]; active: boolean }): Promise<PushOutcome>;
  /**
   * A promotion's create (no `promotionId` yet), update, delete or early end, and its start and end as the sweep
   * tells them when the clock reaches them.
   */
  pushPromotion(input: {
    shop: ChannelShop;
    action: PromotionAction;
    promotionId: string | null;
    promotion: ChannelPromotion;
  }): Promise<PushOutcome>;
}
