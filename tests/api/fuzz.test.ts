import fc from 'fast-check';
import { brandFormBody } from '../support/brands';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../api/openapi';
import { startTestApi, type TestApi } from '../support/api';
import { changedTables, publicTables, tableChecksums } from '../support/table-checksums';
import { createListing, listingBody } from '../support/marketplace';
import { bankNamed, completedOrder, voucherBody } from '../support/payments';
import { createCatalogue, placeOrder, type Catalogue } from '../support/world';

/**
 * Every write of the OpenAPI document, sent hostile bodies (seeded, so a failure replays): random and deeply
 * nested JSON, prototype keys, lone surrogates, NUL and CR/LF, huge strings and numbers, bodies that are not
 * what their content type says, and the wrong content types. No answer may be a 500 or take longer than the
 * request timeout, and a refused request must leave every table as it was.
 */

const SEED = 20261125;
const RUNS_PER_OPERATION = 6;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Tables a refused request may still touch, on purpose: a failed sign-in is audited and counted; a push the
 * marketplace refuses is kept in the channel request log and audited.
 */
function refusalsMayWrite(operation: string): string[] {
  if (operation === 'post /oauth/token') return ['audit_logs'];
  if (operation.includes('/tokopedia/')) return ['audit_logs', 'channel_request_logs'];
  return [];
}

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let ids: Record<string, number>;
let tables: string[];

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  admin = await api.login(api.world.users.admin.email);
  const placed = await placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.phone, quantity: 1 }],
    status: 'delivered',
  });
  ids = {
    brand: api.world.brands.A,
    vendor: api.world.vendors.V1,
    channel: api.world.channels.tokopedia,
    id: placed.orderId,
  };
  tables = await publicTables(api.db);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

/** A checksum of every table's rows, minus those a refusal of `operation` may write. */
function fingerprint(operation: string) {
  const skipped = refusalsMayWrite(operation);
  return tableChecksums(
    api.db,
    tables.filter((table) => !skipped.includes(table)),
  );
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '\ud800',
    'a\udc00b',
    'nul\u0000byte',
    'line\r\nbreak',
    '=cmd|"/c calc"!A1',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '9'.repeat(400),
    'x'.repeat(70_000),
    '../../etc/passwd',
    '2026-02-30',
    '-1',
    '1e400',
  ),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER),
);

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'id', 'brand_id'),
  fc.string({ maxLength: 12 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** The body fields the operation documents, so the values reach its rules, plus keys of any kind. */
function bodyFor(operation: string) {
  const [method, path] = operation.split(' ');
  const documented = openApiDocument().paths[path]?.[method] as
    | { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }
    | undefined;
  const fields = Object.keys(
    documented?.requestBody?.content?.['application/json']?.schema?.properties ?? {},
  );
  const known = fields.length ? fc.constantFrom(...fields) : hostileKey;
  return fc.dictionary(fc.oneof(known, hostileKey), hostileValue, { maxKeys: 8 });
}

type Sent = { contentType?: string; body: string };

function requestsFor(operation: string): fc.Arbitrary<Sent> {
  return fc.oneof(
    bodyFor(operation).map((body) => ({ contentType: 'application/json', body: JSON.stringify(body) })),
    fc.constantFrom(
      { contentType: 'application/json', body: '{"__proto__": {"isAdmin": true}, "constructor": {"a": 1}}' },
      { contentType: 'application/json', body: '{"a": ' },
      { contentType: 'application/json', body: '[1, 2, 3]' },
      { contentType: 'application/json', body: '"text"' },
      { contentType: 'application/json', body: 'null' },
      { contentType: 'text/plain', body: 'hello' },
      { contentType: 'application/xml', body: '<a>1</a>' },
      { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nbroken' },
      { contentType: 'application/x-www-form-urlencoded', body: 'a=%E0%A4%A&b[]=1&b[x]=2&__proto__[y]=1' },
      { body: '' },
    ),
    bodyFor(operation).map((body) => ({
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(
        Object.entries(body).map(([key, value]) => [
          key,
          typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      ).toString(),
    })),
  );
}

function concretePath(path: string) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name] ?? 1));
}

function writeOperations() {
  return Object.entries(openApiDocument().paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => method !== 'get')
      .map((method) => `${method} ${path}`),
  );
}

