import type { FieldErrors } from '../../api-error';
import type { ChannelProduct, ChannelShop } from './channel-adapter';
import type { Taxonomy } from './taxonomy';

/** Tokopedia's limits. */
export const LIMITS = {
  nameLength: 70,
  descriptionLength: 2000,
  pictures: 5,
  officialPictures: 7,
  variantTypes: 2,
  wholesaleTiers: 5,
  preorderDays: 90,
  preorderWeeks: 13,
  minPrice: 100,
} as const;

/** The marketplace's messages; those the product gives, word for word. */
export const RULE_MESSAGES = {
  name: 'Kolom nama tidak boleh kosong',
  nameLength: `Nama produk maksimal ${LIMITS.nameLength} karakter`,
  descriptionLength: `Deskripsi maksimal ${LIMITS.descriptionLength} karakter`,
  picture: 'Gambar tidak boleh kosong',
  pictures: (limit: number) => `Maksimal ${limit} gambar untuk toko ini`,
  category: 'Kolom kategori tidak boleh kosong',
  categoryLeaf: 'Pilih kategori sampai tingkat terakhir',
  etalase: 'Etalase tidak boleh kosong',
  etalaseUnknown: 'Etalase tidak ditemukan di toko ini',
  sku: 'Kolom sku tidak boleh kosong',
  skuTaken: 'SKU sudah digunakan produk lain di toko ini',
  skuTwice: 'SKU tidak boleh sama dengan kombinasi lain',
  price: 'Kolom harga utama tidak boleh kosong',
  priceMin: `Harga minimal Rp${LIMITS.minPrice}`,
  minOrder: 'Kolom minimum pembelian tidak boleh kosong',
  weight: 'Kolom berat produk tidak boleh kosong',
  length: 'Kolom panjang produk tidak boleh kosong',
  width: 'Kolom lebar produk tidak boleh kosong',
  height: 'Kolom tinggi produk tidak boleh kosong',
  preorder: 'Waktu proses tidak boleh kosong',
  preorderDays: `Waktu proses maksimal ${LIMITS.preorderDays} hari`,
  preorderWeeks: `Waktu proses maksimal ${LIMITS.preorderWeeks} minggu`,
  stock: 'Stok minimal 1; stok kosong dikirim sebagai 1 dengan tanda stok kosong',
  video: 'Tautan video harus video YouTube',
  wholesaleTiers: `Maksimal ${LIMITS.wholesaleTiers} harga grosir`,
  wholesaleFirstQuantity: 'Jumlah grosir harus lebih besar dari minimum pembelian',
  wholesaleQuantity: 'Jumlah grosir harus lebih besar dari tingkat sebelumnya',
  wholesaleFirstPrice: 'Harga grosir harus lebih rendah dari harga utama',
  wholesalePrice: 'Harga grosir harus lebih rendah dari tingkat sebelumnya',
  variantTypes: `Maksimal ${LIMITS.variantTypes} tipe varian`,
  variantTwice: 'Tipe varian tidak boleh dipilih dua kali',
  variantType: 'Tipe varian tidak tersedia untuk kategori ini',
  variantUnit: 'Satuan varian tidak dikenal',
  variantValue: 'Nilai varian tidak dikenal',
  variantOptions: 'Pilih minimal satu nilai varian',
  combination: 'Kombinasi varian tidak cocok dengan tipe varian',
  combinationTwice: 'Kombinasi varian tidak boleh sama',
  primary: 'Harus ada tepat satu kombinasi utama',
} as const;

const WATCH_ID = /^[A-Za-z0-9_-]{11}$/;

