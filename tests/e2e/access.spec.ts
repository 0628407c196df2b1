import { expect, test, type Browser, type Page, type TestInfo } from './fixtures';
import { ACCOUNTS, signIn, signInTo, signOut } from './support';

/**
 * Access that holds for every account an administrator creates (docs/decisions/022): an account on a custom
 * role lands on a page it may open, sees exactly the areas its role holds, is offered nothing it does not hold
 * and is refused the rest; an account whose role holds no page is told so and can sign out; a save refused
 * because the role lost its permission meanwhile stays on the form with what was typed.
 */

const PASSWORD = 'akses-e2e-1';

async function toastSays(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
}

function sideNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Navigasi utama' }).first();
}

/** As the administrator: a global role holding `permissions`, and a key account of the demo brand on it. */
async function accountOnNewRole(
  page: Page,
  { run, permissions, signOutAfter = true }: { run: string; permissions: string[]; signOutAfter?: boolean },
) {
  const roleName = `Akses E2E ${run}`;
  const email = `akses.${run}@demo.test`.toLowerCase();
  await signInTo(page, ACCOUNTS.admin, '/settings/role/create');
  await page.getByLabel('Nama peran').fill(roleName);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(page, 'Data berhasil dibuat');
  if (permissions.length) {
    await page.goto('/settings/permission/create');
    await page.getByLabel('Peran').selectOption({ label: roleName });
    for (const permission of permissions) {
      await page.getByRole('checkbox', { name: `(${permission})` }).check();
    }
    await page.getByRole('button', { name: 'Simpan' }).click();
    await toastSays(page, 'Data berhasil dibuat');
  }
  await page.goto('/settings/user/create');
  await page.getByLabel('Nama').fill(`Akses E2E ${run}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Peran').selectOption({ label: roleName });
  await page.getByRole('checkbox', { name: 'Nusantara Home' }).check();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(page, 'Data berhasil dibuat');
  if (signOutAfter) await signOut(page);
  return { email, roleName };
}

/** A second browser of the same project (JavaScript on or off), for a second person at work meanwhile. */
/** A second browser of its own (another person), on this worker's server. */
async function secondPage(browser: Browser, testInfo: TestInfo, baseURL: string | undefined) {
  const { javaScriptEnabled, locale } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale });
  return context.newPage();
}

test('an account on a custom role lands on a page it may open and is offered only what its role holds', async ({
  page,
}, testInfo) => {
  const run = `${testInfo.project.name}-${Date.now()}`;
  const { email } = await accountOnNewRole(page, { run, permissions: ['order.index', 'customer.index'] });

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/order$/);
  await expect(sideNavigation(page).getByRole('link')).toHaveText(['Penjualan', 'Pelanggan']);

  const main = page.getByRole('main');
  for (const path of ['/order', '/customer']) {
    await page.goto(path);
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('link', { name: /^Tambah/ })).toHaveCount(0);
    await expect(main.getByRole('button', { name: /^(Tambah|Upload|Unggah|Import)/ })).toHaveCount(0);
  }

  // What the role does not hold answers as forbidden, not an empty page nor a redirect.
  for (const path of [
    '/dashboard/ringkasan',
    '/invoice',
    '/product',
    '/stock',
    '/send-payment',
    '/settings',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(main.getByText('Anda tidak memiliki akses ke halaman ini.')).toBeVisible();
  }

  // The root and the dashboards' address lead to the landing page.
  await page.goto('/');
  await expect(page).toHaveURL(/\/order$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/order$/);
});

test('an account whose role holds no page is told so and can sign out', async ({ page }, testInfo) => {
  const run = `${testInfo.project.name}-${Date.now()}`;
  const { email } = await accountOnNewRole(page, { run, permissions: [] });

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/no-access$/);
  await expect(
    page.getByRole('heading', { name: 'Belum ada halaman untuk akun anda', level: 1 }),
  ).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/no-access$/);

  await page.getByRole('button', { name: 'en', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No pages for your account yet', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'id', exact: true }).click();

  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('a save refused because the role lost its permission stays on the form with what was typed', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const run = `${testInfo.project.name}-${Date.now()}`;
  const admin = page;
  const { email, roleName } = await accountOnNewRole(admin, {
    run,
    permissions: ['category.index', 'category.update'],
    signOutAfter: false,
  });

  const member = await secondPage(browser, testInfo, baseURL);
  await signIn(member, email, PASSWORD);
  // Its role holds one card of the settings and no area: it lands there.
  await expect(member).toHaveURL(/\/settings$/);
  await member.goto('/settings/category');
  await member
    .getByRole('link', { name: /^Lihat / })
    .first()
    .click();
  const name = member.getByLabel('Nama kategori');
  await expect(name).toBeEditable();
  const typed = `Kategori E2E ${run}`;
  await name.fill(typed);

  // Meanwhile the administrator takes the change away.
  await admin.goto('/settings/permission');
  await admin.getByRole('link', { name: `Lihat ${roleName}` }).click();
  await admin.getByRole('checkbox', { name: '(category.update)' }).uncheck();
  await admin.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(admin, 'Data berhasil diubah');

  await member.getByRole('button', { name: 'Simpan' }).click();
  await expect(
    member.getByRole('alert').filter({ hasText: 'Akun anda tidak diizinkan menyimpan perubahan ini.' }),
  ).toBeVisible();
  await expect(name).toHaveValue(typed);
  // Read now as the role stands: read-only, without Simpan.
  await member.goto(member.url());
  await expect(member.getByLabel('Nama kategori')).toBeDisabled();
  await expect(member.getByRole('button', { name: 'Simpan' })).toHaveCount(0);
  await member.context().close();
});
