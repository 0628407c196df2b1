import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../api/http/openapi';
import { queryRows } from '../../api/seed/bulk-insert';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, placeOrder } from '../support/world';

/**
 * Every write of the OpenAPI document, sent hostile bodies (seeded, so a failure replays): random and deeply
 * nested JSON, prototype keys, lone surrogates, NUL and CR/LF, huge strings and numbers, bodies that are not
 * what their content type says, and the wrong content types. No answer may be a 500 or take longer than the
 * request timeout, and a refused request must leave every table as it was.
 */

const SEED = 20261125;
const RUNS_PER_OPERATION = 6;
const REQUEST_TIMEOUT_MS = 10_000;

/** Tables a refused request may still touch: a failed sign-in is audited and counted, on purpose. */
const REFUSALS_MAY_WRITE: Record<string, string[]> = {
  'post /oauth/token': ['audit_logs'],
};

let api: TestApi;
let admin: string;
let ids: Record<string, number>;
let tables: string[];

beforeAll(async () => {
  api = await startTestApi();
  const catalogue = await createCatalogue(api.db, api.world);
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
  tables = (
    await queryRows<{ name: string }>(
      api.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((row) => row.name);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

/** A digest of every table's rows, minus those a refusal of `operation` may write. */
async function fingerprint(operation: string) {
  const skipped = REFUSALS_MAY_WRITE[operation] ?? [];
  const parts = tables
    .filter((table) => !skipped.includes(table) && table !== '__drizzle_migrations')
    .map(
      (table) =>
        sql`select ${table} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(table)} t`,
    );
  const rows = await queryRows<{ name: string; digest: string }>(api.db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
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
  const response = await fetch(new URL(concretePath(path), api.baseUrl), {
    method: method.toUpperCase(),
    headers,
    body: sent.body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('hostile bodies sent to every write', () => {
  it.each(writeOperations())(
    '%s answers each with a 4xx or a success, in time, changing nothing it refused',
    async (operation) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(operation), async (sent) => {
          const before = await fingerprint(operation);
          const status = await send(operation, sent);
          expect(status, `${operation} ${sent.contentType} ${sent.body.slice(0, 200)}`).toBeLessThan(500);
          if (status >= 400) expect(await fingerprint(operation)).toEqual(before);
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    },
  );
});
