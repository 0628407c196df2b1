import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../../api/domains/export/workbook';
import { jakartaTimestamp } from '../../api/db/jakarta';
import { startTestApi, type ApiResponse, type TestApi } from '../support/api';
import { createCatalogue, placeOrder, type Catalogue } from '../support/world';

/** The spreadsheet downloads, read back with exceljs' own reader. */

let api: TestApi;
let catalogue: Catalogue;
let brandA: string;
let brandB: string;
let vendor1: string;

const FORMULA = '=HYPERLINK("http://x","y")';
/** More rows than one database read returns, so an export has to page. */
const MANY = EXPORT_BATCH + 345;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  api.clock.now = new Date('2026-06-01T03:00:00Z');
  await placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.laptop, quantity: 1 }],
    status: 'ready_to_deliver',
    overrides: {
      customer_name: FORMULA,
      customer_phone: '+62 811 0000 111',
      customer_email: null,
      recipient_address_full: '@SUM(A1)',
    },
  });
  await placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V3',
    lines: [{ product: catalogue.A.phone, quantity: 2 }],
  });
  api.clock.now = new Date('2026-06-02T03:00:00Z');
  await placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.charger, quantity: 3 }],
    status: 'delivered',
  });
  await placeOrder(api.deps, api.world, {
    brand: 'B',
    vendor: 'V2',
    lines: [{ product: catalogue.B.shirt, quantity: 1 }],
  });
  [brandA, brandB, vendor1] = await Promise.all([
    api.login(api.world.users.brandA.email),
    api.login(api.world.users.brandB.email),
    api.login(api.world.users.vendor1.email),
  ]);
});

afterAll(async () => {
  await api?.close();
});

async function download(
  path: string,
  query: Record<string, string | number | number[]> = {},
  token = brandA,
) {
  const response = await api.request(path, { token, query });
  expect(response.status, response.bytes.toString('utf8').slice(0, 200)).toBe(200);
  return response;
}

async function sheetOf(response: ApiResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return { sheet, header: rows[0] as string[], rows: rows.slice(1) };
}

function column(header: string[], name: string) {
  const index = header.indexOf(name);
  expect(index, name).toBeGreaterThanOrEqual(0);
  return index;
}

async function listed(path: string, query: Record<string, string | number | number[]> = {}, token = brandA) {
  const response = await api.request(path, { token, query: { ...query, per_page: 1000 } });
  return response.body.data;
}

describe('exports come newest first, as their lists open (docs/decisions/018, 051)', () => {
  it('the order and invoice sheets hold the rows in the order the list shows them', async () => {
    const brand = api.world.brands.A;
    const orderSheet = await sheetOf(await download(`/api/brand/${brand}/export/order`));
    const orderList = await listed(`/api/brand/${brand}/order`);
    const numberAt = column(orderSheet.header, 'Nomor Penjualan');
    expect(orderSheet.rows.length).toBeGreaterThan(1);
    expect(orderSheet.rows.map((row) => row[numberAt])).toEqual(
      orderList.map((row: { number: string }) => row.number),
    );
    const invoiceSheet = await sheetOf(await download(`/api/brand/${brand}/export/invoice`));
    const invoiceList = await listed(`/api/brand/${brand}/invoice`);
    const invoiceAt = column(invoiceSheet.header, 'Nomor Invoice');
    expect(invoiceSheet.rows.length).toBeGreaterThan(1);
    expect(invoiceSheet.rows.map((row) => row[invoiceAt])).toEqual(
      invoiceList.map((row: { external_number: string }) => row.external_number),
    );
  });
});

