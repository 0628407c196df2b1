import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedOrigins, readApiConfig, seedsDemo } from '../../api/config';
import { createApiApp } from '../../api/app';
import { forwardedClient } from '../../api/http/client-ip';
import { CLIENT, refreshGrant, startTestApi, type TestApi } from '../support/api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ http: true });
});

afterAll(async () => {
  await api?.close();
});

const PRODUCTION = {
  NODE_ENV: 'production',
  OAUTH_CLIENT_SECRET: 'a-real-client-secret',
  PUSHER_SECRET: 'a-real-pusher-secret',
};

describe('a production start', () => {
  it('refuses the demo Pusher secret as it refuses the demo OAuth secret', () => {
    expect(() => readApiConfig({ ...PRODUCTION, PUSHER_SECRET: undefined })).toThrow(/PUSHER_SECRET/);
    expect(() => readApiConfig({ ...PRODUCTION, OAUTH_CLIENT_SECRET: undefined })).toThrow(
      /OAUTH_CLIENT_SECRET/,
    );
    expect(readApiConfig(PRODUCTION).PUSHER_SECRET).toBe('a-real-pusher-secret');
  });

  it('never seeds the demo accounts unless SEED_DEMO asks for it', () => {
    expect(seedsDemo(readApiConfig(PRODUCTION))).toBe(false);
    expect(seedsDemo(readApiConfig({ ...PRODUCTION, SEED_DEMO: 'true' }))).toBe(true);
    expect(seedsDemo(readApiConfig({}))).toBe(true);
    expect(seedsDemo(readApiConfig({ DATABASE_URL: 'postgres://db/x' }))).toBe(false);
  });

  it('stops on a CHANNEL_ADAPTER that names no adapter, instead of failing the first listing saved', () => {
    expect(() =>
      createApiApp({ ...api.deps, config: { ...api.deps.config, CHANNEL_ADAPTER: 'tokopediaa' } }),
    ).toThrow(/CHANNEL_ADAPTER=tokopediaa names no channel adapter/);
    expect(() => createApiApp(api.deps)).not.toThrow();
  });

  it("lets only APP_URL's origin open the WebSocket unless ALLOWED_ORIGINS says otherwise", () => {
    expect(allowedOrigins(readApiConfig({ APP_URL: 'https://bo.example.com/app' }))).toEqual([
      'https://bo.example.com',
    ]);
    expect(allowedOrigins(readApiConfig({ APP_URL: 'http://localhost:3000' }))).toContain(
      'http://127.0.0.1:3000',
    );
    expect(
      allowedOrigins(
        readApiConfig({
          APP_URL: 'https://bo.example.com',
          ALLOWED_ORIGINS: 'https://a.test, https://b.test',
        }),
      ),
    ).toEqual(['https://a.test', 'https://b.test']);
  });
});

describe('the client address behind our proxies', () => {
  const trusted = ['127.0.0.1', '10.0.0.5'];

  it('is the right-most hop that is not one of ours, whatever the client put on the left', () => {
    expect(forwardedClient('127.0.0.1', '6.6.6.6, 203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(forwardedClient('127.0.0.1', '6.6.6.6, 203.0.113.9, 10.0.0.5', trusted)).toBe('203.0.113.9');
    expect(forwardedClient('198.51.100.4', '203.0.113.9', trusted)).toBe('198.51.100.4');
  });

  it('so rotating the left-most X-Forwarded-For entry does not get past the sign-in throttle', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await api.request('/oauth/token', {
        json: {
          grant_type: 'password',
          username: api.world.users.admin.email,
          password: 'tebakan-salah',
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
        },
        headers: { 'x-forwarded-for': `192.0.2.${attempt}, 203.0.113.77` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});

describe('POST /api/forgot-password', () => {
  it('is throttled per email, answering 429 with Retry-After, for known and unknown addresses alike', async () => {
    for (const email of [api.world.users.brandB.email, 'nobody-here@world.test']) {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await api.request('/api/forgot-password', {
          json: { email },
          headers: { 'x-forwarded-for': `198.51.100.${attempt + 20}` },
        });
        statuses.push(response.status);
        retryAfter = response.headers.get('retry-after');
      }
      expect(statuses, email).toEqual([200, 200, 200, 200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    }
  });

  it('is throttled per address across emails', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const response = await api.request('/api/forgot-password', {
        json: { email: `someone-${attempt}@world.test` },
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('a refresh token presented again after its rotation', () => {
  async function signIn() {
    const response = await api.request('/oauth/token', {
      json: {
        grant_type: 'password',
        username: api.world.users.vendor2.email,
        password: api.world.password,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      },
    });
    return response.body as { access_token: string; refresh_token: string };
  }

  it('fails and revokes its whole family, the newer refresh and access tokens included', async () => {
    const first = await signIn();
    const second = (await refreshGrant(api, first.refresh_token)).body;
    expect(second.access_token).toBeTruthy();
    api.clock.advance(60_000);

    expect((await refreshGrant(api, first.refresh_token)).status).toBe(401);

    expect((await api.request('/api/account', { token: second.access_token })).status).toBe(401);
    expect((await refreshGrant(api, second.refresh_token)).status).toBe(401);
  });

  it('within seconds of its rotation is a race of one session, refused without signing the other request out', async () => {
    const first = await signIn();
    const second = (await refreshGrant(api, first.refresh_token)).body;

    expect((await refreshGrant(api, first.refresh_token)).status).toBe(401);

    expect((await api.request('/api/account', { token: second.access_token })).status).toBe(200);
    expect((await refreshGrant(api, second.refresh_token)).status).toBe(200);
  });

  it('leaves another sign-in of the same user alone', async () => {
    const other = await signIn();
    const first = await signIn();
    await refreshGrant(api, first.refresh_token);
    api.clock.advance(60_000);
    await refreshGrant(api, first.refresh_token);

    expect((await api.request('/api/account', { token: other.access_token })).status).toBe(200);
  });
});
