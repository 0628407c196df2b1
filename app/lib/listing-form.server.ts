import { randomUUID } from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, type AppLoadContext } from '@remix-run/node';
import { userCan } from './access';
import { replyWithUpstreamError } from './forms.server';
import {
  combinationKey,
  combinationsFor,
  emptyDraft,
  MAX_VARIANT_TYPES,
  MAX_WHOLESALE_TIERS,
  valuesOfKey,
  youtubeWatchId,
  type ListingDraft,
} from './listing-draft';
import { requireScope } from './scope.server';
import { listingFormSchema, listingRowActionSchema, type ListingForm } from './schemas/listing';
import { UpstreamError, type Upstream } from './upstream/client.server';
import {
  listingApi,
  type CategoryNode,
  type Listing,
  type ListingBody,
  type Showcases,
  type VariantType,
} from './upstream/listings.server';
import { mediaApi } from './upstream/media.server';

export type ListingChoices = {
  categories: CategoryNode[];
  showcases: Showcases;
  variantTypes: VariantType[];
};

/** The product pages are the brand side's: the brand the user works in; a vendor has none. */
export async function requireListingBrand(request: Request, context: AppLoadContext) {
  const { user, api, scope } = await requireScope(request, context, 'listing.list');
  if (scope.kind !== 'brand') throw new Response('Not Found', { status: 404 });
  const can = {
    create: userCan(user, 'listing.create'),
    update: userCan(user, 'listing.update'),
    remove: userCan(user, 'listing.delete'),
  };
  return { user, api, brandId: scope.id, can, canEdit: can.update };
}

/**
 * A row's delete or active switch on the product list, read here so the list page's own bundle carries no zod
 * (docs/decisions/060); a form no page sends is a 400.
 */
export function readListingRowAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: listingRowActionSchema });
  if (submission.status !== 'success') throw new Response('Bad Request', { status: 400 });
  return submission.value;
}

/** A lookup that fails leaves its choice empty: lookup failures are ignored. */
async function quietly<T>(call: Promise<T>, fallback: T) {
  try {
    return await call;
  } catch (error) {
    if (error instanceof UpstreamError) return fallback;
    throw error;
  }
}

/** The categories, the showcases and the variant types of the draft's last-level category. */
export async function formChoices(
  api: Upstream,
  brandId: number,
  draft: ListingDraft,
): Promise<ListingChoices> {
  const [categories, showcases] = await Promise.all([
    quietly(listingApi.categories(api, { brandId }), []),
    quietly(listingApi.showcases(api, { brandId }), {
      etalase: [],
      shop: { is_official: false, picture_limit: 5 },
    }),
  ]);
  const leaf = settledCategories(draft.categories, categories)[2];
  const variantTypes = leaf ? await quietly(listingApi.variants(api, { brandId, categoryId: leaf }), []) : [];
  return { categories, showcases, variantTypes };
}

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
function settledCategories(
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

/** The API's body for a valid form (Tokopedia's product), the form's choices beside it as raw_data. */
export function bodyOf(
  value: ListingForm,
  draft: ListingDraft,
  choices: ListingChoices,
  creating: boolean,
): ListingBody {
  const types = new Map(choices.variantTypes.map((type) => [type.variant_id, type]));
  const optionOf = (typeId: number, valueId: number) =>
    types
      .get(typeId)
      ?.units.flatMap((unit) => unit.unit_values)
      .find((option) => option.value_id === valueId);
  const selection = value.variants.map((variant) => ({
    id: variant.id,
    unit_id: variant.unit_id ?? 0,
    options: variant.values.map((id) => ({
      unit_value_id: id,
      value: optionOf(variant.id, id)?.value ?? String(id),
      hex_code: optionOf(variant.id, id)?.hex_code ?? '',
    })),
  }));
  const products = value.combinations.map((row) => ({
    combination: valuesOfKey(row.key).map((id, level) =>
      Math.max(0, value.variants[level]?.values.indexOf(id) ?? 0),
    ),
    is_primary: row.key === value.primary,
    price: row.price,
    sku: row.sku || null,
    ...(creating || row.stock === undefined ? {} : { stock: row.stock }),
    pictures: [],
  }));
  const hasVariants = selection.length > 0;
  const videoId = value.video ? youtubeWatchId(value.video) : null;
  const etalase = choices.showcases.etalase.find((showcase) => showcase.etalase_id === value.etalase_id);
  return {
    ...(value.name !== undefined ? { name: value.name } : {}),
    description: value.description ?? '',
    condition: value.condition,
    category_id: value.category_3,
    etalase: { id: value.etalase_id },
    sku: hasVariants ? null : (value.sku ?? null),
    price: hasVariants ? null : (value.price ?? null),
    ...(creating
      ? {}
      : {
          status: value.status ?? draft.status,
          ...(value.stock === undefined ? {} : { stock: value.stock }),
        }),
    min_order: value.min_order,
    weight: value.weight,
    weight_unit: value.weight_unit,
    dimension: {
      length: value.dimension_length,
      width: value.dimension_width,
      height: value.dimension_height,
    },
    preorder: {
      is_active: value.preorder,
      duration: value.preorder ? (value.preorder_duration ?? null) : null,
      time_unit: value.preorder_unit,
    },
    pictures: value.pictures.map((file_path) => ({ file_path })),
    videos: videoId ? [{ source: 'youtube', url: videoId }] : [],
    wholesale: value.wholesale,
    variant: hasVariants ? { selection, products } : null,
    raw_data: {
      categories: draft.categories,
      etalase: etalase ?? { etalase_id: value.etalase_id },
      selections: value.variants,
      products: value.combinations.map((row) => row.key),
    },
  };
}

/** The API's field keys (Tokopedia's product) as the form names its fields. */
export function formKeyOfUpstream(key: string) {
  const rules: [RegExp, string][] = [
    [/^category_id$/, 'category_3'],
    [/^etalase(\.id)?$/, 'etalase_id'],
    [/^dimension\.(length|width|height)$/, 'dimension_$1'],
    [/^preorder(\..+)?$/, 'preorder_duration'],
    [/^pictures(\..+)?$/, 'pictures'],
    [/^videos(\..+)?$/, 'video'],
    [/^variant\.selection$/, 'variants'],
    [/^variant\.selection\.(\d+)\.(id|unit_id)$/, 'variants.$1.$2'],
    [/^variant\.selection\.(\d+)\..*$/, 'variants.$1.values'],
    [/^variant\.products$/, 'primary'],
    [/^variant\.products\.(\d+)\.(price|sku|stock)$/, 'combinations.$1.$2'],
    [/^variant(\..*)?$/, 'variants'],
  ];
  for (const [pattern, replacement] of rules) if (pattern.test(key)) return key.replace(pattern, replacement);
  return key;
}

const FORM_FIELDS = [
  'name',
  'description',
  'pictures',
  'category_3',
  'condition',
  'etalase_id',
  'sku',
  'video',
  'min_order',
  'price',
  'weight',
  'weight_unit',
  'dimension_length',
  'dimension_width',
  'dimension_height',
  'preorder_duration',
  'status',
  'stock',
  'wholesale',
  'variants',
  'combinations',
  'primary',
];

/** Whether the form posted the category and combinations its choices lead to. */
function sameChoices(typed: ListingDraft, settled: ListingDraft) {
  const keys = (draft: ListingDraft) => draft.combinations.map((row) => row.key).join(',');
  return typed.categories[2] === settled.categories[2] && keys(typed) === keys(settled);
}

/** Uploads the pictures chosen in the form; the form then carries their addresses like the earlier ones. */
async function withUploadedPictures(api: Upstream, formData: FormData) {
  const files = formData
    .getAll('new_pictures')
    .filter((file): file is File => file instanceof File && file.size > 0);
  const next = new FormData();
  let pictures = 0;
  for (const [name, entry] of formData.entries()) {
    if (name === 'new_pictures') continue;
    if (/^pictures\[\d+\]$/.test(name)) {
      if (typeof entry === 'string' && entry) next.append(`pictures[${pictures++}]`, entry);
    } else next.append(name, entry);
  }
  const errors: string[] = [];
  for (const file of files.slice(0, 20)) {
    try {
      const uploaded = await mediaApi.upload(api, { file });
      next.append(`pictures[${pictures++}]`, uploaded.url);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status >= 500) throw error;
      errors.push(error.fieldErrors.file?.[0] ?? error.message);
    }
  }
  return { formData: next, uploadErrors: errors };
}

