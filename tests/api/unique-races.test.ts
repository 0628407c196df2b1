import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks, products, roles } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';

/**
 * Requests racing for one unique name: each service checks before it writes, and the ones that race past the
 * check meet the unique index, which answers as the check does (422 on the field), never 500. Only PostgreSQL
 * runs the requests in parallel transactions; on PGlite the same requests run one after another.
 */

const CONCURRENT = 10;

let api: TestApi;
let tokens: string[];

beforeAll(async () => {
  api = await startTestApi();
  tokens = await Promise.all([
    api.login(api.world.users.admin.email),
    api.login(api.world.users.keyAccount.email),
  ]);
});

afterAll(async () => {
  await api?.close();
});

async function race(
  path: string,
  json: (index: number) => Record<string, unknown>,
  field: string,
  callers = tokens,
) {
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, index) =>
      api.request(path, { token: callers[index % callers.length], json: json(index) }),
    ),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(
    statuses.filter((status) => status === 201),
    JSON.stringify(statuses),
  ).toHaveLength(1);
  for (const answer of answers.filter((one) => one.status !== 201)) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errors[field]).toEqual([expect.stringMatching(/already been taken/)]);
  }
}

describe(`${CONCURRENT} requests at once for one unique name`, () => {
  it('make one product of a SKU', async () => {
    await race(
      `/api/brand/${api.world.brands.A}/product`,
      (index) => ({
        name: `Tas ${index}`,
        sku: 'RACE-SKU-1',
        category_id: api.world.categories.A.parent,
        vendor_price: 150000,
      }),
      'sku',
    );
    const rows = await api.db.select().from(products).where(eq(products.sku, 'RACE-SKU-1'));
    expect(rows).toHaveLength(1);
  });

  it('make one bank of a name, whatever its case', async () => {
    // Banks are the administrators'.
    await race('/api/bank', (index) => ({ name: index % 2 ? 'Bank Balap' : 'BANK BALAP' }), 'name', [
      tokens[0],
    ]);
    const rows = await api.db
      .select()
      .from(banks)
      .where(eq(sql`lower(${banks.name})`, 'bank balap'));
    expect(rows).toHaveLength(1);
  });

  it('make one role of a name', async () => {
    // Global roles are the administrators' to make (decision 022).
    await race('/api/role', () => ({ name: 'Peran Balap' }), 'name', [tokens[0]]);
    const rows = await api.db.select().from(roles).where(eq(roles.name, 'Peran Balap'));
    expect(rows).toHaveLength(1);
  });
});
