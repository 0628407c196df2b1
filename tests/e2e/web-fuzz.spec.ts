import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from './fixtures';
import fc from 'fast-check';
import { ACCOUNTS, DEMO_PASSWORD } from './support';

/**
 * Every page action, posted hostile forms by a signed-in administrator (seeded, so a failure replays): unknown
 * and known intents, prototype keys, lone surrogates, NUL and CR/LF, huge values, and bodies that are not forms.
 * No answer may be a 500. The actions are found from the route files, so a new one is fuzzed from its first day.
 */

// Hostile forms that happen to be valid change record 1 of a form (a bank's name, a role's): on data of its own.
test.use({ serverOfItsOwn: true });

const SEED = 20261125;
const RUNS_PER_ACTION = 5;
/** Signing out ends the session the other posts need; it is posted last, once. */
const LAST = 'auth_.logout.tsx';

/** `_app.settings.vendor.$vendorId.user.$id.tsx` → `/settings/vendor/1/user/1` (flat routes, pathless `_app`). */
function pathOf(file: string) {
  const segments = file
    .replace(/\.tsx$/, '')
    .split('.')
    .filter((segment) => !segment.startsWith('_') || segment === '_index')
    .map((segment) => segment.replace(/_$/, ''))
    .filter((segment) => segment !== '_index')
    .map((segment) => (segment.startsWith('$') ? '1' : segment));
  return `/${segments.join('/')}`;
}

const actions = readdirSync('app/routes')
  .filter((file) => /export (async function|const) action\b/.test(readFileSync(`app/routes/${file}`, 'utf8')))
  .filter((file) => file !== LAST)
  .map((file) => ({ file, path: pathOf(file) }));

const hostileText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '\ud800',
    'nul\u0000',
    'a\r\nb',
    '=1+1',
    '-1',
    '1e400',
    '9'.repeat(300),
    'x'.repeat(20_000),
    '<b>',
  ),
);
const fieldName = fc.oneof(
  fc.constantFrom(
    'intent',
    'id',
    'name',
    'email',
    'password',
    'quantity',
    'vendor_id',
    'brand_id',
    'order_ids',
    'order_products[0].quantity',
    'file',
    '__proto__',
    'constructor',
    'redirectTo',
  ),
  fc.string({ maxLength: 10 }),
);
const intent = fc.constantFrom(
  'return',
  'change-vendor',
  'ready',
  'ship',
  'deliver',
  'create',
  'update',
  'delete',
  'save',
  'import',
  'vendor',
  'select-all',
  'confirm-vendor',
  'filter-orders',
  'accept',
  'reject',
  'x',
);
const hostileForm = fc
  .tuple(intent, fc.array(fc.tuple(fieldName, hostileText), { maxLength: 8 }))
  .map(([chosen, pairs]) => [['intent', chosen], ...pairs] as [string, string][]);

async function signedInCsrf(request: APIRequestContext) {
  const page = await (await request.get('/auth/login')).text();
  const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? '';
  const form: Record<string, string> = {
    csrf: field('csrf'),
    email: ACCOUNTS.admin,
    password: DEMO_PASSWORD,
  };
  for (const match of page.matchAll(/name="((?:name|from)__confirm)"/g)) form[match[1]] = field(match[1]);
  const signedIn = await request.post('/auth/login', { form, maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);
  return field('csrf');
}

test('every page action answers hostile forms without a server error', async ({ request, baseURL }) => {
  test.setTimeout(240_000);
  expect(actions.length).toBeGreaterThan(10);
  const csrf = await signedInCsrf(request);
  const origin = baseURL ?? '';
  for (const { file, path } of actions) {
    await fc.assert(
      fc.asyncProperty(hostileForm, async (pairs) => {
        const body = new URLSearchParams([['csrf', csrf], ...pairs]).toString();
        const response = await request.post(path, {
          data: body,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
          maxRedirects: 0,
          timeout: 20_000,
        });
        expect(response.status(), `${file} ${body.slice(0, 300)}`).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNS_PER_ACTION, endOnFailure: true },
    );
    for (const [type, data] of [
      ['application/json', '{"intent":"delete","__proto__":{"x":1}}'],
      ['multipart/form-data; boundary=x', '--x\r\nbroken'],
      ['text/plain', 'intent=delete'],
    ]) {
      const response = await request.post(path, {
        data,
        headers: { 'content-type': type, origin },
        maxRedirects: 0,
      });
      expect(response.status(), `${file} as ${type}`).toBeLessThan(500);
    }
  }
  const signedOut = await request.post('/auth/logout', {
    form: { csrf, intent: '\ud800' },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(signedOut.status()).toBeLessThan(500);
});
