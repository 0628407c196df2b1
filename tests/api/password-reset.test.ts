import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResets } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp';

const FORGOT_SUCCESS = { data: { success: true, message: 'Success, reset link has send to your email' } };

let smtp: SmtpReceiver;
let api: TestApi;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  api = await startTestApi({ smtpUrl: smtp.url });
});

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.messages.length = 0;
});

function mailsTo(email: string) {
  return smtp.messages.filter((mail) => JSON.stringify(mail.to).toLowerCase().includes(email));
}

function resetLinkOf(mail: ParsedMail) {
  const match = /https?:\/\/\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in the mail: ${mail.text}`);
  return new URL(match[0]);
}

/** Asks for a reset mail for `email` and returns the link it carries. */
async function requestResetLink(email: string) {
  const response = await api.request('/api/forgot-password', { json: { email } });
  expect(response.status).toBe(200);
  return resetLinkOf(await smtp.waitForMessage(email));
}

function resetPassword(link: URL, password: string, confirmation = password) {
  return api.request('/api/reset-password', {
    json: {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password,
      password_confirmation: confirmation,
    },
  });
}

describe('POST /api/forgot-password', () => {
  it('mails a reset link to the reset page of the app, carrying the token and the email', async () => {
    const { email } = api.world.users.brandA;

    const response = await api.request('/api/forgot-password', {
      json: { email, url: 'http://localhost:3000/auth/reset-password' },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual(FORGOT_SUCCESS);
    const mail = await smtp.waitForMessage(email);
    expect(mail.subject).toEqual(expect.any(String));
    const link = resetLinkOf(mail);
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe('/auth/reset-password');
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
    expect(link.searchParams.get('email')).toBe(email);
    expect(mail.html).toContain(link.searchParams.get('token'));
  });

  it('points at APP_URL/auth/reset-password when the client sends no url', async () => {
    const link = await requestResetLink(api.world.users.brandB.email);

    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/auth/reset-password');
  });

  it('answers an unknown email with the same success and sends nothing', async () => {
    const response = await api.request('/api/forgot-password', { json: { email: 'nobody@world.test' } });

    expect(response.status).toBe(200);
    expect(response.body).toEqual(FORGOT_SUCCESS);
    expect(smtp.messages).toHaveLength(0);
    expect(
      await api.db.select().from(passwordResets).where(eq(passwordResets.email, 'nobody@world.test')),
    ).toEqual([]);
  });

  it('answers an inactive user with the same success and sends nothing', async () => {
    const response = await api.request('/api/forgot-password', {
      json: { email: api.world.users.inactive.email },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual(FORGOT_SUCCESS);
    expect(mailsTo(api.world.users.inactive.email)).toHaveLength(0);
  });

  it('refuses a reset page on another origin with 422 on url and sends nothing', async () => {
    const response = await api.request('/api/forgot-password', {
      json: { email: api.world.users.brandA.email, url: 'https://evil.example/auth/reset-password' },
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['url']);
    expect(smtp.messages).toHaveLength(0);
  });

  it('refuses an invalid email with 422 on email', async () => {
    const response = await api.request('/api/forgot-password', { json: { email: 'not-an-email' } });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ email: ['The email field must be a valid email address.'] });
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password once: the new one signs in, the old one no longer does', async () => {
    const { email } = api.world.users.vendor1;
    const link = await requestResetLink(email);

    const response = await resetPassword(link, 'password-reset-1');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Success, your password has been successfully changed' });
    await expect(api.login(email, 'password-reset-1')).resolves.toEqual(expect.any(String));
    await expect(api.login(email)).rejects.toThrow(/422/);
  });

  it('refuses a second use of the same link with 422', async () => {
    const link = await requestResetLink(api.world.users.vendor2.email);
    expect((await resetPassword(link, 'password-reset-2')).status).toBe(200);

    const again = await resetPassword(link, 'password-reset-3');

    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: expect.any(String), errors: { email: [expect.any(String)] } });
    await expect(api.login(api.world.users.vendor2.email, 'password-reset-2')).resolves.toEqual(
      expect.any(String),
    );
  });

  it('revokes every token the user held', async () => {
    const { email } = api.world.users.keyAccount;
    const before = await api.login(email);
    const link = await requestResetLink(email);

    expect((await resetPassword(link, 'password-reset-4')).status).toBe(200);

    const response = await api.request('/api/account', { token: before });
    expect(response.status).toBe(401);
  });

  it('keeps only the newest link valid', async () => {
    const { email } = api.world.users.vendor1Special;
    const first = await requestResetLink(email);
    smtp.messages.length = 0;
    const second = await requestResetLink(email);

    expect((await resetPassword(first, 'password-reset-5')).status).toBe(422);
    expect((await resetPassword(second, 'password-reset-5')).status).toBe(200);
  });

  it('refuses a token presented with another email', async () => {
    const link = await requestResetLink(api.world.users.brandB.email);
    link.searchParams.set('email', api.world.users.admin.email);

    const response = await resetPassword(link, 'password-reset-6');

    expect(response.status).toBe(422);
    await expect(api.login(api.world.users.admin.email)).resolves.toEqual(expect.any(String));
  });

  it('refuses a confirmation that does not match with 422 on password', async () => {
    const link = await requestResetLink(api.world.users.brandB.email);

    const response = await resetPassword(link, 'password-reset-7', 'password-lain-7');

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ password: ['The password field confirmation does not match.'] });
  });

  it('refuses a link older than 60 minutes with 422', async () => {
    const { email } = api.world.users.admin;
    const link = await requestResetLink(email);

    api.clock.advance(api.config.PASSWORD_RESET_TTL_MINUTES * 60_000 + 1000);

    const response = await resetPassword(link, 'password-reset-8');
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['email']);
    await expect(api.login(email)).resolves.toEqual(expect.any(String));
  });
});