/**
 * The listing form's action, create and edit alike: pictures chosen are uploaded first (so a step keeps them);
 * a step answers the draft it leads to, with its choices; Save checks the form, then calls `save` and answers
 * its redirect, or shows the channel's refusal on the fields it names.
 */
export async function listingAction(
  api: Upstream,
  posted: FormData,
  options: {
    brandId: number;
    creating: boolean;
    save: (body: ListingBody) => Promise<Response>;
  },
) {
  const { formData, uploadErrors } = await withUploadedPictures(api, posted);
  const intent = String(formData.get('intent') ?? 'save').slice(0, 40);
  const typed = readDraft(formData);
  const choices = await formChoices(api, options.brandId, typed);
  const draft = settle(applyStep(typed, intent), choices);
  // Each answer is a new form (keyed by `step`) with the draft as its defaults.
  const answer = (
    extra: { result?: SubmissionResult<string[]>; review?: boolean },
    init?: { status: number },
  ) => json({ ...extra, draft, choices, step: randomUUID() }, init);
  if (intent !== 'save') return answer({});
  // Saved with a category or variant values changed but not applied (no JavaScript): show what they lead to.
  if (!sameChoices(typed, draft)) return answer({ review: true }, { status: 400 });
  const schema = listingFormSchema({
    creating: options.creating,
    pictureLimit: choices.showcases.shop.picture_limit,
  });
  const submission = parseWithZod(formData, { schema });
  if (uploadErrors.length) {
    return answer({ result: submission.reply({ fieldErrors: { pictures: uploadErrors } }) }, { status: 400 });
  }
  if (submission.status !== 'success') return answer({ result: submission.reply() }, { status: 400 });
  try {
    return await options.save(bodyOf(submission.value, draft, choices, options.creating));
  } catch (error) {
    // The channel failing (a 502 of the upstream) is the form's message; a refusal goes on its fields.
    if (error instanceof UpstreamError && error.status > 500) {
      return answer({ result: submission.reply({ formErrors: [error.message] }) }, { status: 400 });
    }
    const result = replyWithUpstreamError(submission, error, FORM_FIELDS, { formKeyOf: formKeyOfUpstream });
    return answer({ result }, { status: 400 });
  }
}
