import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '../../api/access/policy';
import { endpointRows } from '../../api/endpoint-groups';
import type { Endpoint } from '../../api/http/endpoints';
import { allows, KIND, OPERATIONS } from '../../contract/access';
import { createAccessWorld, type AccessWorld, type MatrixActor, type Tenant } from '../support/access-actors';
import { EXAMPLES, type Example, type ExampleRequest } from '../support/access-examples';
import { changedTables, tableChecksums } from '../support/table-checksums';
import { startTestApi, type ApiResponse, type TestApi } from '../support/api';

/**
 * The access matrix, generated from the policies the endpoint rows declare (docs/decisions/022): every operation
 * × every kind of account × its own records, records outside its reach, and a vendor it shares with another
 * brand. An allowed caller gets 2xx on its own records and 404 (or 422 for a tenant named in the body) on foreign
 * ones; a refused caller 403; and no refused write changes a row of any table.
 */

let api: TestApi;
let w: AccessWorld;

beforeAll(async () => {
  api = await startTestApi();
  w = await createAccessWorld(api);
}, 300_000);

afterAll(async () => {
  await api?.close();
});

type Row = Endpoint & { policy: Policy };
type CellKind = 'own' | 'foreign' | 'shared';
type Expected = 'ok' | 403 | 404 | 422;

const ROWS = endpointRows().filter((row): row is Row => !('public' in row.policy)) as Row[];

function keyOf(row: Row) {
  return `${row.method} ${row.path}`;
}

function isWrite(row: Row) {
  return row.method !== 'get';
}

