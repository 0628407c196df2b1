import { KIND } from '../../contract/access';
import { expect, test, type APIRequestContext } from './fixtures';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp';
import { ACCOUNTS, DEMO_PASSWORD, chooseBrand, signIn, signInAndWait, signInTo, tokenFor } from './support';

let smtp: SmtpReceiver;

test.beforeAll(async ({ smtpPort }) => {
  smtp = await startSmtpReceiver(smtpPort);
});

test.afterAll(async () => {
  await smtp.close();
});

test('a bad phone number on the profile shows its field error and saves nothing', async ({ page }) => {
  await signInTo(page, ACCOUNTS.brand, '/account/profile');
  const phone = page.getByLabel('Nomor HP');
  const saved = await phone.inputValue();
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page.getByText('The mobile phone must be a valid Indonesian phone number.')).toBeVisible();
  await page.goto('/account/profile');
  await expect(page.getByLabel('Nomor HP')).toHaveValue(saved);
});

test('a valid profile change is saved and confirmed', async ({ page }) => {
  await signInTo(page, ACCOUNTS.keyAccount, '/account/profile');
  await page.getByLabel('Nomor HP').fill('081298765432');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Profil berhasil diperbarui');
  await expect(page.getByLabel('Nomor HP')).toHaveValue('081298765432');
});

test('a vendor sees the performance block computed for their vendor', async ({ page }) => {
  await signInTo(page, ACCOUNTS.vendor, '/account/profile');
  const block = page.getByRole('region', { name: 'Performa vendor' });
  await expect(block).toBeVisible();
  await expect(block.getByText('SLA', { exact: true })).toBeVisible();
  await expect(block.getByText('In-Stock Rate')).toBeVisible();
  await expect(block.getByText('Vendor Performance')).toBeVisible();
  await expect(block.getByText(/jam|%/).first()).toBeVisible();
});

/** A vendor account of this test's own, so that resetting its password leaves the demo accounts as they are. */
async function ownVendorAccount(request: APIRequestContext, run: string) {
  const email = `reset-${run}@demo.test`;
  const created = await request.post('/api/user', {
    headers: { Authorization: `Bearer ${await tokenFor(request, ACCOUNTS.admin)}` },
    data: {
      name: `Reset ${run}`,
      email,
      mobile_phone: '081234567890',
      password: DEMO_PASSWORD,
      role_name: 'Vendor',
      role_id: KIND.vendor,
      vendor_id: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return email;
}

test('forgot password mails a link that resets the password, after which the new one signs in', async ({
  page,
  request,
}, testInfo) => {
  const email = await ownVendorAccount(request, `${testInfo.project.name}-${Date.now()}`);
  const newPassword = `baru-${Date.now()}`;
  smtp.messages.length = 0;
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Kirim tautan' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('status')).toContainText('Success, reset link has send to your email');

  const mail = await smtp.waitForMessage(email);
  const link = /https?:\/\/\S+\/auth\/reset-password\?\S+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('Password baru').fill(newPassword);
  await page.getByLabel('Konfirmasi password').fill(newPassword);
  await page.getByRole('button', { name: 'Simpan password' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('status')).toContainText(
    'Success, your password has been successfully changed',
  );

  await signIn(page, email, newPassword);
  await expect(page).toHaveURL('/dashboard/penjualan');
});

test('an administrator switches the current brand from the header', async ({ page }) => {
  await signInAndWait(page, ACCOUNTS.admin);
  const choices = page.getByRole('combobox', { name: 'Brand' }).locator('option:not([disabled])');
  // allTextContents does not wait: the dashboard may still be arriving when the URL has changed.
  await expect(choices.nth(1)).toBeAttached();
  const options = await choices.allTextContents();
  await chooseBrand(page, options[1]);
  await expect(page.getByRole('status')).toContainText('Data berhasil diubah');
  await expect(page.getByRole('combobox', { name: 'Brand' }).locator('option:checked')).toHaveText(
    options[1],
  );
  await chooseBrand(page, options[0]);
  await expect(page.getByRole('combobox', { name: 'Brand' }).locator('option:checked')).toHaveText(
    options[0],
  );
});

test('the notification list shows items and opening one marks it read', async ({ page }) => {
  await signInTo(page, ACCOUNTS.vendor, '/notifications');
  await expect(page.getByRole('heading', { name: 'Notifikasi' })).toBeVisible();
  const unread = page.getByRole('button').filter({ hasText: '(Belum dibaca)' });
  expect(await unread.count()).toBeGreaterThan(0);
  // The item as it reads without its unread mark: description and time tell it from the others, even when
  // another notification arrives meanwhile.
  const lines = unread.first().locator('span.block');
  const description = (await lines.nth(1).textContent()) ?? '';
  const time = (await lines.nth(2).textContent()) ?? '';
  // Opening it posts the mark and follows the redirect: wait for the post's answer, or the next navigation could
  // cancel it before it reaches the server.
  await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname.startsWith('/notifications/'),
    ),
    unread.first().click(),
  ]);
  await page.goto('/notifications');
  const opened = page.getByRole('button').filter({ hasText: description }).filter({ hasText: time });
  await expect(opened).toHaveCount(1);
  await expect(opened).not.toContainText('(Belum dibaca)');
});
