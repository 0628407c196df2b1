import { expect, test, type APIRequestContext } from './fixtures';
import { ACCOUNTS, DEMO_PASSWORD, tokenFor } from './support';

/** What a probe sent at the running app: each is refused with a 4xx that says why, never a 500. */

async function loginForm(request: APIRequestContext) {
  const page = await (await request.get('/auth/login')).text();
  const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? '';
  const form: Record<string, string> = { csrf: field('csrf') };
  for (const match of page.matchAll(/name="((?:name|from)__confirm)"/g)) form[match[1]] = field(match[1]);
  return form;
}

test('a form posted from another site is refused with 403', async ({ request, baseURL }) => {
  const response = await request.post('/auth/login', {
    form: { ...(await loginForm(request)), email: ACCOUNTS.admin, password: DEMO_PASSWORD },
    headers: { origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  const same = await request.post('/auth/login', {
    form: { ...(await loginForm(request)), email: ACCOUNTS.admin, password: DEMO_PASSWORD },
    headers: { origin: baseURL ?? '' },
    maxRedirects: 0,
  });
  expect(same.status()).toBe(302);
});

test('a page post that is not a form is refused with 415', async ({ request }) => {
  for (const [type, body] of [
    ['application/json', '{"email":"a@b.c"}'],
    ['text/plain', 'email=a@b.c'],
  ]) {
    const response = await request.post('/auth/login', { data: body, headers: { 'content-type': type } });
    expect(response.status(), type).toBe(415);
  }
});

test('after a good sign-in, a redirect target with line breaks or another host leads into the app', async ({
  request,
}) => {
  for (const redirectTo of ['/order\r\nSet-Cookie: x=1', '/\t/evil.example', '/\\evil.example']) {
    const response = await request.post('/auth/login', {
      form: { ...(await loginForm(request)), email: ACCOUNTS.admin, password: DEMO_PASSWORD, redirectTo },
      maxRedirects: 0,
    });
    expect(response.status(), JSON.stringify(redirectTo)).toBe(302);
    const location = response.headers().location ?? '';
    expect(location.startsWith('/'), location).toBe(true);
    expect(location).not.toMatch(/^\/\/|^\/\\|[\r\n\t]|evil/);
  }
});

test('the sign-in form answers a throttled attempt with 429 and Retry-After', async ({ request }) => {
  const email = `throttle-${Date.now()}@demo.test`;
  let last = 0;
  let retryAfter: string | undefined;
  for (let attempt = 0; attempt < 6; attempt++) {
    const response = await request.post('/auth/login', {
      form: { ...(await loginForm(request)), email, password: 'tebakan-salah' },
      maxRedirects: 0,
    });
    last = response.status();
    retryAfter = response.headers()['retry-after'];
  }
  expect(last).toBe(429);
  expect(Number(retryAfter)).toBeGreaterThan(0);
});

/** Signs `request` in as the administrator through the sign-in form; answers the page's CSRF token. */
async function signedInCsrf(request: APIRequestContext) {
  const form = await loginForm(request);
  const signedIn = await request.post('/auth/login', {
    form: { ...form, email: ACCOUNTS.admin, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  return form.csrf;
}

async function firstVoucherId(request: APIRequestContext) {
  const token = await tokenFor(request, ACCOUNTS.admin);
  const list = await request.get('/api/send-payment', { headers: { authorization: `Bearer ${token}` } });
  return ((await list.json()) as { data: { id: number }[] }).data[0].id;
}

test("a voucher's form with an account number too long, a NUL byte or a vendor past any id is answered on the form", async ({
  request,
  baseURL,
}) => {
  const csrf = await signedInCsrf(request);
  const id = await firstVoucherId(request);
  const attempts: Record<string, string>[] = [
    { account_number: '1'.repeat(51) },
    { account_number: '123\u0000456' },
    { vendor_id: '2147483648', previous_vendor_id: '2147483648' },
    { vendor_id: '2147483648' },
  ];
  for (const fields of attempts) {
    const response = await request.post(`/send-payment/${id}`, {
      form: { csrf, intent: 'choose-vendor', vendor_id: '1', previous_vendor_id: '1', ...fields },
      headers: { origin: baseURL ?? '' },
      maxRedirects: 0,
    });
    expect(response.status(), JSON.stringify(fields)).toBe(400);
  }
});

test('a form field that is not UTF-8 is refused, not kept as U+FFFD', async ({ request, baseURL }) => {
  const csrf = await signedInCsrf(request);
  const token = await tokenFor(request, ACCOUNTS.admin);
  const headers = { authorization: `Bearer ${token}` };
  const banks = (await (await request.get('/api/bank', { headers })).json()) as { data: { id: number }[] };
  const bankId = banks.data[0].id;
  const before = await (await request.get(`/api/bank/${bankId}`, { headers })).json();
  for (const [type, data] of [
    ['application/x-www-form-urlencoded', `csrf=${encodeURIComponent(csrf)}&name=Bank%FF%FEBaru`],
    [
      'multipart/form-data; boundary=b',
      Buffer.concat([
        Buffer.from(`--b\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n`),
        Buffer.from('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nBank'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('Baru\r\n--b--\r\n'),
      ]),
    ],
  ] as const) {
    const response = await request.post(`/settings/bank/${bankId}`, {
      data,
      headers: { 'content-type': type, origin: baseURL ?? '' },
      maxRedirects: 0,
    });
    expect(response.status(), type).toBe(400);
  }
  expect(await (await request.get(`/api/bank/${bankId}`, { headers })).json()).toEqual(before);
});

test('an id in a page address is decimal digits: hex, exponent, sign or space is a page not found', async ({
  request,
}) => {
  await signedInCsrf(request);
  const id = await firstVoucherId(request);
  expect((await request.get(`/send-payment/${id}`)).status()).toBe(200);
  for (const spelled of [`0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `+${id}`]) {
    expect((await request.get(`/send-payment/${spelled}`)).status(), spelled).toBe(404);
  }
});
