import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, stockMovements, updateStockHistories } from '../../api/db/schema';
import { IMPORT_MAX_ROWS } from '../../api/domains/stock/spreadsheet';
import { startTestApi, type TestApi } from '../support/api';

/**
 * The stock import at its row cap (docs/decisions/046): 200,000 rows in one transaction, all or nothing.
 * PostgreSQL only (the api-postgres project, vitest.config.ts): on PGlite the clean import alone takes minutes.
 */
const ROWS = 200_000;

let api: TestApi;
let token: string;
let productIds: number[];

beforeAll(async () => {
  api = await startTestApi();
  token = await api.login(api.world.users.vendor1.email);
  // One statement for 200,000 products: the rows of the test, in SKU order.
  const result = (await api.db.execute(sql`insert into products (brand_id, category_id, name, sku)
    select ${api.world.brands.A}::int, ${api.world.categories.A.parent}::int, 'Produk Batas ' || n,
      'BATAS-' || lpad(n::text, 6, '0')
    from generate_series(0, ${ROWS - 1}::int) n
    returning id`)) as unknown as { rows: { id: number }[] };
  productIds = result.rows.map((row) => Number(row.id));
}, 300_000);

afterAll(async () => {
  await api?.close();
});

function sku(index: number) {
  return `BATAS-${String(index).padStart(6, '0')}`;
}

function importCsv(lines: string[]) {
  const form = new FormData();
  form.append('file', new Blob([['sku,quantity', ...lines].join('\n')]), 'stok.csv');
  return api.request(`/api/vendor/${api.world.vendors.V1}/product-stock/import`, { token, form });
}

async function countOf(query: Promise<{ n: number }[]>) {
  const [row] = await query;
  return Number(row.n);
}

const movements = () =>
  countOf(
    api.db
      .select({ n: sql<number>`count(*)` })
      .from(stockMovements)
      .where(eq(stockMovements.vendorId, api.world.vendors.V1)),
  );
const histories = () => countOf(api.db.select({ n: sql<number>`count(*)` }).from(updateStockHistories));
/** The vendor's stock rows of the test's products. */
async function stocked() {
  const result = (await api.db.execute(sql`select count(*) as n from vendor_stocks
    where vendor_id = ${api.world.vendors.V1} and product_id >= ${productIds[0]}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0].n);
}

describe('a 200,000-row stock import', () => {
  it('is the row cap', () => {
    expect(IMPORT_MAX_ROWS).toBe(ROWS);
  });

  it('with one bad row among 200,000 names that row and changes nothing; one row more than the cap is refused', async () => {
    const bad = 163_457;
    const lines = Array.from({ length: ROWS }, (_, index) =>
      index === bad ? `${sku(index)},sepuluh` : `${sku(index)},${(index % 89) + 1}`,
    );
    const [movementsBefore, historiesBefore] = [await movements(), await histories()];
    const refused = await importCsv(lines);
    expect(refused.status).toBe(422);
    // Row 1 is the header, so data line `bad` is row bad + 2.
    expect(Object.keys(refused.body.errors)).toEqual([`rows.${bad + 2}.quantity`]);
    expect(await stocked()).toBe(0);
    expect(await movements()).toBe(movementsBefore);
    expect(await histories()).toBe(historiesBefore);

    const over = await importCsv([...lines.slice(0, ROWS), `${sku(0)},1`]);
    expect(over.status).toBe(422);
    expect(over.body.errors.file).toEqual([`The file must not have more than ${ROWS} rows.`]);
  }, 300_000);

  it('sets all 200,000 in one go: a movement per row with its balance, one history and one audit row for the brand', async () => {
    const lines = Array.from({ length: ROWS }, (_, index) => `${sku(index)},${(index % 89) + 1}`);
    const movementsBefore = await movements();
    const accepted = await importCsv(lines);
    expect(accepted.status, JSON.stringify(accepted.body).slice(0, 300)).toBe(200);
    expect(accepted.body.data).toMatchObject({ rows: ROWS, changed: ROWS });
    expect(await movements()).toBe(movementsBefore + ROWS);

    const sample = [0, 88, 123_456, ROWS - 1];
    for (const index of sample) {
      const [movement] = await api.db
        .select({ quantity: stockMovements.quantity, balance: stockMovements.balanceAfter })
        .from(stockMovements)
        .where(
          and(
            eq(stockMovements.productId, productIds[index]),
            eq(stockMovements.kind, 'import'),
            eq(stockMovements.vendorId, api.world.vendors.V1),
          ),
        );
      expect(movement).toEqual({ quantity: (index % 89) + 1, balance: (index % 89) + 1 });
    }

    const [history] = accepted.body.data.histories as { id: number; brandId: number; items: number }[];
    expect(accepted.body.data.histories).toHaveLength(1);
    expect(history).toMatchObject({ brandId: api.world.brands.A, items: ROWS });
    const [audit] = await api.db
      .select({ changes: auditLogs.changes, brandId: auditLogs.brandId })
      .from(auditLogs)
      .where(eq(auditLogs.action, 'stock.import'));
    expect(audit.brandId).toBe(api.world.brands.A);
    const changes = (
      audit.changes as unknown as { changes: { after: { productId: number; after: number }[] } }
    ).changes.after;
    expect(changes).toHaveLength(ROWS);
    expect(changes[123_456]).toMatchObject({ productId: productIds[123_456], after: (123_456 % 89) + 1 });
    expect(await stocked()).toBe(ROWS);
  }, 300_000);
});
