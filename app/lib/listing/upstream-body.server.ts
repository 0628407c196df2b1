import { valuesOfKey, youtubeWatchId, type ListingDraft } from './draft';
import type { ListingChoices } from './form-state.server';
import type { ListingForm } from '../schemas/listing';
import type { ListingBody } from '../upstream/listings.server';

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

/** The form's fields an API refusal may name. */
export const FORM_FIELDS = [
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
