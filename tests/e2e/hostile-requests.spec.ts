import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from './support';

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
