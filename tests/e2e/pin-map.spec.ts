import { expect, test } from './fixtures';
import { ACCOUNTS, signInTo } from './support';

/**
 * The pin address has a map to drop the pin on, loaded only with JavaScript. No tile server is
 * reachable from the tests, so every tile is refused: the map still takes a click and fills the fields, and
 * without JavaScript the two fields are the whole of it.
 */

test(
  'with JavaScript, a click on the map fills the latitude and longitude, whatever the tiles do',
  {
    tag: '@enhanced',
  },
  async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await signInTo(page, ACCOUNTS.admin, '/settings/brand/create');
    const map = page.getByRole('application', { name: /Peta pin alamat/ });
    await expect(map).toBeVisible();
    // The box is drawn before Leaflet has loaded and taken it over; a click before that lands on nothing.
    await expect(page.locator('[data-pin-map="ready"]')).toBeAttached();
    await expect(page.getByLabel('Latitude')).toHaveValue('');
    const box = await map.boundingBox();
    expect(box).not.toBeNull();
    // Above and left of the centre, which starts on central Jakarta: further north and west.
    await map.click({ position: { x: (box?.width ?? 0) / 2 - 40, y: (box?.height ?? 0) / 2 - 40 } });
    const lat = Number(await page.getByLabel('Latitude').inputValue());
    const lng = Number(await page.getByLabel('Longitude').inputValue());
    expect(lat).toBeGreaterThan(-6.175392);
    expect(lat).toBeLessThan(-6.16);
    expect(lng).toBeLessThan(106.827153);
    expect(lng).toBeGreaterThan(106.81);
    // Typing a coordinate moves the pin, and the map keeps what was typed.
    await page.getByLabel('Latitude').fill('-6.2');
    await page.getByLabel('Latitude').blur();
    await expect(page.getByLabel('Latitude')).toHaveValue('-6.2');
  },
);

test('the latitude and longitude fields are the pin address; the map comes with JavaScript only', async ({
  page,
}, testInfo) => {
  await signInTo(page, ACCOUNTS.admin, '/settings/brand/create');
  await expect(page.getByLabel('Latitude')).toBeVisible();
  await expect(page.getByLabel('Longitude')).toBeVisible();
  const map = page.getByRole('application', { name: /Peta pin alamat/ });
  if (testInfo.project.use.javaScriptEnabled) await expect(map).toBeVisible();
  else await expect(map).toHaveCount(0);
});
