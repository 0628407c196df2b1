import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, signInAndWait } from './support';

// axe runs inside the page, so this file belongs to the JavaScript-enabled project only.
test('the sign-in page and the shell have no serious or critical accessibility violations', async ({
  page,
}) => {
  await page.goto('/auth/login');
  const login = await new AxeBuilder({ page }).analyze();
  expect(login.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await signInAndWait(page, ACCOUNTS.admin);
  await page.goto('/account/profile');
  const shell = await new AxeBuilder({ page }).analyze();
  expect(shell.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
