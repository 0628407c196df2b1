import { createCookie } from '@remix-run/node';
import { CSRF } from 'remix-utils/csrf/server';
import { describe, expect, it } from 'vitest';
import { csrf, requireCsrf } from '~/lib/csrf.server';
import { env } from '~/lib/env.server';

// The cookie as the app makes it outside production (csrf.server.ts), to write tokens of the test's choosing.
const cookie = createCookie('bo_csrf', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secrets: [env.SESSION_SECRET],
});

function requestWith(setCookie: string) {
  return new Request('http://localhost/auth/login', {
    method: 'POST',
    headers: { Cookie: setCookie.split(';')[0] },
  });
}

function formWith(token: string) {
  const form = new FormData();
  form.set('csrf', token);
  return form;
}

describe('the CSRF token', () => {
  it('is issued once, then read back from its cookie', async () => {
    const [token, setCookie] = await csrf.commitToken(new Request('http://localhost/auth/login'));
    expect(token).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    expect(setCookie).toMatch(/^bo_csrf=/);
    expect(await csrf.commitToken(requestWith(setCookie!))).toEqual([token, null]);
  });

  it('accepts a form carrying the token of its cookie', async () => {
    const [token, setCookie] = await csrf.commitToken(new Request('http://localhost/auth/login'));
    expect(await csrf.isValid(formWith(token), requestWith(setCookie!))).toBe(true);
    await expect(requireCsrf(formWith(token), requestWith(setCookie!))).resolves.toBeUndefined();
  });

  it("still accepts the tokens remix-utils' CSRF issued before", async () => {
    const before = new CSRF({ cookie, secret: env.SESSION_SECRET });
    const [token, setCookie] = await before.commitToken(new Request('http://localhost/auth/login'));
    expect(await csrf.isValid(formWith(token), requestWith(setCookie!))).toBe(true);
  });

  it("refuses a form whose token is not its cookie's", async () => {
    const [, setCookie] = await csrf.commitToken(new Request('http://localhost/auth/login'));
    const [other] = await csrf.commitToken(new Request('http://localhost/auth/login'));
    expect(await csrf.isValid(formWith(other), requestWith(setCookie!))).toBe(false);
    expect(await csrf.isValid(new FormData(), requestWith(setCookie!))).toBe(false);
    const refusal = await requireCsrf(formWith(other), requestWith(setCookie!)).catch((error) => error);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(403);
  });

  it('refuses a token this server did not sign, even when the form repeats it', async () => {
    const forged = 'a'.repeat(43) + '.' + 'b'.repeat(43);
    expect(await csrf.isValid(formWith(forged), requestWith(await cookie.serialize(forged)))).toBe(false);
  });

  it('refuses a form without a token cookie', async () => {
    const [token] = await csrf.commitToken(new Request('http://localhost/auth/login'));
    const request = new Request('http://localhost/auth/login', { method: 'POST' });
    expect(await csrf.isValid(formWith(token), request)).toBe(false);
  });
});
