/**
 * The product a seeded marketplace listing holds, in the shape the listing form edits (Tokopedia's product):
 * a last-level category of the shipped Tokopedia taxonomy chosen by the product's type, a showcase, and its
 * weight and a parcel size. Deterministic: nothing is drawn at random here.
 */

/** Tokopedia last-level categories (api/domains/marketplace/taxonomy/tokopedia.json) by words of a product name. */
const CATEGORY_BY_WORD: [RegExp, number][] = [
  [/wajan|teflon/i, 1002],
  [/panci|spatula/i, 1001],
  [/piring|mangkuk/i, 1011],
  [/gelas/i, 1012],
  [/sendok/i, 1013],
  [/toples|rak bumbu/i, 1021],
  [/kotak makan/i, 1022],
  [/sprei/i, 991],
  [/bantal|guling/i, 992],
  [/selimut|bed cover/i, 993],
  [/jam dinding/i, 986],
  [/lampu/i, 987],
  [/vas|pot/i, 988],
  [/keset|rak sabun|sikat|handuk/i, 997],
  [/serum|ampoule/i, 2101],
  [/pelembap|cream|lotion|butter/i, 2102],
  [/wash|micellar|cleansing|sabun|scrub|mask/i, 2103],
  [/kondisioner|hair/i, 2122],
  [/sampo/i, 2121],
  [/lip/i, 2111],
  [/bedak|cushion|powder/i, 2112],
];

/** Produk Terlaris, Rumah & Dapur, Kecantikan. */
const SHOWCASE_BY_CATEGORY = (categoryId: number) => (categoryId >= 2100 ? 1008 : 1007);

export function seededListingProduct(input: {
  name: string;
  description: string;
  sku: string;
  price: number;
  stock: number;
  status: 'LIMITED' | 'EMPTY';
  weight: number;
  homeFallback: boolean;
  /** The address of the listing's one picture. */
  picture: string;
}) {
  const categoryId =
    CATEGORY_BY_WORD.find(([word]) => word.test(input.name))?.[1] ?? (input.homeFallback ? 986 : 2113);
  const side = Math.max(5, Math.round(Math.cbrt(input.weight) * 2));
  return {
    categoryId,
    rawData: {
      product: {
        name: input.name.slice(0, 70),
        description: input.description,
        condition: 'NEW',
        category_id: categoryId,
        etalase: { id: SHOWCASE_BY_CATEGORY(categoryId) },
        sku: input.sku,
        price: input.price,
        status: input.status,
        stock: input.stock,
        min_order: 1,
        weight: input.weight,
        weight_unit: 'GR',
        dimension: { length: side, width: side, height: Math.max(2, Math.round(side / 2)) },
        preorder: { is_active: false, duration: null, time_unit: 'DAY' },
        pictures: [{ file_path: input.picture }],
        videos: [],
        wholesale: [],
        variant: null,
      },
      children: [],
      form: {},
    },
  };
}
