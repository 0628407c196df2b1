import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { TINY_PNG, uploadForm } from '../support/files';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

const ACCOUNT_ROUTES = [
  { method: 'GET', path: '/api/account' },
  { method: 'POST', path: '/api/account' },
  { method: 'POST', path: '/api/account/logout' },
  { method: 'POST', path: '/api/account/change-password' },
  { method: 'POST', path: '/api/account/change-brand' },
];

describe('the account routes need a valid bearer token', () => {
  for (const { method, path } of ACCOUNT_ROUTES) {
    it(`${method} ${path} answers 401 without a token`, async () => {
      const response = await api.request(path, { method, json: method === 'POST' ? {} : undefined });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthenticated.' });
    });

    it(`${method} ${path} answers 401 to a token it never issued`, async () => {
      const response = await api.request(path, {
        method,
        token: 'forged-token',
        json: method === 'POST' ? {} : undefined,
      });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthenticated.' });
    });
  }

  it('answers 401 to a token sent with another scheme than Bearer', async () => {
    const token = await api.login(api.world.users.admin.email);

    const response = await api.request('/api/account', { headers: { authorization: `Basic ${token}` } });

    expect(response.status).toBe(401);
  });

  it('answers 401 once the access token has expired', async () => {
    const token = await api.login(api.world.users.brandA.email);

    api.clock.advance(api.config.ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);

    expect((await api.request('/api/account', { token })).status).toBe(401);
  });
});

describe('POST /api/account accepts only the fields a user may set', () => {
  it.each([
    ['role_id', 1],
    ['vendor_id', 1],
    ['brand_id', 2],
    ['is_special_account', true],
    ['password', 'a-new-password'],
  ])('refuses %s with 422 and changes nothing', async (field, value) => {
    const user = api.world.users.vendor1;
    const token = await api.login(user.email);

    const response = await api.request('/api/account', {
      token,
      json: { name: 'Nama Baru', mobile_phone: '081200000004', [field]: value },
    });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      [field]: [`The ${field.replace(/_/g, ' ')} field is prohibited.`],
    });
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      name: user.name,
      roleId: 2,
      vendorId: api.world.vendors.V1,
      isSpecialAccount: false,
    });
  });

  it('refuses a photo that does not exist with 422 on photo_id', async () => {
    const token = await api.login(api.world.users.brandA.email);

    const response = await api.request('/api/account', {
      token,
      json: { name: 'Brand A User', mobile_phone: '081200000002', photo_id: 999_999 },
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['photo_id']);
  });

  it("refuses another user's upload as the profile picture", async () => {
    const ownerToken = await api.login(api.world.users.brandB.email);
    const upload = await api.request('/api/media', {
      token: ownerToken,
      form: uploadForm(TINY_PNG, 'private.png'),
    });
    expect(upload.status).toBe(201);
    const token = await api.login(api.world.users.brandA.email);

    const response = await api.request('/api/account', {
      token,
      json: { name: 'Brand A User', mobile_phone: '081200000002', photo_id: upload.body.data.id },
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['photo_id']);
    expect((await api.request('/api/account', { token })).body.data.photo).toBeNull();
  });
});

describe('POST /api/account/change-brand stays within the brands of the user', () => {
  it('refuses a key account a brand it is not assigned to', async () => {
    const token = await api.login(api.world.users.keyAccount.email);

    const response = await api.request('/api/account/change-brand', {
      token,
      json: { brand_id: api.world.brands.B },
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['brand_id']);
    expect((await api.request('/api/account', { token })).body.data.current_brand_id).toBe(
      api.world.brands.A,
    );
  });

  it.each(['brandA', 'brandB'] as const)(
    'refuses a brand user (%s) any switch, even to their own brand',
    async (key) => {
      const token = await api.login(api.world.users[key].email);

      for (const brandId of [api.world.brands.A, api.world.brands.B]) {
        const response = await api.request('/api/account/change-brand', {
          token,
          json: { brand_id: brandId },
        });
        expect(response.status).toBe(422);
        expect(Object.keys(response.body.errors)).toEqual(['brand_id']);
      }
    },
  );

  it.each(['vendor1', 'vendor1Special'] as const)('refuses a vendor user (%s) any switch', async (key) => {
    const token = await api.login(api.world.users[key].email);

    const response = await api.request('/api/account/change-brand', {
      token,
      json: { brand_id: api.world.brands.A },
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['brand_id']);
  });

  it('refuses an administrator a brand that does not exist', async () => {
    const token = await api.login(api.world.users.admin.email);

    const response = await api.request('/api/account/change-brand', { token, json: { brand_id: 999_999 } });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['brand_id']);
  });

  it('refuses a brand_id that is not a number', async () => {
    const token = await api.login(api.world.users.admin.email);

    const response = await api.request('/api/account/change-brand', { token, json: { brand_id: 'A' } });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['brand_id']);
  });
});
