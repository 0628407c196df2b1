import {
  combinationKey,
  combinationsFor,
  emptyDraft,
  MAX_VARIANT_TYPES,
  MAX_WHOLESALE_TIERS,
  type ListingDraft,
} from './draft';
import type { CategoryNode, Listing, Showcases, VariantType } from '../upstream/listings.server';

/** What the form offers to choose from: the brand's categories and showcases, the leaf category's variant types. */
export type ListingChoices = {
  categories: CategoryNode[];
  showcases: Showcases;
  variantTypes: VariantType[];
};

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * A listing's stock as the form shows it: -1, kept for a listing nobody has stocked yet (docs/decisions/016), is an
 * empty field that says so; left empty, the save sends no stock and the -1 stays.
 */
export const stockText = (value: number | null | undefined) => (value === -1 ? '' : text(value));

/** The form's state of a saved listing. */
export function draftOfListing(listing: Listing): ListingDraft {
  const product = listing.products[0];
  const draft = emptyDraft();
  if (!product) return { ...draft, name: listing.name };
  const path = listing.category_path.map((node) => node.id);
  const selection = product.variant?.selection ?? [];
  const combinations = (product.variant?.products ?? []).map((row) => ({
    key: combinationKey(
      row.combination.map((at, level) => selection[level]?.options[at]?.unit_value_id ?? 0),
    ),
    price: text(row.price),
    sku: row.sku ?? '',
    stock: stockText(row.stock),
  }));
  const primaryAt = product.variant?.products.findIndex((row) => row.is_primary) ?? -1;
  return {
    ...draft,
    name: product.name,
    description: product.description,
    pictures: product.pictures.map((picture) => picture.file_path),
    categories: [path[0] ?? null, path[1] ?? null, path[2] ?? null],
    condition: product.condition,
    etalase_id: product.etalase.id,
    sku: product.sku ?? '',
    video: product.videos[0] ? `https://www.youtube.com/watch?v=${product.videos[0].url}` : '',
    min_order: text(product.min_order),
    price: text(product.price),
    weight: text(product.weight),
    weight_unit: product.weight_unit,
    dimension_length: text(product.dimension.length),
    dimension_width: text(product.dimension.width),
    dimension_height: text(product.dimension.height),
    preorder: product.preorder.is_active,
    preorder_duration: text(product.preorder.duration),
    preorder_unit: product.preorder.time_unit,
    status: product.status,
    stock: stockText(product.stock),
    wholesale: product.wholesale.map((tier) => ({ min_qty: text(tier.min_qty), price: text(tier.price) })),
    variants: selection.map((type) => ({
      id: type.id,
      unit_id: type.unit_id,
      values: type.options.map((option) => option.unit_value_id),
    })),
    combinations,
    primary: combinations[primaryAt]?.key ?? '',
  };
}

function idOf(value: FormDataEntryValue | null) {
  const number = Number(value);
  return typeof value === 'string' && /^\d{1,10}$/.test(value) && number > 0 ? number : null;
}

