/** A product the form offers: a catalogue product, with what a chosen one holds in the promotion. */
export type ProductRow = {
  id: number;
  name: string;
  sku: string;
  price: number;
  available_stock: number;
  chosen: boolean;
  promo_stock: number;
  purchase_limit: number;
};