function add(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

function positive(value: number | null) {
  return value !== null && value > 0;
}

function checkPrice(errors: FieldErrors, field: string, price: number | null) {
  if (price === null) add(errors, field, RULE_MESSAGES.price);
  else if (price < LIMITS.minPrice) add(errors, field, RULE_MESSAGES.priceMin);
}

function checkVariant(errors: FieldErrors, product: ChannelProduct, taxonomy: Taxonomy) {
  const variant = product.variant;
  if (!variant) return;
  const { selection, products } = variant;
  if (selection.length > LIMITS.variantTypes) add(errors, 'variant.selection', RULE_MESSAGES.variantTypes);
  const allowed = new Map(
    taxonomy.variantsOf(product.category_id ?? 0).map((type) => [type.variant_id, type]),
  );
  const seenTypes = new Set<number>();
  selection.forEach((chosen, index) => {
    const field = `variant.selection.${index}`;
    if (seenTypes.has(chosen.id)) add(errors, `${field}.id`, RULE_MESSAGES.variantTwice);
    seenTypes.add(chosen.id);
    const type = allowed.get(chosen.id);
    if (!type) return add(errors, `${field}.id`, RULE_MESSAGES.variantType);
    const unit = type.units.find((candidate) => candidate.unit_id === chosen.unit_id);
    if (!unit) return add(errors, `${field}.unit_id`, RULE_MESSAGES.variantUnit);
    if (chosen.options.length === 0) add(errors, `${field}.options`, RULE_MESSAGES.variantOptions);
    const known = new Set(unit.unit_values.map((value) => value.value_id));
    chosen.options.forEach((option, at) => {
      if (!known.has(option.unit_value_id)) {
        add(errors, `${field}.options.${at}.unit_value_id`, RULE_MESSAGES.variantValue);
      }
    });
  });
  const seenCombinations = new Set<string>();
  const seenSkus = new Set<string>();
  products.forEach((row, index) => {
    const field = `variant.products.${index}`;
    const fits =
      row.combination.length === selection.length &&
      row.combination.every((at, level) => at >= 0 && at < (selection[level]?.options.length ?? 0));
    if (!fits) add(errors, `${field}.combination`, RULE_MESSAGES.combination);
    const key = row.combination.join(':');
    if (seenCombinations.has(key)) add(errors, `${field}.combination`, RULE_MESSAGES.combinationTwice);
    seenCombinations.add(key);
    checkPrice(errors, `${field}.price`, row.price);
    if (row.stock < 1) add(errors, `${field}.stock`, RULE_MESSAGES.stock);
    if (row.sku) {
      if (seenSkus.has(row.sku)) add(errors, `${field}.sku`, RULE_MESSAGES.skuTwice);
      seenSkus.add(row.sku);
    }
  });
  if (products.filter((row) => row.is_primary).length !== 1) {
    add(errors, 'variant.products', RULE_MESSAGES.primary);
  }
}

function checkWholesale(errors: FieldErrors, product: ChannelProduct) {
  const tiers = product.wholesale;
  if (tiers.length > LIMITS.wholesaleTiers) add(errors, 'wholesale', RULE_MESSAGES.wholesaleTiers);
  const primary = product.variant?.products.find((row) => row.is_primary);
  const mainPrice = primary ? primary.price : product.price;
  tiers.forEach((tier, index) => {
    const field = `wholesale.${index}`;
    const previous = tiers[index - 1];
    if (!previous) {
      if (tier.min_qty <= (product.min_order ?? 1))
        add(errors, `${field}.min_qty`, RULE_MESSAGES.wholesaleFirstQuantity);
      if (mainPrice !== null && tier.price >= mainPrice)
        add(errors, `${field}.price`, RULE_MESSAGES.wholesaleFirstPrice);
      return;
    }
    if (tier.min_qty <= previous.min_qty) add(errors, `${field}.min_qty`, RULE_MESSAGES.wholesaleQuantity);
    if (tier.price >= previous.price) add(errors, `${field}.price`, RULE_MESSAGES.wholesalePrice);
  });
}

function checkPreorder(errors: FieldErrors, product: ChannelProduct) {
  const { preorder } = product;
  if (!preorder.is_active) return;
  if (!positive(preorder.duration)) return add(errors, 'preorder.duration', RULE_MESSAGES.preorder);
  const duration = preorder.duration as number;
  if (preorder.time_unit === 'DAY' && duration > LIMITS.preorderDays)
    add(errors, 'preorder.duration', RULE_MESSAGES.preorderDays);
  if (preorder.time_unit === 'WEEK' && duration > LIMITS.preorderWeeks)
    add(errors, 'preorder.duration', RULE_MESSAGES.preorderWeeks);
}

/**
 * Every rule of the marketplace a product breaks, by field (Laravel keys of the product's shape). The SKU's
 * uniqueness in the shop is asked of the shop separately, since it needs the shop's other products.
 */
export function productRefusals(product: ChannelProduct, shop: ChannelShop, taxonomy: Taxonomy) {
  const errors: FieldErrors = Object.create(null);
  if (!product.name.trim()) add(errors, 'name', RULE_MESSAGES.name);
  else if (product.name.length > LIMITS.nameLength) add(errors, 'name', RULE_MESSAGES.nameLength);
  if (product.description.length > LIMITS.descriptionLength)
    add(errors, 'description', RULE_MESSAGES.descriptionLength);
  const pictureLimit = shop.isOfficial ? LIMITS.officialPictures : LIMITS.pictures;
  if (product.pictures.length === 0) add(errors, 'pictures', RULE_MESSAGES.picture);
  else if (product.pictures.length > pictureLimit)
    add(errors, 'pictures', RULE_MESSAGES.pictures(pictureLimit));
  if (product.category_id === null) add(errors, 'category_id', RULE_MESSAGES.category);
  else if (!taxonomy.pathOf(product.category_id)) add(errors, 'category_id', RULE_MESSAGES.categoryLeaf);
  if (product.etalase.id === null) add(errors, 'etalase.id', RULE_MESSAGES.etalase);
  else if (!taxonomy.showcases().some((showcase) => showcase.etalase_id === product.etalase.id))
    add(errors, 'etalase.id', RULE_MESSAGES.etalaseUnknown);
  if (!product.variant) {
    if (!product.sku) add(errors, 'sku', RULE_MESSAGES.sku);
    checkPrice(errors, 'price', product.price);
    if (product.stock < 1) add(errors, 'stock', RULE_MESSAGES.stock);
  }
  if (!positive(product.min_order)) add(errors, 'min_order', RULE_MESSAGES.minOrder);
  if (!positive(product.weight)) add(errors, 'weight', RULE_MESSAGES.weight);
  if (!positive(product.dimension.length)) add(errors, 'dimension.length', RULE_MESSAGES.length);
  if (!positive(product.dimension.width)) add(errors, 'dimension.width', RULE_MESSAGES.width);
  if (!positive(product.dimension.height)) add(errors, 'dimension.height', RULE_MESSAGES.height);
  product.videos.forEach((video, index) => {
    if (video.source !== 'youtube' || !WATCH_ID.test(video.url))
      add(errors, `videos.${index}.url`, RULE_MESSAGES.video);
  });
  checkPreorder(errors, product);
  checkWholesale(errors, product);
  checkVariant(errors, product, taxonomy);
  return errors;
}

/** The SKUs a product holds in the shop: each combination's when it has variants, else its own. */
export function skusOf(product: Pick<ChannelProduct, 'sku' | 'variant'>) {
  const skus = product.variant ? product.variant.products.map((row) => row.sku) : [product.sku];
  return [...new Set(skus.filter((sku): sku is string => Boolean(sku)))];
}

/** The field of a SKU in the product's shape, for a refusal that names it. */
export function skuField(product: Pick<ChannelProduct, 'sku' | 'variant'>, sku: string) {
  if (!product.variant) return 'sku';
  const index = product.variant.products.findIndex((row) => row.sku === sku);
  return `variant.products.${index}.sku`;
}
