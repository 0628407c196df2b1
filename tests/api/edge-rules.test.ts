import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, channelRequestLogs, invoices, marketplaceListings, orders } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createListing, listingBody, listingsPath, uniqueSku } from '../support/marketplace';
import { bankNamed, completedOrder, voucherBody } from '../support/payments';
import {
  createCatalogue,
  insertCustomer,
  insertProduct,
  insertStock,
  insertVendorArea,
  placeOrder,
  type Catalogue,
} from '../support/world';

/** Rules at the edges of the domain, each checked on the rows it governs. */

let api: TestApi;
let catalogue: Catalogue;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  for (const key of ['admin', 'vendor1'] as const) tokens[key] = await api.login(api.world.users[key].email);
});

afterAll(async () => {
  await api?.close();
});

const brandA = () => `/api/brand/${api.world.brands.A}`;

describe('a marketplace cancellation of an invoice whose order is live', () => {
  it('audits the order’s cancellation, not only the invoice’s', async () => {
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.charger, quantity: 1 }],
      status: 'ready_to_deliver',
    });
    const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, placed.invoiceId));

    const response = await api.request(`${brandA()}/channel/${api.world.channels.tokopedia}/invoice/cancel`, {
      method: 'POST',
      token: tokens.admin,
      json: { external_number: invoice.externalNumber },
    });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const audit = await api.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.action, ['order.cancel', 'invoice.cancel']));
    const mine = audit.filter(
      (row) =>
        (row.entity === 'order' && row.entityId === String(placed.orderId)) ||
        (row.entity === 'invoice' && row.entityId === String(placed.invoiceId)),
    );
    expect(mine.map((row) => `${row.action} ${row.entity} ${row.entityId}`).sort()).toEqual([
      `invoice.cancel invoice ${placed.invoiceId}`,
      `order.cancel order ${placed.orderId}`,
    ]);
    const orderRow = mine.find((row) => row.action === 'order.cancel');
    expect(orderRow?.changes.status_code ?? orderRow?.changes.statusCode).toMatchObject({
      after: 'canceled',
    });
  });
});