describe('GET /api/brand/{brand}/export/order', () => {
  it('streams an .xlsx named by the Jakarta time, as an attachment, not sniffable', async () => {
    const response = await download(`/api/brand/${api.world.brands.A}/export/order`);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="2026-06-02 10:00:00 order.xlsx"',
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('holds exactly the rows the list shows for the same filters, with numeric amounts', async () => {
    const filters: Record<string, string | number | number[]>[] = [
      {},
      { 'date-from': '2026-06-02' },
      { 'vendor[]': [api.world.vendors.V3] },
      { status: 'Diproses Vendor' },
      { 'date-from': '2026-06-01', 'date-to': '2026-06-01' },
      { 'date-to': '2026-06-01' },
      { 'date-from': '2027-01-01' },
    ];
    for (const query of filters) {
      const { header, rows } = await sheetOf(
        await download(`/api/brand/${api.world.brands.A}/export/order`, query),
      );
      const expected = await listed(`/api/brand/${api.world.brands.A}/order`, query);
      const numberAt = column(header, 'Nomor Penjualan');
      expect(rows.map((row) => row[numberAt]).sort(), JSON.stringify(query)).toEqual(
        expected.map((row: { number: string }) => row.number).sort(),
      );
      const totalAt = column(header, 'Total');
      for (const row of rows) expect(typeof row[totalAt]).toBe('number');
    }
  });

  it('writes each order as the list shows it: Jakarta times, labels, amounts as numbers', async () => {
    const { header, rows } = await sheetOf(await download(`/api/brand/${api.world.brands.A}/export/order`));
    const listedRows = await listed(`/api/brand/${api.world.brands.A}/order`);
    expect(rows).toHaveLength(listedRows.length);
    const at = (name: string) => column(header, name);
    for (const order of listedRows) {
      const row = rows.find((candidate) => candidate[at('Nomor Penjualan')] === order.number);
      expect(row, order.number).toBeDefined();
      expect(row?.[at('Tanggal')]).toBe(jakartaTimestamp(new Date(order.created_at)));
      expect(row?.[at('Terakhir Diperbarui')]).toBe(jakartaTimestamp(new Date(order.updated_at)));
      expect(row?.[at('Nomor Invoice')]).toBe(order.invoice_external_number);
      expect(row?.[at('Vendor')]).toBe(order.vendor_name);
      expect(row?.[at('Channel')]).toBe(order.channel_name);
      expect(row?.[at('Status')]).toBe(order.status);
      expect(row?.[at('Total')]).toBe(order.grand_total);
      expect(row?.[at('Total Bersih')]).toBe(order.grand_total - order.grand_total_return);
    }
  });

  it('holds the shipping number and receiver for administrators only', async () => {
    const admin = await api.login(api.world.users.admin.email);
    const path = `/api/brand/${api.world.brands.A}/export/order`;
    const forAdmin = (await sheetOf(await download(path, {}, admin))).header;
    const forBrand = (await sheetOf(await download(path))).header;

    expect(forAdmin).toEqual(expect.arrayContaining(['Nomor Resi', 'Nama Penerima']));
    expect(forBrand).not.toContain('Nomor Resi');
    expect(forBrand).not.toContain('Nama Penerima');
    expect(forBrand).toHaveLength(forAdmin.length - 2);
  });

  it('answers 422 for a bad filter before it starts a file', async () => {
    const response = await api.request(`/api/brand/${api.world.brands.A}/export/order`, {
      token: brandA,
      query: { 'date-from': 'kemarin' },
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

describe('GET /api/brand/{brand}/export/invoice and export/customer', () => {
  it('writes a buyer named like a formula as text starting with an apostrophe', async () => {
    const invoices = await sheetOf(await download(`/api/brand/${api.world.brands.A}/export/invoice`));
    const customerAt = column(invoices.header, 'Pelanggan');
    expect(invoices.rows.map((row) => row[customerAt])).toContain(`'${FORMULA}`);
    const addressAt = column(invoices.header, 'Alamat');
    expect(invoices.rows.map((row) => row[addressAt])).toContain("'@SUM(A1)");
    const phoneAt = column(invoices.header, 'Telepon');
    expect(invoices.rows.map((row) => row[phoneAt])).toContain("'+62 811 0000 111");
    invoices.sheet.eachRow((row) =>
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
    );
    expect(invoices.header.slice(0, 3)).toEqual(['Nomor Invoice', 'Tanggal', 'Pelanggan']);
    const totalAt = column(invoices.header, 'Grand Total');
    expect(invoices.rows.every((row) => typeof row[totalAt] === 'number')).toBe(true);

    const customers = await download(`/api/brand/${api.world.brands.A}/export/customer`);
    expect(customers.headers.get('content-disposition')).toMatch(
      /^attachment; filename="\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} customer\.xlsx"$/,
    );
    const sheet = await sheetOf(customers);
    expect(sheet.header).toEqual(['Nama', 'Email', 'Telepon', 'Kota', 'Total Invoice']);
    expect(sheet.rows.map((row) => row[0]).sort()).toEqual([`'${FORMULA}`, 'Siti Rahayu']);
    expect(sheet.rows.find((row) => row[0] === 'Siti Rahayu')?.[4]).toBe(2);
  });

  it('writes each invoice as the list shows it: Jakarta times, labels, amounts as numbers', async () => {
    const { header, rows } = await sheetOf(await download(`/api/brand/${api.world.brands.A}/export/invoice`));
    const listedRows = await listed(`/api/brand/${api.world.brands.A}/invoice`);
    expect(listedRows.length).toBeGreaterThan(1);
    expect(rows).toHaveLength(listedRows.length);
    const at = (name: string) => column(header, name);
    for (const invoice of listedRows) {
      const row = rows.find((candidate) => candidate[at('Nomor Invoice')] === invoice.external_number);
      expect(row, invoice.external_number).toBeDefined();
      expect(row?.[at('Tanggal')]).toBe(jakartaTimestamp(new Date(invoice.created_at)));
      expect(row?.[at('Channel')]).toBe(invoice.channel_name);
      expect(row?.[at('Status')]).toBe(invoice.status);
      expect(row?.[at('Metode Pembayaran')] ?? null).toBe(invoice.payment_method);
      expect(row?.[at('Jumlah Barang')]).toBe(invoice.total_product);
      expect(row?.[at('Subtotal')]).toBe(invoice.subtotal);
      expect(row?.[at('Ongkos Kirim')]).toBe(invoice.shipping_cost);
      expect(row?.[at('Grand Total')]).toBe(invoice.grand_total);
    }
  });

  it('reads past one batch: every invoice of a day with more than a read holds', async () => {
    await api.db.execute(sql`
      insert into invoices (brand_id, channel_id, external_number, date, customer_name, grand_total, subtotal, status_code, created_at, updated_at)
      select ${api.world.brands.A}, 2, 'BULK-' || n, '2026-06-05T03:00:00Z', 'Pembeli ' || n, 1000 + n, 1000 + n, 'new',
        '2026-06-05T03:00:00Z', '2026-06-05T03:00:00Z'
      from generate_series(1, ${MANY}) n`);
    const query = { 'date-from': '2026-06-05', 'date-to': '2026-06-05' };
    const { header, rows } = await sheetOf(
      await download(`/api/brand/${api.world.brands.A}/export/invoice`, query),
    );
    expect(rows).toHaveLength(MANY);
    const numbers = new Set(rows.map((row) => row[column(header, 'Nomor Invoice')]));
    expect(numbers.size).toBe(MANY);
    const sum = rows.reduce((total, row) => total + (row[column(header, 'Grand Total')] as number), 0);
    expect(sum).toBe(MANY * 1000 + (MANY * (MANY + 1)) / 2);
  });
});

describe('text in a sheet', () => {
  it('comes back exactly: markup characters, outer spaces and line breaks kept, XML-illegal characters dropped', async () => {
    const name = ' <Toko> & "Sons" ';
    await api.db.execute(sql`
      insert into invoices (brand_id, channel_id, external_number, date, customer_name, recipient_address_full,
        grand_total, subtotal, status_code, created_at, updated_at)
      values (${api.world.brands.A}, 2, 'TEXT-1', '2026-06-09T03:00:00Z', ${name}, ${'Jl. Satu\u0001\r\nNo. 2'},
        1000, 1000, 'new', '2026-06-09T03:00:00Z', '2026-06-09T03:00:00Z')`);
    const { header, rows } = await sheetOf(
      await download(`/api/brand/${api.world.brands.A}/export/invoice`, {
        'date-from': '2026-06-09',
        'date-to': '2026-06-09',
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0][column(header, 'Pelanggan')]).toBe(name);
    expect(rows[0][column(header, 'Alamat')]).toBe('Jl. Satu\r\nNo. 2');
  });
});

describe('GET /api/vendor/{vendor}/export/order', () => {
  it('holds only the vendor own orders, with the vendor labels', async () => {
    const { header, rows } = await sheetOf(
      await download(`/api/vendor/${api.world.vendors.V1}/export/order`, {}, vendor1),
    );
    const expected = await listed(`/api/vendor/${api.world.vendors.V1}/order`, {}, vendor1);
    expect(rows.map((row) => row[column(header, 'Nomor Penjualan')]).sort()).toEqual(
      expected.map((row: { number: string }) => row.number).sort(),
    );
    expect(rows.map((row) => row[column(header, 'Status')]).sort()).toEqual(['Sampai', 'Siap Dikirim']);
    expect(header).not.toContain('Vendor');
  });
});

describe('an export of more orders than one read holds', () => {
  it('holds every order of the range and none outside it, whatever order the ids are in', async () => {
    const brand = api.world.brands.B;
    const vendor = api.world.vendors.V2;
    // MANY orders on 7 June, then one on 6 June and one on 8 June with larger ids than all of them.
    await api.db.execute(sql`
      with made as (
        insert into invoices (brand_id, channel_id, external_number, date, customer_name, grand_total, subtotal,
          status_code, created_at, updated_at)
        select ${brand}, 1, 'ORDER-BULK-' || n, '2026-06-07T03:00:00Z', 'Pembeli ' || n, 1000 + n, 1000 + n,
          'ready_to_deliver', '2026-06-07T03:00:00Z', '2026-06-07T03:00:00Z'
        from generate_series(1, ${MANY}) n
        returning id, external_number, grand_total
      )
      insert into orders (number, brand_id, vendor_id, invoice_id, channel_id, status_code, grand_total, created_at,
        updated_at)
      select 'SO-' || external_number, ${brand}, ${vendor}, id, 1, 'ready_to_deliver', grand_total,
        '2026-06-07T03:00:00Z', '2026-06-07T03:00:00Z'
      from made`);
    for (const [day, number] of [
      ['2026-06-06', 'SO-EARLIER'],
      ['2026-06-08', 'SO-LATER'],
    ]) {
      await api.db.execute(sql`
        with made as (
          insert into invoices (brand_id, channel_id, external_number, date, customer_name, grand_total, subtotal,
            status_code, created_at, updated_at)
          values (${brand}, 1, ${number}, ${`${day}T03:00:00Z`}, 'Pembeli', 500, 500, 'ready_to_deliver',
            ${`${day}T03:00:00Z`}, ${`${day}T03:00:00Z`})
          returning id
        )
        insert into orders (number, brand_id, vendor_id, invoice_id, channel_id, status_code, grand_total, created_at,
          updated_at)
        select ${number}, ${brand}, ${vendor}, id, 1, 'ready_to_deliver', 500, ${`${day}T03:00:00Z`},
          ${`${day}T03:00:00Z`}
        from made`);
    }

    const numbersIn = async (query: Record<string, string>) => {
      const { header, rows } = await sheetOf(
        await download(`/api/brand/${brand}/export/order`, query, brandB),
      );
      const total = rows.reduce((sum, row) => sum + (row[column(header, 'Total')] as number), 0);
      return { numbers: rows.map((row) => row[column(header, 'Nomor Penjualan')] as string), total };
    };

    const day = await numbersIn({ 'date-from': '2026-06-07', 'date-to': '2026-06-07' });
    expect(day.numbers).toHaveLength(MANY);
    expect(new Set(day.numbers).size).toBe(MANY);
    expect(day.numbers.every((number) => number.startsWith('SO-ORDER-BULK-'))).toBe(true);
    expect(day.total).toBe(MANY * 1000 + (MANY * (MANY + 1)) / 2);

    const twoDays = await numbersIn({ 'date-from': '2026-06-06', 'date-to': '2026-06-07' });
    expect(twoDays.numbers).toHaveLength(MANY + 1);
    expect(twoDays.numbers).toContain('SO-EARLIER');
    expect(twoDays.numbers).not.toContain('SO-LATER');
  });
});
