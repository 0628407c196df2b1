import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, type NotificationData } from '../../api/db/schema';
import { CLIENT, refreshGrant, startTestApi, type TestApi } from '../support/api';
import { TINY_PNG, uploadForm } from '../support/files';

const CURRENT_USER_FIELDS = [
  'brand_id',
  'current_brand_id',
  'current_brand_name',
  'email',
  'id',
  'is_special_account',
  'mobile_phone',
  'name',
  'permissions',
  'photo',
  'role_id',
  'role_name',
  'total_unread_notification',
  'vendor_id',
  'vendor_name',
];

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

function notificationData(title: string): NotificationData {
  return {
    web: { type: 'order-status', route: '/order/1', brand: { id: api.world.brands.A } },
    notification: { title, description: title, timestamp: '2024-01-01 10:00:00', order_id: 1 },
  };
}

describe('GET /api/account', () => {
  it('describes an administrator with every field of the current user', async () => {
    const token = await api.login(api.world.users.admin.email);

    const response = await api.request('/api/account', { token });

    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data).sort()).toEqual(CURRENT_USER_FIELDS);
    expect(response.body.data).toEqual({
      id: api.world.users.admin.id,
      name: 'Admin Satu',
      email: 'admin@world.test',
      mobile_phone: '081200000000',
      photo: null,
      role_id: 1,
      role_name: 'Administrator',
      vendor_id: null,
      vendor_name: null,
      brand_id: null,
      current_brand_id: api.world.brands.A,
      current_brand_name: 'Brand A',
      permissions: [...api.world.permissions[1]].sort(),
      is_special_account: false,
      total_unread_notification: 0,
    });
  });

  it('describes a brand user by their own brand', async () => {
    const token = await api.login(api.world.users.brandB.email);

    const { body } = await api.request('/api/account', { token });

    expect(body.data).toMatchObject({
      role_id: 3,
      role_name: 'Brand',
      brand_id: api.world.brands.B,
      current_brand_id: api.world.brands.B,
      current_brand_name: 'Brand B',
      vendor_id: null,
      permissions: [...api.world.permissions[3]].sort(),
    });
  });

  it('describes a vendor user with the vendor name and the vendor permissions', async () => {
    const token = await api.login(api.world.users.vendor1.email);

    const { body } = await api.request('/api/account', { token });

    expect(body.data).toMatchObject({
      role_id: 2,
      role_name: 'Vendor',
      vendor_id: api.world.vendors.V1,
      vendor_name: 'Vendor Satu',
      brand_id: null,
      permissions: [...api.world.permissions[2]].sort(),
      is_special_account: false,
    });
  });

  it('gives a special account the single permission any', async () => {
    const token = await api.login(api.world.users.vendor1Special.email);

    const { body } = await api.request('/api/account', { token });

    expect(body.data.is_special_account).toBe(true);
    expect(body.data.permissions).toEqual(['any']);
  });

  it('counts only the unread notifications of the user', async () => {
    const { brandA, brandB } = api.world.users;
    await api.db.insert(notifications).values([
      { userId: brandA.id, type: 'order-status', data: notificationData('one') },
      { userId: brandA.id, type: 'order-status', data: notificationData('two') },
      { userId: brandA.id, type: 'order-status', data: notificationData('read'), readAt: new Date() },
      { userId: brandB.id, type: 'order-status', data: notificationData('not mine') },
    ]);
    const token = await api.login(brandA.email);

    const { body } = await api.request('/api/account', { token });

    expect(body.data.total_unread_notification).toBe(2);
  });
});

describe('POST /api/account', () => {
  it('updates the name and the mobile phone and answers with a message and the new profile', async () => {
    const token = await api.login(api.world.users.keyAccount.email);

    const response = await api.request('/api/account', {
      token,
      json: {
        name: 'Key Account Baru',
        mobile_phone: '+6281311112222',
        email: api.world.users.keyAccount.email,
      },
    });

    expect(response.status).toBe(200);
    expect(response.body.message).toEqual(expect.any(String));
    expect(response.body.data).toMatchObject({ name: 'Key Account Baru', mobile_phone: '+6281311112222' });
    const again = await api.request('/api/account', { token });
    expect(again.body.data).toMatchObject({ name: 'Key Account Baru', mobile_phone: '+6281311112222' });
  });

  it('keeps the email read-only: a different email in the body changes nothing', async () => {
    const token = await api.login(api.world.users.brandB.email);

    const response = await api.request('/api/account', {
      token,
      json: { name: 'Brand B User', mobile_phone: '081200000003', email: 'someone.else@world.test' },
    });

    expect(response.status).toBe(200);
    expect(response.body.data.email).toBe(api.world.users.brandB.email);
  });

  it('sets the profile picture from an upload of the user and shows it as media', async () => {
    const token = await api.login(api.world.users.vendor1.email);
    const upload = await api.request('/api/media', { token, form: uploadForm(TINY_PNG, 'me.png') });
    expect(upload.status).toBe(201);

    const response = await api.request('/api/account', {
      token,
      json: { name: 'Vendor Satu User', mobile_phone: '081200000004', photo_id: upload.body.data.id },
    });

    expect(response.status).toBe(200);
    expect(response.body.data.photo).toMatchObject({
      id: upload.body.data.id,
      url: upload.body.data.url,
      extension: 'png',
      disk: 'public',
    });
  });

  it('sets a new picture without a phone number, keeping the number as it was', async () => {
    const token = await api.login(api.world.users.vendor2.email);
    const before = (await api.request('/api/account', { token })).body.data;
    const upload = await api.request('/api/media', { token, form: uploadForm(TINY_PNG, 'baru.png') });

    const response = await api.request('/api/account', {
      token,
      json: { name: before.name, photo_id: upload.body.data.id },
    });

    expect(response.status).toBe(200);
    expect(response.body.data.photo).toMatchObject({ id: upload.body.data.id });
    expect(response.body.data.mobile_phone).toBe(before.mobile_phone);
  });

  it('answers a bad phone number with 422 on mobile_phone', async () => {
    const token = await api.login(api.world.users.admin.email);

    const response = await api.request('/api/account', {
      token,
      json: { name: 'Admin Satu', mobile_phone: '12345' },
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['mobile_phone']);
    expect(response.body.message).toBe(response.body.errors.mobile_phone[0]);
  });

  it('answers a missing name with 422 on name', async () => {
    const token = await api.login(api.world.users.admin.email);

    const response = await api.request('/api/account', { token, json: { mobile_phone: '081200000000' } });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: ['The name field is required.'] });
  });
});

