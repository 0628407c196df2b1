import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories } from '../../db/schema';

/**
 * The chosen categories and every category under them, within the given brands, in id order; ids of other
 * brands or of nothing drop out, so a filter naming only those matches nothing.
 */
export async function withDescendants(executor: Executor, brandIds: number[], chosen: number[]) {
  const tree = await executor
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(inArray(categories.brandId, brandIds.length ? brandIds : [0]));
  const children = new Map<number, number[]>();
  for (const row of tree) {
    if (row.parentId === null) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  }
  const known = new Set(tree.map((row) => row.id));
  const found = new Set<number>();
  const queue = chosen.filter((id) => known.has(id));
  // A visited set, so that a cycle in bad data cannot loop.
  while (queue.length) {
    const id = queue.pop() as number;
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...found].sort((a, b) => a - b);
}
