import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api';
import { ZIP_MAX_INFLATED_BYTES, guardInflation } from '../../api/domains/stock/inflation-guard';
import { xlsxRows } from '../../api/domains/stock/spreadsheet';
import { inflatingXlsx, manyPartXlsx, xlsxOf } from '../support/files';

/**
 * Every spreadsheet the product reads is checked by the bytes its reader actually inflates and by its parts,
 * never by the sizes the archive declares: a sheet that declares 1 KiB but inflates to 1 GiB is
 * refused as too large, on every import that takes an .xlsx, naming the file's field.
 */

/** Five times the 200 MiB allowed once inflated; about 1 MiB on the wire. */
const INFLATED = 1024 * 1024 * 1024;

let api: TestApi;
let admin: string;
let bomb: Buffer;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.login(api.world.users.admin.email);
  bomb = await inflatingXlsx(INFLATED);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

function formWith(field: string, file: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  if (field === 'vendor_area_file') form.append('brand_ids[]', String(api.world.brands.A));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(file)]), 'berkas.xlsx');
  return form;
}

const IMPORTS = [
  {
    name: 'the vendor stock import',
    path: () => `/api/vendor/${api.world.vendors.V1}/product-stock/import`,
    field: 'file',
  },
  {
    name: 'the brand price import',
    path: () => `/api/brand/${api.world.brands.A}/import/product-price`,
    field: 'file',
  },
  {
    name: 'the listing price import',
    path: () => `/api/brand/${api.world.brands.A}/tokopedia/import/product-price`,
    field: 'file',
  },
  {
    name: "a new vendor's area file",
    path: () => '/api/vendor',
    field: 'vendor_area_file',
    fields: {
      name: 'Vendor Berkas Besar',
      address: 'Jl. Sudirman 1',
      city: 'Jakarta',
      postal_code: '12190',
      telephone: '(021) 555-0123',
      lat: '-6.21',
      lng: '106.82',
    },
  },
];

describe('an .xlsx that inflates past its limit while declaring a small size', () => {
  it('is a sizeable bomb that declares only a kilobyte', () => {
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    const central = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(bomb.readUInt32LE(central + 24)).toBe(1024);
  });

  it.each(IMPORTS)('is refused by $name with a 422 on its file field', async ({ path, field, fields }) => {
    const response = await api.request(path(), { token: admin, form: formWith(field, bomb, fields) });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual(['The file is too large once uncompressed.']);
  });
});

describe('an .xlsx of more parts than a spreadsheet has', () => {
  it.each(IMPORTS)('is refused by $name with a 422 on its file field', async ({ path, field, fields }) => {
    const response = await api.request(path(), {
      token: admin,
      form: formWith(field, manyPartXlsx(501), fields),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual(['The file has too many parts to be a spreadsheet.']);
  });
});

/** Reads every row of `file` through the guard, as an import does; the guard's verdict and its inflated bytes. */
async function readGuarded(file: Buffer) {
  const guard = guardInflation(file);
  let failed = false;
  try {
    for await (const row of xlsxRows(guard.input)) void row;
  } catch {
    failed = true;
  }
  return { failed, limit: guard.exceeded(), inflated: guard.inflated() };
}

describe('the guard stops an archive by the bytes it inflates', () => {
  it('stops a part inflating 100 times what it read within a few MiB, not at the total limit', async () => {
    const verdict = await readGuarded(bomb);
    expect(verdict).toMatchObject({ failed: true, limit: 'ratio' });
    expect(verdict.inflated).toBeLessThan(4 * 1024 * 1024);
  });

  it('reads a real sheet of 20,000 identical rows, which deflates far less than that', async () => {
    const rows = Array.from({ length: 20_000 }, () => ['SKU-000001', '5']);
    const verdict = await readGuarded(await xlsxOf([['sku', 'quantity'], ...rows]));
    expect(verdict).toEqual({ failed: false, limit: null, inflated: expect.any(Number) });
  });

  it('stops a sheet inflating at a spreadsheet ratio at the total limit, refused on the import', async () => {
    const dense = await inflatingXlsx(ZIP_MAX_INFLATED_BYTES + 16 * 1024 * 1024, { spreadsheetRatio: true });
    const verdict = await readGuarded(dense);
    expect(verdict).toMatchObject({ failed: true, limit: 'inflated' });
    expect(verdict.inflated).toBeLessThanOrEqual(ZIP_MAX_INFLATED_BYTES + 1024 * 1024);
    const response = await api.request(IMPORTS[0].path(), { token: admin, form: formWith('file', dense) });
    expect(response.status).toBe(422);
    expect(response.body.errors.file).toEqual(['The file is too large once uncompressed.']);
  }, 120_000);
});