async function send(operation: string, sent: Sent) {
  const [method, path] = operation.split(' ');
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${admin}` };
  if (sent.contentType) headers['content-type'] = sent.contentType;
  const response = await api.fetch(concretePath(path), {
    method: method.toUpperCase(),
    headers,
    body: sent.body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Sends each of `requests` with `send`: none may answer 500 or outlast the request timeout, and a refused one
 * must leave every table's checksum as it was. A refusal leaves the tables as they were, so the checksums
 * after one are those before the next; they are read again only after a request that was taken.
 */
async function assertRefusalsChangeNothing<T>(
  operation: string,
  requests: fc.Arbitrary<T>,
  sendOne: (request: T) => Promise<number>,
  describeOne: (request: T) => string,
  numRuns: number,
) {
  let before = await fingerprint(operation);
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      const status = await sendOne(request);
      expect(status, `${operation} ${describeOne(request)}`).toBeLessThan(500);
      const after = await fingerprint(operation);
      if (status >= 400) {
        const changed = changedTables(before, after);
        expect(changed, `${operation} answered ${status} to ${describeOne(request)}`).toEqual([]);
      }
      before = after;
    }),
    { seed: SEED, numRuns, endOnFailure: true },
  );
}

/**
 * A write may end the administrator's token (a logout takes any body): without a new one, every write after it
 * would answer 401 and reach none of its rules.
 */
async function signedIn() {
  const probe = await api.request('/api/account', { token: admin });
  if (probe.status === 401) admin = await api.login(api.world.users.admin.email);
}

describe('hostile bodies sent to every write', () => {
  beforeEach(signedIn);

  it.each(writeOperations())(
    '%s answers each with a 4xx or a success, in time, changing nothing it refused',
    async (operation) => {
      await assertRefusalsChangeNothing(
        operation,
        requestsFor(operation),
        (sent) => send(operation, sent),
        (sent) => `${sent.contentType} ${sent.body.slice(0, 200)}`,
        RUNS_PER_OPERATION,
      );
    },
  );
});

/**
 * A body with one thing wrong, so it passes the route's lookups (a record that exists, a body that parses) and
 * reaches the rules behind them: one field, anywhere in the body, given a hostile value or dropped, a key of
 * any kind added, or a list grown well past what a form sends.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

function pathsOf(value: Json, at: Path = []): Path[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [[...at, index], ...pathsOf(item, [...at, index])]);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [[...at, key], ...pathsOf(item, [...at, key])]);
  return [];
}

/** A copy of `body` with `change` applied to the container holding `path`'s last step. */
function edited(
  body: Json,
  path: Path,
  change: (holder: Json[] | Record<string, Json>, step: string | number) => void,
) {
  const copy = structuredClone(body);
  let holder = copy as Json;
  for (const step of path.slice(0, -1)) holder = (holder as Record<string, Json>)[step];
  change(holder as Json[] | Record<string, Json>, path[path.length - 1]);
  return copy;
}

/** Sets an own property, even one named `__proto__`, as JSON.parse would make it. */
function own(holder: Record<string, Json>, key: string, value: unknown) {
  Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
}

function nearlyValid(body: Json): fc.Arbitrary<Json> {
  const paths = pathsOf(body);
  const containers = [
    [] as Path,
    ...paths.filter((path) => {
      const node = path.reduce<Json>((node, step) => (node as Record<string, Json>)[step], body);
      return node !== null && typeof node === 'object' && !Array.isArray(node);
    }),
  ];
  const lists = paths.filter((path) =>
    Array.isArray(path.reduce<Json>((node, step) => (node as Record<string, Json>)[step], body)),
  );
  const replaced = fc
    .tuple(fc.constantFrom(...paths), hostileValue)
    .map(([path, value]) =>
      edited(body, path, (holder, step) => own(holder as Record<string, Json>, String(step), value)),
    );
  const dropped = fc.constantFrom(...paths).map((path) =>
    edited(body, path, (holder, step) => {
      if (Array.isArray(holder)) holder.splice(Number(step), 1);
      else delete holder[step];
    }),
  );
  const added = fc
    .tuple(fc.constantFrom(...containers), hostileKey, hostileValue)
    .map(([path, key, value]) =>
      edited(body, [...path, key], (holder, step) =>
        own(holder as Record<string, Json>, String(step), value),
      ),
    );
  const grown = lists.length
    ? [
        fc.tuple(fc.constantFrom(...lists), fc.integer({ min: 2, max: 1200 })).map(([path, times]) =>
          edited(body, path, (holder, step) => {
            const list = (holder as Record<string, Json[]>)[step];
            (holder as Record<string, Json[]>)[step] = Array.from({ length: times }, () => list[0] ?? null);
          }),
        ),
      ]
    : [];
  return fc.oneof(replaced, replaced, dropped, added, ...grown);
}

/** A write of an area with the body a client would send, its path holding records that exist. */
type Target = { method: string; path: string; body: Json };

const NEAR_RUNS_PER_OPERATION = 8;

describe('nearly valid bodies sent to the writes of payments, stock, listings and settings', () => {
  const targets: Record<string, Target> = {};

  beforeEach(signedIn);

  beforeAll(async () => {
    await signedIn();
    const brand = `/api/brand/${ids.brand}`;
    const vendor = `/api/vendor/${ids.vendor}`;
    const created = async (path: string, body: Json) => {
      const response = await api.request(path, { token: admin, json: body });
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.data.id as number;
    };
    const completed = () =>
      completedOrder(api, {
        brand: 'A',
        vendor: 'V1',
        lines: [{ product: catalogue.A.charger, quantity: 1 }],
      });
    const bankId = await bankNamed(api, 'BCA');
    const paid = await completed();
    const payable = await completed();
    const voucher = voucherBody(api, { brand: 'A', vendor: 'V1', bankId, orderIds: [paid.orderId] });
    const voucherId = await created('/api/send-payment', voucher);
    const listings = await Promise.all([1, 2, 3, 4].map(() => createListing(api, admin)));
    const roleId = await created(`${brand}/role`, { name: 'Peran Fuzz' });
    const otherRoleId = await created(`${brand}/role`, { name: 'Peran Fuzz Lain' });
    const gateId = await created(`${brand}/gate-setting`, { role_id: roleId, permission_ids: [] });
    const user = {
      name: 'Pengguna Fuzz',
      email: 'pengguna.fuzz@world.test',
      mobile_phone: '081234567890',
      password: 'rahasia-123',
      role_id: api.world.roles.vendor,
      role_name: 'Vendor',
      vendor_id: ids.vendor,
    };
    const userId = await created('/api/user', user);
    const shipping = await api.request('/api/shipping-method', { token: admin });
    const listingFor = (index: number) => listingBody({ sku: listings[index].sku });
    const add = (operation: string, path: string, body: Json) => {
      targets[operation] = { method: operation.split(' ')[0], path, body };
    };

    add('post /api/send-payment', '/api/send-payment', {
      ...voucherBody(api, { brand: 'A', vendor: 'V1', bankId, orderIds: [payable.orderId] }),
    });
    add('put /api/send-payment/{id}', `/api/send-payment/${voucherId}?brand=${ids.brand}`, { ...voucher });

    const { charger, phone } = catalogue.A;
    add('post /api/brand/{brand}/product', `${brand}/product`, {
      name: 'Tas Fuzz',
      sku: 'A-FUZZ-1',
      category_id: api.world.categories.A.parent,
      vendor_price: 50_000,
    });
    add('put /api/brand/{brand}/product/{id}', `${brand}/product/${charger.id}`, {
      name: charger.name,
      sku: charger.sku,
      category_id: charger.categoryId,
    });
    add('put /api/brand/{brand}/product/{id}/update-stock', `${brand}/product/${phone.id}/update-stock`, {
      product_stocks: [{ vendor_id: ids.vendor, quantity: 61 }],
    });
    add('put /api/brand/{brand}/stock-setting', `${brand}/stock-setting`, { low_stock_weeks: 3 });
    add('put /api/vendor/{vendor}/product-stock/update', `${vendor}/product-stock/update`, {
      product_stocks: [{ product_id: charger.id, quantity: 44 }],
    });
    add('post /api/vendor/{vendor}/stock-adjustment', `${vendor}/stock-adjustment`, {
      note: 'Stock opname',
      items: [{ product_id: charger.id, adjustment: -1 }],
    });

    const listingsPath = `${brand}/tokopedia/product-commerce`;
    add('post /api/brand/{brand}/tokopedia/product-commerce', listingsPath, listingBody() as Json);
    add(
      'put /api/brand/{brand}/tokopedia/product-commerce/{id}',
      `${listingsPath}/${listings[0].id}`,
      listingFor(0) as Json,
    );
    add('post /api/brand/{brand}/tokopedia/product', `${brand}/tokopedia/product`, {
      products: [listingBody() as Json],
    });
    add('put /api/brand/{brand}/tokopedia/product/update', `${brand}/tokopedia/product/update`, {
      products: [{ id: listings[1].external_id, ...(listingFor(1) as Record<string, Json>) }],
    });
    add('post /api/brand/{brand}/tokopedia/product/delete', `${brand}/tokopedia/product/delete`, {
      _method: 'DELETE',
      product_id: [listings[2].external_id],
    });
    add(
      'post /api/brand/{brand}/tokopedia/product/status/set-inactive',
      `${brand}/tokopedia/product/status/set-inactive`,
      {
        product_id: [listings[3].external_id],
      },
    );

    add('post /api/bank', '/api/bank', { name: 'Bank Fuzz' });
    add('put /api/bank/{id}', `/api/bank/${bankId}`, { name: 'BCA' });
    add('post /api/brand/{brand}/role', `${brand}/role`, { name: 'Peran Fuzz Baru' });
    add('put /api/brand/{brand}/role/{id}', `${brand}/role/${roleId}`, { name: 'Peran Fuzz' });
    add('post /api/brand/{brand}/gate-setting', `${brand}/gate-setting`, {
      role_id: otherRoleId,
      permission_ids: [],
    });
    add('put /api/brand/{brand}/gate-setting/{id}', `${brand}/gate-setting/${gateId}`, {
      permission_ids: [],
    });
    add('post /api/user', '/api/user', { ...user, email: 'pengguna.fuzz.baru@world.test' });
    add('put /api/user/{id}', `/api/user/${userId}`, {
      name: user.name,
      email: user.email,
      mobile_phone: user.mobile_phone,
    });
    add('put /api/brand/{brand}', brand, brandFormBody('Brand A'));
    add('post /api/brand/{brand}/category', `${brand}/category`, { name: 'Kategori Fuzz' });
    add('put /api/brand/{brand}/category/{id}', `${brand}/category/${api.world.categories.A.parent}`, {
      name: 'Elektronik',
    });
    add('post /api/vendor', '/api/vendor', {
      name: 'Vendor Fuzz',
      city: 'Jakarta',
      postal_code: '12345',
      telephone: '021-5550123',
      lat: -6.2,
      lng: 106.8,
      is_priority: false,
      brand_ids: [ids.brand],
    });
    add('put /api/shipping-method/{id}', `/api/shipping-method/${shipping.body.data[0].id}`, {
      is_active: true,
    });
  }, 120_000);

  it('covers a write of each of those areas that the document has', () => {
    const operations = new Set(writeOperations());
    for (const operation of Object.keys(targets)) expect(operations, operation).toContain(operation);
  });

  it.each([
    'post /api/send-payment',
    'put /api/send-payment/{id}',
    'post /api/brand/{brand}/product',
    'put /api/brand/{brand}/product/{id}',
    'put /api/brand/{brand}/product/{id}/update-stock',
    'put /api/brand/{brand}/stock-setting',
    'put /api/vendor/{vendor}/product-stock/update',
    'post /api/vendor/{vendor}/stock-adjustment',
    'post /api/brand/{brand}/tokopedia/product-commerce',
    'put /api/brand/{brand}/tokopedia/product-commerce/{id}',
    'post /api/brand/{brand}/tokopedia/product',
    'put /api/brand/{brand}/tokopedia/product/update',
    'post /api/brand/{brand}/tokopedia/product/delete',
    'post /api/brand/{brand}/tokopedia/product/status/set-inactive',
    'post /api/bank',
    'put /api/bank/{id}',
    'post /api/brand/{brand}/role',
    'put /api/brand/{brand}/role/{id}',
    'post /api/brand/{brand}/gate-setting',
    'put /api/brand/{brand}/gate-setting/{id}',
    'post /api/user',
    'put /api/user/{id}',
    'put /api/brand/{brand}',
    'post /api/brand/{brand}/category',
    'put /api/brand/{brand}/category/{id}',
    'post /api/vendor',
    'put /api/shipping-method/{id}',
  ])('%s answers each with a 4xx or a success, in time, changing nothing it refused', async (operation) => {
    const target = targets[operation];
    // The body as sent is taken, so the rules it reaches are the ones behind the lookups.
    expect(await sendJson(target, target.body), JSON.stringify(target.body)).toBeLessThan(300);
    await assertRefusalsChangeNothing(
      operation,
      nearlyValid(target.body),
      (body) => sendJson(target, body),
      (body) => JSON.stringify(body).slice(0, 300),
      NEAR_RUNS_PER_OPERATION,
    );
  });
});

async function sendJson(target: Target, body: Json) {
  const response = await api.fetch(target.path, {
    method: target.method.toUpperCase(),
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${admin}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response.status;
}