describe('POST /api/account/logout', () => {
  it('revokes the access token and its refresh token', async () => {
    const signedIn = await api.request('/oauth/token', {
      json: {
        grant_type: 'password',
        username: api.world.users.admin.email,
        password: api.world.password,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      },
    });
    const token = signedIn.body.access_token;

    const response = await api.request('/api/account/logout', { method: 'POST', token });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: expect.any(String) });
    const after = await api.request('/api/account', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Unauthenticated.' });
    const refreshed = await refreshGrant(api, signedIn.body.refresh_token);
    expect(refreshed.status).toBe(401);
  });

  it('ends only the session it is called from', async () => {
    const kept = await api.login(api.world.users.brandA.email);
    const ended = await api.login(api.world.users.brandA.email);

    await api.request('/api/account/logout', { method: 'POST', token: ended });

    expect((await api.request('/api/account', { token: ended })).status).toBe(401);
    expect((await api.request('/api/account', { token: kept })).status).toBe(200);
  });
});

describe('POST /api/account/change-password', () => {
  it('changes the password: the new one signs in and the old one no longer does', async () => {
    const email = api.world.users.brandB.email;
    const token = await api.login(email);

    const response = await api.request('/api/account/change-password', {
      token,
      json: {
        old_password: api.world.password,
        password: 'password-baru-1',
        password_confirmation: 'password-baru-1',
      },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: expect.any(String) });
    await expect(api.login(email, 'password-baru-1')).resolves.toEqual(expect.any(String));
    await expect(api.login(email)).rejects.toThrow(/422/);
  });

  it('answers a wrong old password with 422 on old_password and keeps the password', async () => {
    const email = api.world.users.vendor2.email;
    const token = await api.login(email);

    const response = await api.request('/api/account/change-password', {
      token,
      json: {
        old_password: 'not-my-password',
        password: 'password-baru-2',
        password_confirmation: 'password-baru-2',
      },
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['old_password']);
    await expect(api.login(email)).resolves.toEqual(expect.any(String));
  });

  it('answers a confirmation that does not match with 422 on password', async () => {
    const token = await api.login(api.world.users.vendor2.email);

    const response = await api.request('/api/account/change-password', {
      token,
      json: {
        old_password: api.world.password,
        password: 'password-baru-3',
        password_confirmation: 'password-lain-3',
      },
    });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ password: ['The password field confirmation does not match.'] });
  });

  it('answers a new password shorter than 8 characters with 422', async () => {
    const token = await api.login(api.world.users.vendor2.email);

    const response = await api.request('/api/account/change-password', {
      token,
      json: { old_password: api.world.password, password: 'pendek', password_confirmation: 'pendek' },
    });

    expect(response.status).toBe(422);
    expect(response.body.errors.password).toEqual(['The password field must be at least 8 characters.']);
  });
});

describe('POST /api/account/change-brand', () => {
  it('lets an administrator switch to any brand', async () => {
    const token = await api.login(api.world.users.admin.email);

    const response = await api.request('/api/account/change-brand', {
      token,
      json: { brand_id: api.world.brands.B },
    });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      current_brand_id: api.world.brands.B,
      current_brand_name: 'Brand B',
    });
    expect((await api.request('/api/account', { token })).body.data.current_brand_id).toBe(
      api.world.brands.B,
    );
  });

  it('lets a key account switch to an assigned brand', async () => {
    const token = await api.login(api.world.users.keyAccount.email);

    const response = await api.request('/api/account/change-brand', {
      token,
      json: { brand_id: api.world.brands.A },
    });

    expect(response.status).toBe(200);
    expect(response.body.data.current_brand_id).toBe(api.world.brands.A);
  });
});
