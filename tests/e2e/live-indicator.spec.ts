import { expect, test } from './fixtures';
import { ACCOUNTS, signInAndWait } from './support';

/**
 * The header says when live updates are off (JavaScript only: without it there is no live connection, and every
 * page is fresh as loaded, so there is nothing to say). pusher-js calls the connection unavailable after trying
 * for 10 s, so the indicator is waited for longer than the default expect timeout.
 */

const OFF = 'Pembaruan langsung mati — muat ulang untuk melihat perubahan';

test(
  'the header says live updates are off when the live connection cannot be made',
  { tag: '@enhanced' },
  async ({ page }) => {
    // Every attempt at the live socket is closed before the server could answer, as a refused origin would be.
    await page.routeWebSocket(/\/app\/[^/?]+/, (socket) => socket.close({ code: 1008, reason: 'Forbidden' }));
    await signInAndWait(page, ACCOUNTS.admin);

    await expect(page.getByRole('banner').getByText(OFF)).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-live="true"]')).toHaveCount(0);
  },
);

test(
  'the header shows the live dot and no warning while connected',
  { tag: '@enhanced' },
  async ({ page }) => {
    await signInAndWait(page, ACCOUNTS.admin);

    await expect(page.locator('[data-live="true"]')).toBeAttached();
    await expect(page.getByRole('banner').getByText(OFF)).toHaveCount(0);
  },
);
