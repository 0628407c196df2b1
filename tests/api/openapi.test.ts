import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app';
import { openApiDocument } from '../../api/openapi';
import { startTestApi, type TestApi } from '../support/api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

/** Served outside the contract: the document itself, the uploaded files and the readiness check. */
const UNDOCUMENTED = new Set(['get /api/docs/openapi.json', 'get /storage/*', 'get /healthz']);

/** `/api/brand/:brand/customer/:id{[0-9]+}` → `/api/brand/{brand}/customer/{id}`; a trailing slash is the same route. */
function documentedPath(path: string) {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}').replace(/(.)\/$/, '$1');
}

describe('the OpenAPI document', () => {
  it('lists every route the API mounts', () => {
    const documented = new Set(
      Object.entries(openApiDocument().paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method} ${path}`),
      ),
    );
    const mounted = createApiApp(api.deps)
      .routes.filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method.toLowerCase()} ${documentedPath(route.path)}`)
      .filter((route) => !UNDOCUMENTED.has(route));

    expect(mounted.length).toBeGreaterThan(100);
    expect([...new Set(mounted.filter((route) => !documented.has(route)))]).toEqual([]);
  });

  it('is served at /api/docs/openapi.json', async () => {
    const response = await api.request('/api/docs/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.paths['/api/brand/{brand}/order']).toHaveProperty('get');
  });
});

describe('the API alone (npm run start:api)', () => {
  it('answers /healthz ready while its database answers', async () => {
    const response = await api.request('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});