/** A row needs an example unless its only parameters are the tenant's and it needs no query or body. */
function needsExample(row: Row) {
  const params = [...row.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return params.some((name) => name !== 'brand' && name !== 'vendor') || Boolean(row.body) || isWrite(row);
}

function expected(row: Row, actor: MatrixActor, cell: CellKind, example: Example): Expected {
  const policy = row.policy as Exclude<Policy, { public: true }>;
  if (!allows(actor.account, OPERATIONS[policy.operation])) return 403;
  if (policy.tenancy === 'shared' && isWrite(row) && actor.reach !== 'all') return 403;
  // A brand's path is the brand side's view: a vendor's users see a brand's data through their vendor's path.
  if (policy.tenancy === 'brand' && actor.account.kind === KIND.vendor) return 404;
  if (cell === 'own') return example.ownStatus?.(actor) ?? 'ok';
  if (cell === 'shared') return isWrite(row) ? 403 : 'ok';
  return example.foreign === 422 ? 422 : 404;
}

/**
 * Whether a row names records a caller may lack: a brand's or vendor's path, a record's id, or a tenant named in its
 * input. A list of the caller's reach (`/api/user`, `/api/audit-log`) only narrows, and has no foreign record.
 */
function hasForeignRecords(row: Row) {
  const policy = row.policy as Exclude<Policy, { public: true }>;
  if (policy.tenancy === 'none' || policy.tenancy === 'shared') return false;
  return policy.tenancy !== 'reach' || /\{id\}/.test(row.path) || Boolean(policy.body || policy.query);
}

/** The cells of a row for an actor: its own records; foreign ones; a shared vendor's. */
function cellsOf(row: Row, actor: MatrixActor, example: Example) {
  const policy = row.policy as Exclude<Policy, { public: true }>;
  const cells: { kind: CellKind; tenant: Tenant }[] = [{ kind: 'own', tenant: actor.own }];
  if (actor.foreign && hasForeignRecords(row)) cells.push({ kind: 'foreign', tenant: actor.foreign });
  if (actor.sharedVendor) {
    if (policy.tenancy === 'vendor')
      cells.push({ kind: 'shared', tenant: { ...actor.own, vendor: actor.sharedVendor } });
    else if (example.shared) cells.push({ kind: 'shared', tenant: actor.own });
  }
  return cells;
}

function pathOf(row: Row, tenant: Tenant, request: ExampleRequest) {
  return row.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    // A brand's own deletion names a brand made for it, never one of the world's.
    if (name === 'brand') return String(request.params?.brand ?? w.brands[tenant.brand]);
    if (name === 'vendor') return String(w.vendors[tenant.vendor]);
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${keyOf(row)}: the example names no ${name}`);
    return String(value);
  });
}

async function send(row: Row, actor: MatrixActor, tenant: Tenant, request: ExampleRequest, token: string) {
  return api.request(pathOf(row, tenant, request), {
    method: row.method.toUpperCase(),
    token,
    query: request.query,
    json: request.json,
    form: request.form,
  });
}

function matches(response: ApiResponse, want: Expected) {
  return want === 'ok' ? response.status >= 200 && response.status < 300 : response.status === want;
}

function describeCell(actor: MatrixActor, cell: CellKind, response: ApiResponse, want: Expected) {
  const body =
    typeof response.body === 'string'
      ? response.body.slice(0, 200)
      : JSON.stringify(response.body).slice(0, 300);
  return `${actor.key} on ${cell} records: expected ${want}, got ${response.status} ${body}`;
}

describe('the access matrix, from the declared policies', () => {
  it('has an example for every row that needs one, and no example for a row that is gone', () => {
    const keys = new Set(ROWS.map(keyOf));
    expect(
      ROWS.filter(
        (row) => needsExample(row) && !EXAMPLES[keyOf(row)]?.make && !EXAMPLES[keyOf(row)]?.freshToken,
      ).map(keyOf),
    ).toEqual([]);
    expect(Object.keys(EXAMPLES).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('names an operation of the contract on every row that is not public', () => {
    for (const row of ROWS) {
      const policy = row.policy as Exclude<Policy, { public: true }>;
      expect(OPERATIONS[policy.operation], keyOf(row)).toBeDefined();
    }
  });

  it.each(ROWS.map((row) => [keyOf(row), row] as const))(
    '%s',
    async (_key, row) => {
      const example = EXAMPLES[keyOf(row)] ?? {};
      const failures: string[] = [];
      const refused: {
        actor: MatrixActor;
        cell: CellKind;
        tenant: Tenant;
        request: ExampleRequest;
        want: Expected;
      }[] = [];
      const allowed: typeof refused = [];
      let allowedCells = 0;
      // A refused call and a read change nothing, so they share one set of records per tenant; every allowed write
      // gets records of its own.
      const shared = new Map<string, Promise<ExampleRequest>>();
      const make = (kind: CellKind, ctx: { w: AccessWorld; tenant: Tenant; actor: MatrixActor }) =>
        kind === 'shared' && example.shared
          ? example.shared(ctx)
          : (example.make?.(ctx) ?? Promise.resolve({}));
      for (const actor of w.actors) {
        for (const { kind, tenant } of cellsOf(row, actor, example)) {
          const want = expected(row, actor, kind, example);
          if (want === 'ok') allowedCells += 1;
          const ctx = { w, tenant, actor };
          if (want === 'ok' && isWrite(row)) {
            allowed.push({ actor, cell: kind, tenant, request: await make(kind, ctx), want });
            continue;
          }
          // Per caller for the account's own things (its notifications, its uploads); per tenant and side of the
          // house otherwise (a brand's accounts are not a vendor's).
          const side = actor.account.kind === KIND.vendor ? 'vendor' : 'brand';
          const key = `${kind} ${tenant.brand} ${tenant.vendor} ${side} ${(row.policy as { tenancy: string }).tenancy === 'none' ? actor.key : ''}`;
          if (!shared.has(key)) shared.set(key, make(kind, ctx));
          refused.push({
            actor,
            cell: kind,
            tenant,
            request: await (shared.get(key) as Promise<ExampleRequest>),
            want,
          });
        }
      }
      // The refused first, between two fingerprints of every table: none of them may change a row.
      const before = isWrite(row) ? await tableChecksums(api.db) : null;
      for (const { actor, cell, tenant, request, want } of refused) {
        const token = example.freshToken ? await api.login(await emailOf(actor)) : actor.token;
        const response = await send(row, actor, tenant, request, token);
        if (!matches(response, want)) failures.push(describeCell(actor, cell, response, want));
      }
      if (before) {
        const changed = changedTables(before, await tableChecksums(api.db));
        if (changed.length) failures.push(`refused calls changed ${changed.join(', ')}`);
      }
      for (const { actor, cell, tenant, request, want } of allowed) {
        const token = example.freshToken ? await api.login(await emailOf(actor)) : actor.token;
        const response = await send(row, actor, tenant, request, token);
        if (!matches(response, want)) failures.push(describeCell(actor, cell, response, want));
      }
      expect(failures).toEqual([]);
      // A matrix of refusals alone proves nothing about records: every row lets someone through.
      expect(allowedCells, `${keyOf(row)} allows nobody`).toBeGreaterThan(0);
    },
    180_000,
  );
});

const emails = new Map<string, string>();
async function emailOf(actor: MatrixActor) {
  if (!emails.has(actor.key)) {
    const { body } = await api.request('/api/account', { token: actor.token });
    emails.set(actor.key, body.data.email);
  }
  return emails.get(actor.key) as string;
}
