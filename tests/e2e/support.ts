import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const ACCOUNTS = {
  admin: 'admin@demo.test',
  keyAccount: 'keyaccount@demo.test',
  brand: 'brand@demo.test',
  vendor: 'vendor@demo.test',
  vendorSpecial: 'vendor.special@demo.test',
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

export async function signInAndWait(page: Page, email: string, password = DEMO_PASSWORD) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard\//);
}

export async function signOut(page: Page) {
  await page.locator('summary[aria-label="Menu profil"]').click();
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** Switches the header's brand selector; without JavaScript the Apply button submits it. */
export async function chooseBrand(page: Page, label: string) {
  const header = page.getByRole('banner');
  await header.getByRole('combobox', { name: 'Brand' }).selectOption({ label });
  const apply = header.getByRole('button', { name: 'Terapkan' });
  if (await apply.isVisible()) await apply.click();
  await expect(header.getByRole('combobox', { name: 'Brand' }).locator('option:checked')).toHaveText(label);
}

/** The vendor's order list, then the first offer of its 'Pesanan Masuk' block, as a dialog. */
export async function openFirstOffer(page: Page) {
  await page.goto('/order');
  await page
    .getByRole('region', { name: 'Pesanan Masuk' })
    .getByRole('link', { name: 'Lihat' })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Pesanan Masuk' });
  await expect(dialog).toBeVisible();
  return dialog;
}
