import { jakartaParts } from './format';

/** A product the form offers: a catalogue product, with what a chosen one holds in the promotion. */
export type ProductRow = {
  id: number;
  name: string;
  sku: string;
  price: number;
  available_stock: number;
  chosen: boolean;
  /** As typed: a number, or what the user typed that the save will refuse. */
  promo_stock: string;
  purchase_limit: string;
};

/** The form's own fields, as its inputs hold them. */
export type PromotionValues = {
  name: string;
  type: string;
  value: string;
  channel: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
};

export const EMPTY_PROMOTION: PromotionValues = {
  name: '',
  type: '',
  value: '',
  channel: '',
  start_date: '',
  start_time: '',
  end_date: '',
  end_time: '',
};

/** A saved promotion as the form's fields: its window as Jakarta days and times. */
export function promotionValues(promotion: {
  name: string;
  type: string;
  value: number;
  channel: string;
  start_at: string;
  end_at: string;
}): PromotionValues {
  const start = jakartaParts(promotion.start_at);
  const end = jakartaParts(promotion.end_at);
  return {
    name: promotion.name,
    type: promotion.type,
    value: String(promotion.value),
    channel: promotion.channel,
    start_date: start.date,
    start_time: start.time,
    end_date: end.date,
    end_time: end.time,
  };
}

/**
 * What the form shows after one of the picker's steps, or a save the form or the API refused: its fields as they
 * were sent, and its rows in the order they were sent, so that each message lands on the row it is about.
 */
export type PromotionDraft = { values: PromotionValues; rows: ProductRow[]; search: string; step: string };
