import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../api/db/schema';
import { CLIENT, refreshGrant, startTestApi, type TestApi } from '../support/api';

const WRONG_CREDENTIALS = 'Akun email atau password anda salah';
const PER_IP_LIMIT = 8;

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ http: true, config: { LOGIN_MAX_ATTEMPTS_PER_IP: String(PER_IP_LIMIT) } });
});

afterAll(async () => {
  await api?.close();
});

/** Each test signs in from its own address (the API trusts X-Forwarded-For from loopback), so throttles never cross tests. */
function passwordGrant(username: string, password: string, ip: string) {
  return api.request('/oauth/token', {
    json: {
      grant_type: 'password',
      username,
      password,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      scope: '*',
    },
    headers: { 'x-forwarded-for': ip },
  });
}

describe('POST /oauth/token refuses bad credentials', () => {
  it('answers a wrong password with 422 and the sign-in message on the email field', async () => {
    const response = await passwordGrant(api.world.users.admin.email, 'not-the-password', '198.51.100.1');

    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: WRONG_CREDENTIALS, errors: { email: [WRONG_CREDENTIALS] } });
  });

  it('answers an unknown email exactly like a wrong password, so accounts cannot be probed', async () => {
    const response = await passwordGrant('nobody@world.test', 'whatever-password', '198.51.100.2');

    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: WRONG_CREDENTIALS, errors: { email: [WRONG_CREDENTIALS] } });
  });

  it('lets no inactive user sign in, even with the right password', async () => {
    const response = await passwordGrant(api.world.users.inactive.email, api.world.password, '198.51.100.3');

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ email: [WRONG_CREDENTIALS] });
  });

  it('answers missing username and password with a Laravel validation body', async () => {
    const response = await api.request('/oauth/token', {
      json: { grant_type: 'password', client_id: CLIENT.id, client_secret: CLIENT.secret },
    });

    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'The username field is required. (and 1 more error)',
      errors: {
        username: ['The username field is required.'],
        password: ['The password field is required.'],
      },
    });
  });

  it('answers an unknown grant type with 422 on grant_type', async () => {
    const response = await api.request('/oauth/token', {
      json: { grant_type: 'client_credentials', client_id: CLIENT.id, client_secret: CLIENT.secret },
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['grant_type']);
  });

  it('answers a body that is not valid JSON with 400, never a 500', async () => {
    const response = await api.fetch('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses a wrong client secret with 401 before looking at the user', async () => {
    const response = await api.request('/oauth/token', {
      json: {
        grant_type: 'password',
        username: api.world.users.admin.email,
        password: api.world.password,
        client_id: CLIENT.id,
        client_secret: 'guessed-secret',
      },
    });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect(response.body).not.toHaveProperty('access_token');
  });

  it('refuses an unknown client id with 401', async () => {
    const response = await api.request('/oauth/token', {
      json: {
        grant_type: 'password',
        username: api.world.users.admin.email,
        password: api.world.password,
        client_id: 'someone-else',
        client_secret: CLIENT.secret,
      },
    });

    expect(response.status).toBe(401);
  });

  it('refuses a refresh token it never issued with 401', async () => {
    const response = await refreshGrant(api, 'made-up');

    expect(response.status).toBe(401);
  });

  it('ends the sessions of a user who is deactivated: the access token and the refresh token stop working', async () => {
    const signedIn = await passwordGrant(api.world.users.vendor2.email, api.world.password, '198.51.100.4');
    expect(signedIn.status).toBe(200);

    await api.db.update(users).set({ isActive: false }).where(eq(users.id, api.world.users.vendor2.id));
    try {
      expect((await api.request('/api/account', { token: signedIn.body.access_token })).status).toBe(401);
      const refreshed = await refreshGrant(api, signedIn.body.refresh_token);
      expect(refreshed.status).toBe(401);
    } finally {
      await api.db.update(users).set({ isActive: true }).where(eq(users.id, api.world.users.vendor2.id));
    }
  });
});

describe('tokens kept in memory between calls', () => {
  it('lets a user deactivated straight in the database in for at most AUTH_CACHE_SECONDS', async () => {
    const token = await api.login(api.world.users.vendor2.email);
    expect((await api.request('/api/account', { token })).status).toBe(200);

    await api.db.update(users).set({ isActive: false }).where(eq(users.id, api.world.users.vendor2.id));
    try {
      api.clock.advance(api.config.AUTH_CACHE_SECONDS * 1000);
      expect((await api.request('/api/account', { token })).status).toBe(401);
    } finally {
      await api.db.update(users).set({ isActive: true }).where(eq(users.id, api.world.users.vendor2.id));
    }
  });

  it('refuses the access token a refresh replaced at once, though it was used a moment before', async () => {
    const signedIn = await passwordGrant(api.world.users.brandA.email, api.world.password, '198.51.100.7');
    const replaced = signedIn.body.access_token;
    expect((await api.request('/api/account', { token: replaced })).status).toBe(200);

    const refreshed = await refreshGrant(api, signedIn.body.refresh_token);

    expect(refreshed.status).toBe(200);
    expect((await api.request('/api/account', { token: replaced })).status).toBe(401);
    expect((await api.request('/api/account', { token: refreshed.body.access_token })).status).toBe(200);
  });
});

describe('POST /oauth/token throttles failed sign-ins', () => {
  it('answers 429 with Retry-After after five failures for one email from one address, even to the right password', async () => {
    const ip = '203.0.113.10';
    const email = api.world.users.brandA.email;
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await passwordGrant(email, 'wrong-password', ip)).status).toBe(422);
    }

    const throttled = await passwordGrant(email, api.world.password, ip);

    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(api.config.LOGIN_THROTTLE_WINDOW_SECONDS);
    expect(throttled.body).toEqual({ message: expect.stringContaining(String(retryAfter)) });
    expect(throttled.body).not.toHaveProperty('access_token');
  });

  it('keeps the per-email limit to one address: the same email from elsewhere still signs in', async () => {
    const email = api.world.users.brandB.email;
    for (let attempt = 1; attempt <= 5; attempt++)
      await passwordGrant(email, 'wrong-password', '203.0.113.20');
    expect((await passwordGrant(email, api.world.password, '203.0.113.20')).status).toBe(429);

    expect((await passwordGrant(email, api.world.password, '203.0.113.21')).status).toBe(200);
  });

  it('starts the per-email count again after a successful sign-in', async () => {
    const ip = '203.0.113.30';
    const email = api.world.users.keyAccount.email;
    for (let attempt = 1; attempt <= 4; attempt++) await passwordGrant(email, 'wrong-password', ip);
    expect((await passwordGrant(email, api.world.password, ip)).status).toBe(200);

    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await passwordGrant(email, 'wrong-password', ip)).status).toBe(422);
    }
  });

  it('limits one address across many emails, then lets other addresses through', async () => {
    const ip = '203.0.113.40';
    for (let attempt = 1; attempt <= PER_IP_LIMIT; attempt++) {
      expect((await passwordGrant(`stranger${attempt}@world.test`, 'wrong-password', ip)).status).toBe(422);
    }

    const throttled = await passwordGrant(api.world.users.vendor1.email, api.world.password, ip);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);

    expect(
      (await passwordGrant(api.world.users.vendor1.email, api.world.password, '203.0.113.41')).status,
    ).toBe(200);
  });

  it('lets the user sign in again once the window has passed', async () => {
    const ip = '203.0.113.50';
    const email = api.world.users.vendor1Special.email;
    for (let attempt = 1; attempt <= 5; attempt++) await passwordGrant(email, 'wrong-password', ip);
    const throttled = await passwordGrant(email, api.world.password, ip);
    expect(throttled.status).toBe(429);

    api.clock.advance(Number(throttled.headers.get('retry-after')) * 1000);

    const response = await passwordGrant(email, api.world.password, ip);
    expect(response.status).toBe(200);
    expect(response.body.token_type).toBe('Bearer');
  });
});
