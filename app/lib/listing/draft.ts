/**
 * The listing form's state between its steps (without JavaScript each step is a round trip, so what was typed
 * travels as text and comes back as typed), and the rules both the browser and the server apply to it.
 */

export type VariantDraft = { id: number | null; unit_id: number | null; values: number[] };
export type CombinationDraft = { key: string; price: string; sku: string; stock: string };
export type WholesaleDraft = { min_qty: string; price: string };

export type ListingDraft = {
  name: string;
  description: string;
  pictures: string[];
  categories: [number | null, number | null, number | null];
  condition: 'NEW' | 'USED';
  etalase_id: number | null;
  sku: string;
  video: string;
  min_order: string;
  price: string;
  weight: string;
  weight_unit: 'GR' | 'KG';
  dimension_length: string;
  dimension_width: string;
  dimension_height: string;
  preorder: boolean;
  preorder_duration: string;
  preorder_unit: 'DAY' | 'WEEK';
  status: 'LIMITED' | 'UNLIMITED' | 'EMPTY';
  stock: string;
  wholesale: WholesaleDraft[];
  variants: VariantDraft[];
  combinations: CombinationDraft[];
  primary: string;
};

export const MAX_VARIANT_TYPES = 2;
export const MAX_WHOLESALE_TIERS = 5;

export function emptyDraft(): ListingDraft {
  return {
    name: '',
    description: '',
    pictures: [],
    categories: [null, null, null],
    condition: 'NEW',
    etalase_id: null,
    sku: '',
    video: '',
    min_order: '1',
    price: '',
    weight: '',
    weight_unit: 'GR',
    dimension_length: '',
    dimension_width: '',
    dimension_height: '',
    preorder: false,
    preorder_duration: '',
    preorder_unit: 'DAY',
    status: 'EMPTY',
    stock: '-1',
    wholesale: [],
    variants: [],
    combinations: [],
    primary: '',
  };
}

/** A combination's key: its value ids, one per variant type. */
export function combinationKey(valueIds: number[]) {
  return valueIds.join('-');
}

/** Every combination of the chosen values (one value of each type), in the order the values were chosen. */
function combine(variants: VariantDraft[]) {
  const chosen = variants.filter((variant) => variant.values.length > 0);
  if (chosen.length === 0) return [];
  return chosen.reduce<number[][]>(
    (rows, variant) => rows.flatMap((row) => variant.values.map((value) => [...row, value])),
    [[]],
  );
}

/**
 * The combinations table for the chosen values: a combination kept keeps what was typed in it; the primary
 * stays where it was, else the first combination is primary.
 */
export function combinationsFor(
  variants: VariantDraft[],
  previous: CombinationDraft[],
  primary: string,
): { combinations: CombinationDraft[]; primary: string } {
  const byKey = new Map(previous.map((row) => [row.key, row]));
  const combinations = combine(variants).map((values) => {
    const key = combinationKey(values);
    return byKey.get(key) ?? { key, price: '', sku: '', stock: '' };
  });
  const keeps = combinations.some((row) => row.key === primary);
  return { combinations, primary: keeps ? primary : (combinations[0]?.key ?? '') };
}

/** The value ids of a combination key. */
export function valuesOfKey(key: string) {
  return key.split('-').map(Number);
}

/** `https://www.youtube.com/watch?v=ID`, `youtu.be/ID`, `/shorts/ID`, `/embed/ID` → `ID`; anything else null. */
export function youtubeWatchId(link: string) {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'music.youtube.com') {
    id =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : (/^\/(shorts|embed|live)\/([^/]+)/.exec(url.pathname)?.[2] ?? null);
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}