/** The data rows of the first sheet of an .xlsx, each as its cells' values from column A on. */
async function sheetRows(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: ExcelJS.CellValue[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return { header: rows[0] as string[], rows: rows.slice(1) };
}

describe('the payment export', () => {
  it('shows each order net of its returns, and its rows add up to the voucher total', async () => {
    const { laptop, phone } = catalogue.A;
    const returned = await completedOrder(api, {
      brand: 'A',
      vendor: 'V1',
      lines: [
        { product: laptop, quantity: 1 },
        { product: phone, quantity: 3 },
      ],
    });
    const whole = await completedOrder(api, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: phone, quantity: 2 }],
    });
    const detail = await api.request(`${brandA()}/order/${returned.orderId}`, { token: tokens.admin });
    const phoneLine = detail.body.data.order_products.find(
      (line: { invoice_product: { product: { id: number } } }) =>
        line.invoice_product.product.id === phone.id,
    );
    const refund = await api.request(`${brandA()}/order/${returned.orderId}/replace-product`, {
      method: 'PUT',
      token: tokens.admin,
      json: { order_products: [{ id: phoneLine.id, quantity: 2, note: 'Layar retak' }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const number = `PV/NET/${returned.orderId}`;
    const voucher = await api.request('/api/send-payment', {
      token: tokens.admin,
      json: voucherBody(api, {
        brand: 'A',
        vendor: 'V1',
        bankId: await bankNamed(api, 'BCA'),
        orderIds: [returned.orderId, whole.orderId],
        number,
      }),
    });
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(201);

    const exported = await api.request('/api/export/send-payment', {
      token: tokens.admin,
      query: { search: number },
    });

    expect(exported.status).toBe(200);
    const { header, rows } = await sheetRows(exported.bytes);
    const amountAt = header.indexOf('Jumlah');
    const orderAt = header.indexOf('Nomor Penjualan');
    const amounts = new Map(rows.map((row) => [row[orderAt], row[amountAt]]));
    // Counted from the prices, not read back from the order: laptop + 3 phones, 2 of them returned.
    expect(Object.fromEntries(amounts)).toEqual({
      [returned.number]: laptop.price + phone.price,
      [whole.number]: 2 * phone.price,
    });
    const total = rows.reduce((sum, row) => sum + (row[amountAt] as number), 0);
    expect(total).toBe(voucher.body.data.total);
    expect(total).toBe(laptop.price + 3 * phone.price);
  });
});

describe('a listing preorder', () => {
  it.each([
    ['DAY', 90],
    ['WEEK', 13],
  ] as const)('of exactly the longest in %s (%i) is taken, one more is refused', async (unit, longest) => {
    const taken = await api.request(listingsPath(api), {
      token: tokens.admin,
      json: listingBody({ preorder: { is_active: true, duration: longest, time_unit: unit } }),
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const shown = await api.request(`${listingsPath(api)}/${taken.body.data.id}`, { token: tokens.admin });
    expect(shown.body.data.products[0].preorder).toEqual({
      is_active: true,
      duration: longest,
      time_unit: unit,
    });

    const sku = uniqueSku('PO');
    const refused = await api.request(listingsPath(api), {
      token: tokens.admin,
      json: listingBody({ sku, preorder: { is_active: true, duration: longest + 1, time_unit: unit } }),
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toContain('preorder.duration');
    const kept = await api.db.select().from(marketplaceListings).where(eq(marketplaceListings.sku, sku));
    expect(kept).toEqual([]);
  });
});

describe('a listing delete the marketplace refuses', () => {
  it('leaves a failed entry in the channel request log and the listing as it was', async () => {
    const listing = await createListing(
      api,
      tokens.admin,
      listingBody({ sku: uniqueSku('SANDBOX-FAIL-DELETE') }),
    );
    const [before] = await api.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listing.id));
    const logsBefore = await api.db
      .select()
      .from(channelRequestLogs)
      .where(eq(channelRequestLogs.listingId, listing.id));

    const response = await api.request(`${listingsPath(api)}/${listing.id}`, {
      method: 'DELETE',
      token: tokens.admin,
    });

    expect(response.status).toBe(502);
    const [after] = await api.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listing.id));
    expect(after).toEqual(before);
    const logs = await api.db
      .select()
      .from(channelRequestLogs)
      .where(eq(channelRequestLogs.listingId, listing.id))
      .orderBy(channelRequestLogs.id);
    expect(logs).toHaveLength(logsBefore.length + 1);
    expect(logs.at(-1)).toMatchObject({ action: 'delete', status: 'failed', statusCode: 503 });
  });
});

/** Every character a spreadsheet takes for the start of a formula, as the export guard covers them. */
const LEADING = ['=', '+', '-', '@', '\t', '\r'] as const;

/** Text starting with `first`, unique to this test file. */
function led(first: string, what: string, index: number) {
  return `${first}${what} ${index}`;
}

/** Every text cell of the first sheet, row by row. */
async function textCells(bytes: Buffer) {
  const { rows } = await sheetRows(bytes);
  return rows.flat().filter((value): value is string => typeof value === 'string');
}

/** Each `value` is in the sheet behind an apostrophe, and nowhere bare. */
async function expectGuarded(bytes: Buffer, values: string[]) {
  const cells = await textCells(bytes);
  for (const value of values) {
    expect(cells, JSON.stringify(value)).toContain(`'${value}`);
    expect(cells, JSON.stringify(value)).not.toContain(value);
  }
}

describe('every export writes text starting with = + - @, a tab or a carriage return behind an apostrophe', () => {
  const products: string[] = [];
  const skus: string[] = [];
  const buyers: string[] = [];
  const invoiceNumbers: string[] = [];
  const recipients: string[] = [];
  const actions: string[] = [];
  const cities: string[] = [];
  const listingSkus: string[] = [];

  beforeAll(async () => {
    const placed: { invoiceId: number; orderId: number }[] = [];
    for (const [index, first] of LEADING.entries()) {
      const name = led(first, 'Produk Ujung', index);
      const sku = led(first, 'SKU-UJUNG', index);
      const id = await insertProduct(api.db, { brandId: api.world.brands.A, categoryId: null, name, sku });
      await insertStock(api.db, {
        vendorId: api.world.vendors.V1,
        productId: id,
        quantity: 5,
        snapshots: {},
      });
      products.push(name);
      skus.push(sku);
      const buyer = led(first, 'Pembeli Ujung', index);
      await insertCustomer(api.db, { brandId: api.world.brands.A, name: buyer, city: 'Jakarta' });
      buyers.push(buyer);
      const action = led(first, 'aksi.ujung', index);
      await api.db
        .insert(auditLogs)
        .values({ actorId: api.world.users.admin.id, action, entity: 'order', entityId: String(index) });
      actions.push(action);
      const city = led(first, 'Kota Ujung', index);
      await insertVendorArea(api.db, { vendorId: api.world.vendors.V1, city });
      cities.push(city);
      placed.push(
        await completedOrder(api, {
          brand: 'A',
          vendor: 'V1',
          lines: [{ product: catalogue.A.phone, quantity: 1 }],
        }),
      );
    }
    for (const [index, first] of LEADING.entries()) {
      const number = led(first, 'INV/UJUNG', index);
      const recipient = led(first, 'Penerima Ujung', index);
      await api.db
        .update(invoices)
        .set({ externalNumber: number, recipientName: recipient })
        .where(eq(invoices.id, placed[index].invoiceId));
      invoiceNumbers.push(number);
      recipients.push(recipient);
      await api.db
        .update(orders)
        .set({ receiverName: recipient })
        .where(eq(orders.id, placed[index].orderId));
    }
    const voucher = await api.request('/api/send-payment', {
      token: tokens.admin,
      json: voucherBody(api, {
        brand: 'A',
        vendor: 'V1',
        bankId: await bankNamed(api, 'BCA'),
        orderIds: placed.map((order) => order.orderId),
        number: 'PV/UJUNG/1',
      }),
    });
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(201);
    // The listing schema trims its SKUs, so a listing's text can start with = + - @ only.
    for (const first of LEADING.slice(0, 4)) {
      const sku = uniqueSku(`${first}UJUNG`);
      await createListing(api, tokens.admin, listingBody({ sku }));
      listingSkus.push(sku);
    }
  });

  async function download(path: string, token = tokens.admin, query: Record<string, string | number> = {}) {
    const response = await api.request(path, { token, query });
    expect(response.status, path).toBe(200);
    return response.bytes;
  }

  it('the stock lists of the brand and of the vendor', async () => {
    await expectGuarded(await download(`${brandA()}/export/product-stock`), [...products, ...skus]);
    await expectGuarded(
      await download(`/api/vendor/${api.world.vendors.V1}/export/product-stock`, tokens.vendor1),
      [...products, ...skus],
    );
  });

  it('the stock and price templates', async () => {
    await expectGuarded(
      await download(
        `/api/vendor/${api.world.vendors.V1}/import-template/current-product-stock`,
        tokens.vendor1,
      ),
      [...products, ...skus],
    );
    await expectGuarded(await download(`${brandA()}/import-template/product-price`), [...products, ...skus]);
    await expectGuarded(await download(`${brandA()}/tokopedia/import-template/product-price`), listingSkus);
  });

  it('the vendor area template', async () => {
    await expectGuarded(
      await download('/api/import-template/vendor-area', tokens.admin, { vendor: api.world.vendors.V1 }),
      cities,
    );
  });

  it('the audit log', async () => {
    await expectGuarded(await download('/api/export/audit-log'), actions);
  });

  it('the customers and the invoices of the brand', async () => {
    await expectGuarded(await download(`${brandA()}/export/customer`), buyers);
    await expectGuarded(await download(`${brandA()}/export/invoice`), [...invoiceNumbers, ...recipients]);
  });

  it('the orders of the brand and of the vendor', async () => {
    await expectGuarded(await download(`${brandA()}/export/order`), [...invoiceNumbers, ...recipients]);
    await expectGuarded(
      await download(`/api/vendor/${api.world.vendors.V1}/export/order`, tokens.vendor1),
      invoiceNumbers,
    );
  });

  it('the payment vouchers', async () => {
    await expectGuarded(
      await download('/api/export/send-payment', tokens.admin, { search: 'PV/UJUNG' }),
      invoiceNumbers,
    );
  });

  it('leaves alone text a spreadsheet does not evaluate', async () => {
    const cells = await textCells(await download(`${brandA()}/export/product-stock`));
    expect(cells).toContain(catalogue.A.laptop.sku);
    expect(cells).not.toContain(`'${catalogue.A.laptop.sku}`);
  });
});
