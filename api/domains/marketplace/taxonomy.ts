import { z } from 'zod';
import tokopediaFile from './taxonomy/tokopedia.json';

const unitValueSchema = z.object({ value_id: z.number(), value: z.string(), hex_code: z.string() });
const unitSchema = z.object({
  unit_id: z.number(),
  name: z.string(),
  short_name: z.string(),
  unit_values: z.array(unitValueSchema),
});
const variantSchema = z.object({
  variant_id: z.number(),
  name: z.string(),
  identifier: z.string(),
  has_unit: z.number(),
  units: z.array(unitSchema),
});

type CategoryNode = { id: number; name: string; child?: CategoryNode[]; variants?: number[] };

const categorySchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    child: z.array(categorySchema).optional(),
    variants: z.array(z.number()).optional(),
  }),
);

const taxonomyFileSchema = z.object({
  channel: z.string(),
  categories: z.array(categorySchema),
  variants: z.array(variantSchema),
  showcases: z.array(z.object({ etalase_id: z.number(), etalase_name: z.string() })),
});

export type VariantType = z.infer<typeof variantSchema>;
export type Showcase = { etalase_id: number; etalase_name: string };
export type CategoryTree = { id: number; name: string; child: CategoryTree }[];

/**
 * A marketplace's taxonomy as the shop sees it: the category tree (three levels, products go in the last),
 * the variant types each last-level category allows with their units and values, and the shop's showcases.
 */
export type Taxonomy = {
  categories(): CategoryTree;
  /** The path from the top to a last-level category, or null when the id is not a last-level category. */
  pathOf(categoryId: number): { id: number; name: string }[] | null;
  /** The variant types a last-level category allows (empty for an unknown category). */
  variantsOf(categoryId: number): VariantType[];
  showcases(): Showcase[];
};

/** Reads a taxonomy file once: its tree, and the lookups by id the rules need. */
export function taxonomyOf(file: unknown): Taxonomy {
  const parsed = taxonomyFileSchema.parse(file);
  const variantsById = new Map(parsed.variants.map((variant) => [variant.variant_id, variant]));
  const leaves = new Map<number, { path: { id: number; name: string }[]; variants: VariantType[] }>();
  function walk(nodes: CategoryNode[], above: { id: number; name: string }[]): CategoryTree {
    return nodes.map((node) => {
      const path = [...above, { id: node.id, name: node.name }];
      if (!node.child?.length) {
        const variants = (node.variants ?? []).flatMap((id) => variantsById.get(id) ?? []);
        leaves.set(node.id, { path, variants });
      }
      return { id: node.id, name: node.name, child: walk(node.child ?? [], path) };
    });
  }
  const tree = walk(parsed.categories, []);
  return {
    categories: () => tree,
    pathOf: (categoryId) => leaves.get(categoryId)?.path ?? null,
    variantsOf: (categoryId) => leaves.get(categoryId)?.variants ?? [],
    showcases: () => parsed.showcases,
  };
}

/** Tokopedia's taxonomy as shipped in `taxonomy/tokopedia.json`. */
export const tokopediaTaxonomy = taxonomyOf(tokopediaFile);
