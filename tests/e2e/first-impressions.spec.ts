import { spawnSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import {
  acceptedOrderOf,
  ACCOUNTS,
  jakartaInvoice,
  openOffer,
  ownOrderPath,
  signInTo,
  tokenFor,
  WIDE_RANGE,
} from './support';

/**
 * What a person meets first on the built screens, with JavaScript and without: titles, newest first,
 * tables that fit a laptop and a phone, prints that add up, the links a role may follow, feedback while waiting,
 * and the spec details that were missing.
 */

const BRAND_ID = 1;
const TOKOPEDIA = 1;

function pdfText(pdf: Buffer) {
  return spawnSync('pdftotext', ['-', '-'], { input: pdf }).stdout.toString().replace(/\s+/g, ' ');
}

function pdfTitle(pdf: Buffer) {
  const info = spawnSync('pdfinfo', ['-'], { input: pdf }).stdout.toString();
  return /^Title:\s+(.*)$/m.exec(info)?.[1]?.trim() ?? '';
}

function squeeze(text: string | null) {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

async function ingest(
  request: APIRequestContext,
  externalNumber: string,
  overrides: Record<string, unknown> = {},
) {
  const token = await tokenFor(request, ACCOUNTS.admin);
  const response = await request.post(`/api/brand/${BRAND_ID}/channel/${TOKOPEDIA}/invoice`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...jakartaInvoice(externalNumber), ...overrides },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Signs in as another account in the same test: the browser forgets the previous session first. */

async function switchTo(page: Page, email: string, path?: string) {
  await page.context().clearCookies();
  await signInTo(page, email, path);
}

/** Administrators keep their chosen brand between sessions: these tests read the first demo brand. */
async function adminOnFirstBrand(page: Page) {
  await switchTo(page, ACCOUNTS.admin, '/account/profile');
  const select = page.getByRole('banner').getByRole('combobox', { name: 'Brand' });
  if ((await select.inputValue()) !== String(BRAND_ID)) {
    await select.selectOption(String(BRAND_ID));
    const apply = page.getByRole('banner').getByRole('button', { name: 'Terapkan' });
    if (await apply.isVisible()) await apply.click();
    await expect(select).toHaveValue(String(BRAND_ID));
  }
}

test.describe('titles', () => {
  test('a page that rendered is titled by its heading, and the dashboard PDF carries it', async ({
    page,
  }) => {
    await adminOnFirstBrand(page);
    for (const [path, title] of [
      ['/order', 'Penjualan | Back Office'],
      ['/invoice', 'Invoice | Back Office'],
      ['/customer', 'Pelanggan | Back Office'],
      ['/dashboard/ringkasan', 'Ringkasan | Dashboard | Back Office'],
      ['/account/profile', 'Profil | Back Office'],
    ]) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
    const pdf = await page.request.get('/dashboard/ringkasan/pdf');
    expect(pdfTitle(await pdf.body())).toBe('Ringkasan | Dashboard | Back Office');
  });
});

test.describe('lists open newest first', () => {
  test('today’s order is on the first page, under a header that says the list is newest first', async ({
    page,
    request,
  }) => {
    const external = `INV/E2E/NEW/${Date.now()}`;
    await ingest(request, external);
    await switchTo(page, ACCOUNTS.vendor);
    await page.goto('/order');
    await expect(page.getByRole('columnheader', { name: /No\. Pesanan/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const numbers = await page
      .getByRole('table')
      .getByRole('row')
      .locator('td:nth-child(2) a')
      .allTextContents();
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers).toEqual([...numbers].sort().reverse());

    await adminOnFirstBrand(page);
    await page.goto('/invoice');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(external);
  });
});

test.describe('tables that fit', () => {
  test('at 1366 px the main order columns fit and the rest scroll behind a cue, the number column staying', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await adminOnFirstBrand(page);
    await page.goto('/order');
    const region = page.getByRole('region', { name: 'Daftar pesanan' });
    const box = (await region.boundingBox()) ?? { x: 0, width: 0 };
    for (const name of [/No\. Pesanan/, /Dibuat/, /Total/, /^Status$/]) {
      const header = (await page.getByRole('columnheader', { name }).boundingBox()) ?? { x: 9999, width: 0 };
      expect(header.x + header.width).toBeLessThanOrEqual(box.x + box.width);
    }
    const overflow = await region.evaluate((node) => node.scrollWidth > node.clientWidth);
    expect(overflow).toBe(true);
    // The cue: a shadow at the scrolling edge (CSS, so without JavaScript too).
    expect(await region.evaluate((node) => getComputedStyle(node).backgroundImage)).toContain('gradient');
    const firstCell = page.getByRole('table').getByRole('row').nth(1).getByRole('cell').first();
    const before = (await firstCell.boundingBox())?.x;
    await region.evaluate((node) => node.scrollBy({ left: 600 }));
    expect((await firstCell.boundingBox())?.x).toBe(before);
    await expect(page.getByRole('columnheader', { name: 'Aksi' })).toBeInViewport();
  });

  /** Each named column header ends inside the table's own scrolling region and the window, unscrolled. */
  async function expectColumnsInView(page: Page, region: string, names: (string | RegExp)[], width: number) {
    const box = (await page.getByRole('region', { name: region }).boundingBox()) ?? { x: 0, width: 0 };
    const outside: string[] = [];
    for (const name of names) {
      const header = page.getByRole('columnheader', { name }).first();
      const cell = (await header.boundingBox()) ?? { x: 9999, width: 0 };
      if (cell.x + cell.width > Math.min(box.x + box.width, width) + 1) outside.push(String(name));
    }
    expect(outside, `columns past the edge of ${region} at ${width} px`).toEqual([]);
  }

  test('at 1366 px the stock ledger and the stock list show their key columns without scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await adminOnFirstBrand(page);
    await page.goto(`/stock/mutation?${WIDE_RANGE}`);
    await expectColumnsInView(
      page,
      'Mutasi stok, terbaru dahulu',
      ['Tanggal', 'SKU', 'Nama produk', 'Perubahan', 'Stok sesudah', 'Catatan', 'Oleh'],
      1366,
    );
    await page.goto('/stock');
    await expectColumnsInView(
      page,
      'Daftar stok produk',
      [/^Nama produk/, /^SKU/, /^Stok tersedia/, /^Run rate/, /^Weeks of supply/, /^In-Stock Rate/, 'Aksi'],
      1366,
    );
    // The product's name opens it too, beside Ubah.
    const firstRow = page.getByRole('region', { name: 'Daftar stok produk' }).getByRole('row').nth(1);
    await expect(firstRow.getByRole('link').first()).toHaveAttribute('href', /\/stock\/\d+/);
  });

  test('at 390 px the stock adjustment keeps its adjustment and result, and the access grid its Hapus', async ({
    page,
  }) => {
    await adminOnFirstBrand(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/stock/management/adjust');
    const adjust = page.getByRole('table', { name: 'Produk yang disesuaikan' });
    for (const name of ['Penyesuaian', 'Stok sesudah']) {
      const cell = (await adjust.getByRole('columnheader', { name }).boundingBox()) ?? { x: 9999, width: 0 };
      expect(cell.x + cell.width, name).toBeLessThanOrEqual(391);
    }
    await page.goto('/settings/hakakses');
    await page.getByRole('combobox', { name: 'Peran' }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    const grid = page.getByRole('table', { name: 'Hak akses per area' });
    const remove = (await grid.getByRole('columnheader', { name: 'Hapus' }).boundingBox()) ?? {
      x: 9999,
      width: 0,
    };
    expect(remove.x + remove.width).toBeLessThanOrEqual(391);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('at 390 px an order is a card and the order detail keeps its Total in view', async ({
    page,
    request,
  }) => {
    await adminOnFirstBrand(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/order');
    const row = page.getByRole('table').getByRole('row').nth(1);
    for (const cell of await row.getByRole('cell').all()) {
      const box = await cell.boundingBox();
      if (box) expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expect(row.getByRole('cell').nth(2)).toContainText('IDR');
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);

    await page.goto(await ownOrderPath(request));
    const products = page.getByRole('table', { name: 'Produk' });
    await expect(products.getByRole('rowheader', { name: 'Total' })).toBeVisible();
    const total = products.getByRole('row').last().getByRole('cell').last();
    const totalBox = (await total.boundingBox()) ?? { x: 0, width: 9999 };
    expect(totalBox.x + totalBox.width).toBeLessThanOrEqual(390);
  });

  test('the order detail gives the recipient’s address once', async ({ page, request }) => {
    const path = await ownOrderPath(request);
    await adminOnFirstBrand(page);
    await page.goto(path);
    const recipient = page.getByRole('region', { name: 'Penerima' });
    const address = squeeze(await recipient.locator('p').nth(2).textContent());
    // The full address names Kemang and Jakarta already: only the province and postal code are added to it.
    expect(address).toBe('Jl. Kemang Raya No. 5, Jakarta, DKI Jakarta, 12730');
    const parts = address.split(', ');
    expect(new Set(parts).size).toBe(parts.length);
  });
});

test.describe('prints that add up', () => {
  test('Cetak Invoice prints the grand total the invoice page shows, insurance included', async ({
    page,
    request,
  }) => {
    const external = `INV/E2E/PRINT/${Date.now()}`;
    await ingest(request, external, { insurance_cost: 1_900, voucher_amount: 5_000 });
    await switchTo(page, ACCOUNTS.vendor);
    const offer = await openOffer(page, external);
    await offer.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(/\/order\/\d+$/);
    const orderPath = new URL(page.url()).pathname;

    await adminOnFirstBrand(page);
    await page.goto(`/invoice?search=${encodeURIComponent(external)}`);
    await page.getByRole('link', { name: external }).click();
    // 143.000 of goods + 18.000 shipping + 1.900 insurance − 5.000 voucher.
    const grandTotal = squeeze(
      await page
        .locator('dt', { hasText: /^Total$/ })
        .locator('xpath=following-sibling::dd')
        .textContent(),
    );
    expect(grandTotal).toBe('IDR 157.900');
    const text = pdfText(await (await page.request.get(`${orderPath}/print/invoice`)).body());
    for (const printed of [
      'Biaya asuransi',
      'IDR 1.900',
      'Diskon',
      '−IDR 5.000',
      'Grand Total',
      grandTotal,
    ]) {
      expect(text).toContain(printed);
    }
    // Cetak Penjualan prints the order's own total, read off the order page.
    await page.goto(orderPath);
    const orderTotal = squeeze(
      await page
        .getByRole('region', { name: 'Produk' })
        .locator('tfoot tr', { hasText: /^\s*Total/ })
        .locator('td')
        .textContent(),
    );
    expect(orderTotal).toBe('IDR 143.000');
    const sales = pdfText(await (await page.request.get(`${orderPath}/print/sales`)).body());
    expect(sales).toContain(orderTotal);
    expect(sales).not.toContain(grandTotal);
  });
});

test.describe('dashboard PDFs', () => {
  test('the PDF holds every column of the page’s table, and prints on white', async ({ page }) => {
    await adminOnFirstBrand(page);
    const range = `?${WIDE_RANGE}`;
    await page.goto(`/dashboard/penjualan${range}`);
    const table = page.getByRole('table', { name: 'Pesanan Baru', exact: true });
    const headers = (await table.getByRole('columnheader').allTextContents()).map((text) =>
      squeeze(text.replace(/[↕▲▼]/g, '')),
    );
    expect(headers).toEqual(expect.arrayContaining(['Total', 'Status']));
    const firstRow = (await table.getByRole('row').nth(1).getByRole('cell').allTextContents()).map(squeeze);
    const text = pdfText(await (await page.request.get(`/dashboard/penjualan/pdf${range}`)).body());
    // Print lets cells wrap so every column fits the page, and a wrapped cell's words come out of the PDF between
    // its neighbours' words; a long invoice number wraps too, after a slash or a hyphen. So each piece of every
    // header and first-row cell, cut there, is in the text.
    for (const shown of [...headers, ...firstRow])
      for (const word of shown.split(' '))
        for (const piece of word.split(/(?<=[/-])/)) expect(text, shown).toContain(piece);

    await page.emulateMedia({ media: 'print' });
    for (const selector of ['html', 'body', 'main']) {
      expect(
        await page
          .locator(selector)
          .first()
          .evaluate((node) => getComputedStyle(node).backgroundColor),
      ).toBe('rgb(255, 255, 255)');
    }
  });
});

test.describe('links a role can follow', () => {
  test('a vendor’s order names its invoice without a link; the brand side links it', async ({
    page,
    request,
  }) => {
    const path = await ownOrderPath(request);
    await switchTo(page, ACCOUNTS.vendor);
    await page.goto(path);
    const invoice = page.locator('dt', { hasText: /^Invoice$/ }).locator('xpath=following-sibling::dd');
    await expect(invoice).not.toHaveText('–');
    await expect(invoice.getByRole('link')).toHaveCount(0);

    await adminOnFirstBrand(page);
    await page.goto(path);
    await expect(
      page
        .locator('dt', { hasText: /^Invoice$/ })
        .locator('xpath=following-sibling::dd')
        .getByRole('link'),
    ).toHaveAttribute('href', /^\/invoice\/\d+$/);
  });

  test('two customers who share a name each open their own page', async ({ page, request }) => {
    const stamp = Date.now();
    const name = `Rina Kusuma ${stamp}`;
    // Phones of this run only: a phone names one buyer of the brand.
    const phone = (n: number) => `0813${String(stamp).slice(-7)}${n}`;
    await ingest(request, `INV/E2E/CUST/${stamp}/1`, {
      customer_name: name,
      customer_phone: phone(1),
      customer_email: null,
    });
    await ingest(request, `INV/E2E/CUST/${stamp}/2`, {
      customer_name: name,
      customer_phone: phone(2),
      customer_email: null,
    });
    await adminOnFirstBrand(page);
    await page.goto(`/customer?search=${encodeURIComponent(name)}`);
    const links = page.getByRole('table').getByRole('link', { name });
    await expect(links).toHaveCount(2);
    const seen = new Set<string>();
    for (const index of [0, 1]) {
      await page.goto(`/customer?search=${encodeURIComponent(name)}`);
      await links.nth(index).click();
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
      seen.add(
        squeeze(await page.getByRole('table').getByRole('row').nth(1).getByRole('link').textContent()),
      );
    }
    expect([...seen].sort()).toEqual([`INV/E2E/CUST/${stamp}/1`, `INV/E2E/CUST/${stamp}/2`]);
  });
});

test.describe('spec details', () => {
  test('an invoice’s orders show their subtotal; lists show channel logos', async ({ page }) => {
    await adminOnFirstBrand(page);
    await page.goto(`/invoice?status=Selesai&${WIDE_RANGE}`);
    await expect(
      page
        .getByRole('table')
        .getByRole('img', { name: /Tokopedia|Shopee/ })
        .first(),
    ).toBeVisible();
    await page.locator('tbody a[href^="/invoice/"]').first().click();
    await expect(page).toHaveURL(/\/invoice\/\d+$/);
    const order = page.locator('section[aria-label^="SO/"]').first();
    await expect(order.locator('tbody tr').first()).toBeVisible();
    const totals: number[] = [];
    for (const line of await order.locator('tbody tr').all()) {
      totals.push(Number((await line.locator('td').last().textContent())?.replace(/\D/g, '')));
    }
    expect(totals.length).toBeGreaterThan(0);
    const subtotal = order
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Subtotal' }) });
    await expect(subtotal).toContainText(
      `IDR ${totals.reduce((sum, value) => sum + value, 0).toLocaleString('id-ID')}`,
    );
  });

  test('the Barang view filters by category and returns one line of an order', async ({ page }) => {
    await adminOnFirstBrand(page);
    await page.goto('/order?view=item&status=Selesai');
    await expect(page.getByText('Kategori (Semua)')).toBeVisible();
    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Retur' }) })
      .first();
    const product = squeeze(await row.getByRole('cell').first().textContent());
    await row.getByRole('link', { name: 'Retur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retur Product' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: `Pilih ${product}` })).toBeEnabled();
    for (const box of await dialog.getByRole('checkbox').all()) {
      if ((await box.getAttribute('aria-label')) !== `Pilih ${product}`) await expect(box).toBeDisabled();
    }
  });

  test('the bare dashboard paths of the route table lead to /dashboard/…', async ({ page }) => {
    await adminOnFirstBrand(page);
    for (const name of ['ringkasan', 'penjualan', 'vendor', 'produk', 'pembeli', 'branch']) {
      await page.goto(`/${name}`);
      await expect(page).toHaveURL(new RegExp(`/dashboard/${name}$`));
    }
  });

  test('a customer address without phone and email leads back to the customer list', async ({ page }) => {
    await adminOnFirstBrand(page);
    for (const path of ['/customer/Rina%20Kusuma', '/customer/Rina%20Kusuma?phone=&email=']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/customer$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pelanggan');
    }
  });

  test('the vendor’s incoming-offer box pages through all offers', async ({ page, request }) => {
    for (let n = 0; n < 21; n++) await ingest(request, `INV/E2E/OFFER/${Date.now()}/${n}`);
    await switchTo(page, ACCOUNTS.vendor);
    await page.goto('/order');
    const box = page.getByRole('region', { name: 'Pesanan Masuk' });
    const first = await box.getByRole('listitem').allTextContents();
    expect(first).toHaveLength(20);
    await box.getByRole('link', { name: 'Berikutnya' }).click();
    await expect(box.getByText(/Halaman 2 dari/)).toBeVisible();
    const second = await box.getByRole('listitem').allTextContents();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((item) => first.includes(item))).toEqual([]);
  });
});

test.describe('language', () => {
  test('an empty table and the dates speak the chosen language', async ({ page }) => {
    await adminOnFirstBrand(page);
    await page.goto('/order?search=tidak-ada-pesanan-seperti-ini');
    await expect(page.getByRole('cell', { name: 'Tidak ada data dalam tabel' })).toBeVisible();
    await page.getByRole('button', { name: 'EN' }).click();
    await expect(page.getByRole('cell', { name: 'No data available in table' })).toBeVisible();
    await page.goto('/order');
    const created = squeeze(
      await page.getByRole('table').getByRole('row').nth(1).getByRole('cell').nth(1).textContent(),
    );
    expect(created).toMatch(
      /(January|February|March|April|May|June|July|August|September|October|November|December)/,
    );
    expect(created).not.toMatch(/(Januari|Februari|Maret|Mei|Juni|Juli|Agustus|Oktober|Desember)/);
    await page.getByRole('button', { name: 'ID' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Penjualan');
  });
});

// What only JavaScript adds: left out of the no-JS project by its tag.
test.describe('with JavaScript @enhanced', () => {
  test('a slow page change shows the progress bar and the pending button is busy', async ({ page }) => {
    await adminOnFirstBrand(page);
    await page.goto('/order');
    // The page's data is held until the test has seen the waiting state, however slow the machine is.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/_data=/, async (route) => {
      await held;
      await route.continue();
    });
    const apply = page.getByRole('search').getByRole('button', { name: 'Terapkan' });
    await apply.click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(apply).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 10_000 });
    await expect(apply).not.toHaveAttribute('aria-busy', 'true');
  });

  test('a form its own checks refuse gives its button back at once', async ({ page }) => {
    await adminOnFirstBrand(page);
    await page.goto('/order?view=item&status=Selesai');
    await page.getByRole('table').getByRole('link', { name: 'Retur' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Retur Product' });
    await dialog.getByRole('checkbox', { disabled: false }).first().check();
    const save = dialog.getByRole('button', { name: 'Simpan retur' });
    await save.click();
    await expect(dialog.getByText('Jumlah retur minimal 1.')).toBeVisible();
    await expect(save).not.toHaveAttribute('aria-busy', 'true');
    await save.click();
    await expect(dialog.getByText('Jumlah retur minimal 1.')).toBeVisible();
  });

  test('an export link is busy until its file is saved', async ({ page }) => {
    await adminOnFirstBrand(page);
    await page.goto('/customer');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/customer\/export/, async (route) => {
      await held;
      await route.continue();
    });
    const link = page.getByRole('link', { name: 'Export' });
    const downloading = page.waitForEvent('download');
    await link.click();
    await expect(link).toHaveAttribute('aria-busy', 'true');
    release();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/customer\.xlsx$/);
    await expect(link).not.toHaveAttribute('aria-busy', 'true');
  });

  test('opening a filter dropdown closes the other, and a click outside closes it', async ({ page }) => {
    await adminOnFirstBrand(page);
    await page.goto('/order');
    const vendor = page.locator('details', { hasText: 'Vendor (Semua)' });
    const channel = page.locator('details', { hasText: 'Channel (Semua)' });
    await vendor.locator('summary').click();
    await expect(vendor).toHaveAttribute('open', '');
    await channel.locator('summary').click();
    await expect(channel).toHaveAttribute('open', '');
    await expect(vendor).not.toHaveAttribute('open', '');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(channel).not.toHaveAttribute('open', '');
  });

  test('a modal dims the whole window, its top edge included', async ({ page, request }) => {
    const { orderId } = await acceptedOrderOf(request);
    await adminOnFirstBrand(page);
    await page.goto(`/order/${orderId}?modal=change-vendor`);
    await expect(page.getByRole('dialog')).toBeVisible();
    const onTop = await page.evaluate(
      () => document.elementFromPoint(700, 4)?.closest('[data-modal-overlay]') !== null,
    );
    expect(onTop).toBe(true);
  });

  test('the success toast leaves the vendor’s next-step button clear', async ({ page, request }) => {
    const external = `INV/E2E/TOAST/${Date.now()}`;
    await ingest(request, external);
    await switchTo(page, ACCOUNTS.vendor);
    const offer = await openOffer(page, external);
    await offer.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    const toast = (await page.getByRole('status').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const step = (await page.getByRole('link', { name: 'Siap Dikirim', exact: true }).boundingBox()) ?? toast;
    const overlaps =
      toast.x < step.x + step.width &&
      step.x < toast.x + toast.width &&
      toast.y < step.y + step.height &&
      step.y < toast.y + toast.height;
    expect(overlaps).toBe(false);
  });

  test('with its scripts failing to load, the brand selector still switches the brand', async ({ page }) => {
    await adminOnFirstBrand(page);
    await page.route(/\/build\/.*\.js$/, (route) => route.abort());
    // Its scripts never run, so the page is never hydrated: the load is all there is to wait for.
    await page.goto('/order', { waitUntil: 'load' });
    const header = page.getByRole('banner');
    const select = header.getByRole('combobox', { name: 'Brand' });
    const other = (await select.locator('option:not([disabled]):not(:checked)').first().textContent()) ?? '';
    await select.selectOption({ label: other });
    await header.getByRole('button', { name: 'Terapkan' }).click();
    await expect(header.getByRole('combobox', { name: 'Brand' }).locator('option:checked')).toHaveText(other);
    // The choice is kept with the account: back to the first brand for the tests after this one.
    await header.getByRole('combobox', { name: 'Brand' }).selectOption(String(BRAND_ID));
    await header.getByRole('button', { name: 'Terapkan' }).click();
    await expect(header.getByRole('combobox', { name: 'Brand' })).toHaveValue(String(BRAND_ID));
  });

  test('a channel logo that fails to load becomes a placeholder with the channel’s name', async ({
    page,
  }) => {
    await adminOnFirstBrand(page);
    await page.route(/\/channels\/.*\.svg$/, (route) => route.abort());
    await page.goto('/order');
    const placeholder = page.getByRole('table').locator('span[role="img"]').first();
    await expect(placeholder).toHaveAttribute('aria-label', /Tokopedia|Shopee/);
    await expect(placeholder).toHaveText(/^[TS]$/);
  });
});
