import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, refreshGrant, startTestApi, type TestApi } from '../support/api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

function passwordGrant(username: string, password = api.world.password) {
  return api.request('/oauth/token', {
    json: {
      grant_type: 'password',
      username,
      password,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      scope: '*',
    },
  });
}

describe('POST /oauth/token with the password grant', () => {
  it('returns a bearer token set with the access token lifetime in seconds', async () => {
    const response = await passwordGrant(api.world.users.admin.email);

    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'token_type',
    ]);
    expect(response.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(response.body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(response.body.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(response.body.refresh_token).not.toBe(response.body.access_token);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('issues an access token that opens the account of the user who signed in', async () => {
    const { body } = await passwordGrant(api.world.users.brandA.email);

    const account = await api.request('/api/account', { token: body.access_token });

    expect(account.status).toBe(200);
    expect(account.body.data.email).toBe(api.world.users.brandA.email);
  });

  it('accepts a form-encoded body, as OAuth clients send it', async () => {
    const response = await api.request('/oauth/token', {
      form: {
        grant_type: 'password',
        username: api.world.users.vendor1.email,
        password: api.world.password,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        scope: '*',
      },
    });

    expect(response.status).toBe(200);
    expect(response.body.token_type).toBe('Bearer');
  });

  it('matches the email whatever its letter case', async () => {
    const response = await passwordGrant(api.world.users.keyAccount.email.toUpperCase());

    expect(response.status).toBe(200);
  });

  it('gives every sign-in its own tokens', async () => {
    const first = await passwordGrant(api.world.users.admin.email);
    const second = await passwordGrant(api.world.users.admin.email);

    expect(second.body.access_token).not.toBe(first.body.access_token);
    expect((await api.request('/api/account', { token: first.body.access_token })).status).toBe(200);
    expect((await api.request('/api/account', { token: second.body.access_token })).status).toBe(200);
  });
});

describe('POST /oauth/token with the refresh_token grant', () => {
  it('rotates the token set: the new pair works, the old refresh token and the old access token are dead', async () => {
    const signedIn = await passwordGrant(api.world.users.brandB.email);

    const refreshed = await refreshGrant(api, signedIn.body.refresh_token);

    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(refreshed.body.access_token).not.toBe(signedIn.body.access_token);
    expect(refreshed.body.refresh_token).not.toBe(signedIn.body.refresh_token);
    expect((await api.request('/api/account', { token: refreshed.body.access_token })).status).toBe(200);

    const replayed = await refreshGrant(api, signedIn.body.refresh_token);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ message: expect.any(String) });

    const oldAccess = await api.request('/api/account', { token: signedIn.body.access_token });
    expect(oldAccess.status).toBe(401);
    expect(oldAccess.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('can rotate again with the refresh token it just issued', async () => {
    const signedIn = await passwordGrant(api.world.users.vendor2.email);
    const once = await refreshGrant(api, signedIn.body.refresh_token);

    const twice = await refreshGrant(api, once.body.refresh_token);

    expect(twice.status).toBe(200);
    expect((await api.request('/api/account', { token: twice.body.access_token })).body.data.email).toBe(
      api.world.users.vendor2.email,
    );
  });
});
