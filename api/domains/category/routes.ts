import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { brandOfPath, parseId, vendorOfPath } from '../../http/tenancy';
import { write } from '../../http/write';
import { categoryBodySchema, categoryQuerySchema } from './schema';
import { createCategory, deleteCategory, findCategory, listCategories, updateCategory } from './service';
import { WRITE_MESSAGE } from '../../http/messages';

function idOf(c: Context<ApiEnv>) {
  return parseId(c.req.param('id'));
}

/** A brand's categories (a two-level tree), and the categories of the brands a vendor serves. */
export const categoryEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/category',
    summary: 'Categories (with=children, only=parent)',
    tag: 'category',
    policy: { operation: 'category.options', tenancy: 'brand' },
    query: categoryQuerySchema,
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      return c.json(await listCategories(c.var.deps.db, [brand.id], query));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/category',
    summary: 'Create a category (parent_id: a top-level category)',
    tag: 'category',
    policy: { operation: 'category.create', tenancy: 'brand' },
    body: categoryBodySchema,
    handle: async (c, { body }) => {
      const brand = await brandOfPath(c);
      const created = await write(c, (work) => createCategory(work, brand.id, body));
      const data = await findCategory(c.var.deps.db, [brand.id], created.id);
      return c.json({ message: WRITE_MESSAGE.created, data }, 201);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/category/{id}',
    summary: 'A category with parent and children',
    tag: 'category',
    policy: { operation: 'category.options', tenancy: 'brand' },
    handle: async (c) => {
      const brand = await brandOfPath(c);
      return c.json({ data: await findCategory(c.var.deps.db, [brand.id], idOf(c)) });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/category/{id}',
    summary: 'Rename or move a category',
    tag: 'category',
    policy: { operation: 'category.update', tenancy: 'brand' },
    body: categoryBodySchema,
    handle: async (c, { body }) => {
      const brand = await brandOfPath(c);
      const id = idOf(c);
      await write(c, (work) => updateCategory(work, brand.id, id, body));
      const data = await findCategory(c.var.deps.db, [brand.id], id);
      return c.json({ message: WRITE_MESSAGE.updated, data });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/brand/{brand}/category/{id}',
    summary: 'Delete a category without sub categories or products (422 otherwise)',
    tag: 'category',
    policy: { operation: 'category.delete', tenancy: 'brand' },
    handle: async (c) => {
      const brand = await brandOfPath(c);
      const id = idOf(c);
      await write(c, (work) => deleteCategory(work, brand.id, id));
      return c.json({ message: WRITE_MESSAGE.deleted, success: true });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/category',
    summary: 'Categories of the brands a vendor serves',
    tag: 'category',
    policy: { operation: 'category.options', tenancy: 'vendor' },
    query: categoryQuerySchema,
    handle: async (c, { query }) => {
      const { brandIds } = await vendorOfPath(c);
      return c.json(await listCategories(c.var.deps.db, brandIds, query));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/category/{id}',
    summary: 'A category of a brand the vendor serves, with parent and children',
    tag: 'category',
    policy: { operation: 'category.options', tenancy: 'vendor' },
    handle: async (c) => {
      const { brandIds } = await vendorOfPath(c);
      return c.json({ data: await findCategory(c.var.deps.db, brandIds, idOf(c)) });
    },
  }),
]);
