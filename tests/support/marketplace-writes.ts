import type { ApiResponse, TestApi } from './api';
import { createListing, listingBody } from './marketplace';

type WriteCase = { actions: string[]; call(): Promise<ApiResponse> };

/**
 * One call of each marketplace listing write, as the administrator on
 * brand A, for the walk over every write of the OpenAPI document.
 */
export function marketplaceWriteCases(
  apiOf: () => TestApi,
  adminToken: () => string,
): Record<string, WriteCase> {
  const base = () => `/api/brand/${apiOf().world.brands.A}`;
  const send = (path: string, options: Parameters<TestApi['request']>[1] = {}) =>
    apiOf().request(path, { token: adminToken(), ...options });
  const fresh = () => createListing(apiOf(), adminToken());
  async function inactive() {
    const listing = await fresh();
    await send(`${base()}/tokopedia/product-commerce/${listing.id}/set-inactive`, { method: 'PUT' });
    return listing;
  }

  return {
    'post /api/brand/{brand}/tokopedia/product-commerce': {
      actions: ['marketplace-listing.store'],
      call: () => send(`${base()}/tokopedia/product-commerce`, { json: listingBody() }),
    },
    'put /api/brand/{brand}/tokopedia/product-commerce/{id}': {
      actions: ['marketplace-listing.update'],
      call: async () => {
        const listing = await fresh();
        return send(`${base()}/tokopedia/product-commerce/${listing.id}`, {
          method: 'PUT',
          json: listingBody({ sku: listing.sku, price: 81_000 }),
        });
      },
    },
    'delete /api/brand/{brand}/tokopedia/product-commerce/{id}': {
      actions: ['marketplace-listing.destroy'],
      call: async () =>
        send(`${base()}/tokopedia/product-commerce/${(await fresh()).id}`, { method: 'DELETE' }),
    },
    'put /api/brand/{brand}/tokopedia/product-commerce/{id}/set-inactive': {
      actions: ['marketplace-listing.set-inactive'],
      call: async () =>
        send(`${base()}/tokopedia/product-commerce/${(await fresh()).id}/set-inactive`, { method: 'PUT' }),
    },
    'put /api/brand/{brand}/tokopedia/product-commerce/{id}/set-active': {
      actions: ['marketplace-listing.set-active'],
      call: async () =>
        send(`${base()}/tokopedia/product-commerce/${(await inactive()).id}/set-active`, { method: 'PUT' }),
    },
    'post /api/brand/{brand}/tokopedia/import/product-price': {
      actions: ['marketplace-listing.import-price'],
      call: async () => {
        const listing = await fresh();
        const form = new FormData();
        form.append('file', new Blob([`sku,price\n${listing.sku},72000\n`]), 'harga.csv');
        return send(`${base()}/tokopedia/import/product-price`, { form });
      },
    },
    'post /api/brand/{brand}/tokopedia/product': {
      actions: ['marketplace-listing.store'],
      call: () => send(`${base()}/tokopedia/product`, { json: { products: [listingBody()] } }),
    },
    'put /api/brand/{brand}/tokopedia/product/update': {
      actions: ['marketplace-listing.update'],
      call: async () => {
        const listing = await fresh();
        return send(`${base()}/tokopedia/product/update`, {
          method: 'PUT',
          json: {
            products: [{ id: listing.external_id, ...listingBody({ sku: listing.sku, price: 83_000 }) }],
          },
        });
      },
    },
    'post /api/brand/{brand}/tokopedia/product/delete': {
      actions: ['marketplace-listing.destroy'],
      call: async () =>
        send(`${base()}/tokopedia/product/delete`, {
          json: { _method: 'DELETE', product_id: [(await fresh()).external_id] },
        }),
    },
    'post /api/brand/{brand}/tokopedia/product/status/set-inactive': {
      actions: ['marketplace-listing.set-inactive'],
      call: async () =>
        send(`${base()}/tokopedia/product/status/set-inactive`, {
          json: { product_id: [(await fresh()).external_id] },
        }),
    },
    'post /api/brand/{brand}/tokopedia/product/status/set-active': {
      actions: ['marketplace-listing.set-active'],
      call: async () =>
        send(`${base()}/tokopedia/product/status/set-active`, {
          json: { product_id: [(await inactive()).external_id] },
        }),
    },
  };
}