/** Rows posted as `list[N].field`, in the form's order. */
function rowsOf(formData: FormData, list: string) {
  const rows = new Map<number, Map<string, FormDataEntryValue[]>>();
  const pattern = new RegExp(`^${list}\\[(\\d{1,3})\\]\\.(\\w+)$`);
  for (const [name, value] of formData.entries()) {
    const match = pattern.exec(name);
    if (!match) continue;
    const row = rows.get(Number(match[1])) ?? new Map<string, FormDataEntryValue[]>();
    row.set(match[2], [...(row.get(match[2]) ?? []), value]);
    rows.set(Number(match[1]), row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

/** The form as typed, whether or not it parses: each step shows it back. */
export function readDraft(formData: FormData): ListingDraft {
  const value = (name: string) => {
    const entry = formData.get(name);
    return typeof entry === 'string' ? entry.slice(0, 5000) : '';
  };
  const first = (row: Map<string, FormDataEntryValue[]>, field: string) => {
    const entry = row.get(field)?.[0];
    return typeof entry === 'string' ? entry.slice(0, 300) : '';
  };
  const pictures = [...formData.entries()]
    .filter(
      ([name, entry]) => /^pictures\[\d{1,2}\]$/.test(name) && typeof entry === 'string' && entry !== '',
    )
    .map(([, entry]) => String(entry));
  return {
    name: value('name'),
    description: value('description'),
    pictures,
    categories: [
      idOf(formData.get('category_1')),
      idOf(formData.get('category_2')),
      idOf(formData.get('category_3')),
    ],
    condition: value('condition') === 'USED' ? 'USED' : 'NEW',
    etalase_id: idOf(formData.get('etalase_id')),
    sku: value('sku'),
    video: value('video'),
    min_order: value('min_order'),
    price: value('price'),
    weight: value('weight'),
    weight_unit: value('weight_unit') === 'KG' ? 'KG' : 'GR',
    dimension_length: value('dimension_length'),
    dimension_width: value('dimension_width'),
    dimension_height: value('dimension_height'),
    preorder: value('preorder') === 'on',
    preorder_duration: value('preorder_duration'),
    preorder_unit: value('preorder_unit') === 'WEEK' ? 'WEEK' : 'DAY',
    status:
      (['LIMITED', 'UNLIMITED', 'EMPTY'] as const).find((status) => status === value('status')) ?? 'EMPTY',
    stock: value('stock'),
    wholesale: rowsOf(formData, 'wholesale')
      .slice(0, 20)
      .map((row) => ({ min_qty: first(row, 'min_qty'), price: first(row, 'price') })),
    variants: rowsOf(formData, 'variants')
      .slice(0, MAX_VARIANT_TYPES + 1)
      .map((row) => ({
        id: idOf(row.get('id')?.[0] ?? null),
        unit_id:
          Number.isInteger(Number(first(row, 'unit_id'))) && first(row, 'unit_id') !== ''
            ? Number(first(row, 'unit_id'))
            : null,
        values: (row.get('values') ?? []).flatMap((entry) => idOf(entry) ?? []),
      })),
    combinations: rowsOf(formData, 'combinations')
      .slice(0, 500)
      .map((row) => ({
        key: first(row, 'key'),
        price: first(row, 'price'),
        sku: first(row, 'sku'),
        stock: first(row, 'stock'),
      })),
    primary: value('primary'),
  };
}

function findChild(nodes: CategoryNode[], id: number | null) {
  return id === null ? undefined : nodes.find((node) => node.id === id);
}

/** The chosen levels, each cleared when it is not a child of the one above (and so every level below it). */
export function settledCategories(
  chosen: ListingDraft['categories'],
  tree: CategoryNode[],
): ListingDraft['categories'] {
  const top = findChild(tree, chosen[0]);
  const middle = top ? findChild(top.child, chosen[1]) : undefined;
  const leaf = middle ? findChild(middle.child, chosen[2]) : undefined;
  return [top?.id ?? null, middle?.id ?? null, leaf?.id ?? null];
}

/**
 * The draft made consistent with what the taxonomy offers: category levels as settledCategories leaves them; a
 * variant type the category does not offer is dropped, its unit is the type's first unless one of its own is
 * chosen, values not of that unit go; the combinations follow.
 */
export function settle(draft: ListingDraft, choices: ListingChoices): ListingDraft {
  const categories = settledCategories(draft.categories, choices.categories);
  const types = new Map(choices.variantTypes.map((type) => [type.variant_id, type]));
  const variants = categories[2]
    ? draft.variants.map((variant) => {
        const type = variant.id === null ? undefined : types.get(variant.id);
        if (!type) return { id: null, unit_id: null, values: [] };
        const unit = type.units.find((candidate) => candidate.unit_id === variant.unit_id) ?? type.units[0];
        const known = new Set(unit?.unit_values.map((option) => option.value_id));
        return {
          id: type.variant_id,
          unit_id: unit?.unit_id ?? null,
          values: variant.values.filter((id) => known.has(id)),
        };
      })
    : [];
  return { ...draft, categories, variants, ...combinationsFor(variants, draft.combinations, draft.primary) };
}

/** A step of the form (a button other than Save): the draft it leads to. */
export function applyStep(draft: ListingDraft, intent: string): ListingDraft {
  const indexed = /^(remove-picture|remove-wholesale|remove-variant)-(\d{1,2})$/.exec(intent);
  if (indexed) {
    const at = Number(indexed[2]);
    const without = <T>(rows: T[]) => rows.filter((_, index) => index !== at);
    if (indexed[1] === 'remove-picture') return { ...draft, pictures: without(draft.pictures) };
    if (indexed[1] === 'remove-wholesale') return { ...draft, wholesale: without(draft.wholesale) };
    return { ...draft, variants: without(draft.variants) };
  }
  if (intent === 'add-wholesale' && draft.wholesale.length < MAX_WHOLESALE_TIERS) {
    return { ...draft, wholesale: [...draft.wholesale, { min_qty: '', price: '' }] };
  }
  if (intent === 'add-variant' && draft.variants.length < MAX_VARIANT_TYPES && draft.categories[2]) {
    return { ...draft, variants: [...draft.variants, { id: null, unit_id: null, values: [] }] };
  }
  return draft;
}
