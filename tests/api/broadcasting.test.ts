import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api';
import type { WorldUserKey } from '../support/world';

const SOCKET_ID = '123456.7890123';

let api: TestApi;
const tokens = {} as Record<WorldUserKey, string>;

beforeAll(async () => {
  api = await startTestApi();
  for (const key of [
    'admin',
    'keyAccount',
    'brandA',
    'brandB',
    'vendor1',
    'vendor2',
    'vendor1Special',
  ] as const) {
    tokens[key] = await api.login(api.world.users[key].email);
  }
});

afterAll(async () => {
  await api?.close();
});

/** As pusher-js sends it: a form-encoded body. */
function authorize(user: WorldUserKey, channel: string, socketId = SOCKET_ID) {
  return api.request('/api/broadcasting/auth', {
    token: tokens[user],
    form: { socket_id: socketId, channel_name: channel },
  });
}

function expectedSignature(socketId: string, channel: string) {
  const hmac = createHmac('sha256', api.config.PUSHER_SECRET).update(`${socketId}:${channel}`).digest('hex');
  return `${api.config.PUSHER_KEY}:${hmac}`;
}

describe('POST /api/broadcasting/auth signs the private channels a user may hear', () => {
  it("signs the user's own notification channel with the app key and an HMAC-SHA256 of socket_id:channel", async () => {
    const channel = `private-App.Models.User.${api.world.users.brandA.id}`;

    const response = await authorize('brandA', channel);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ auth: expectedSignature(SOCKET_ID, channel) });
  });

  it('accepts a JSON body as well', async () => {
    const channel = `private-App.Models.User.${api.world.users.vendor1.id}`;

    const response = await api.request('/api/broadcasting/auth', {
      token: tokens.vendor1,
      json: { socket_id: '1.2', channel_name: channel },
    });

    expect(response.status).toBe(200);
    expect(response.body.auth).toBe(expectedSignature('1.2', channel));
  });

  it("refuses another user's notification channel with 403", async () => {
    const response = await authorize('brandA', `private-App.Models.User.${api.world.users.brandB.id}`);

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'This action is unauthorized.' });
  });

  it.each(['order-status', 'invoice-status'])(
    'signs private-brand.{A}.%s for the users of brand A',
    async (event) => {
      const channel = `private-brand.${api.world.brands.A}.${event}`;

      for (const user of ['brandA', 'keyAccount', 'admin'] as const) {
        const response = await authorize(user, channel);
        expect(response.status, user).toBe(200);
        expect(response.body.auth).toBe(expectedSignature(SOCKET_ID, channel));
      }
    },
  );

  it.each(['order-status', 'invoice-status'])(
    'refuses private-brand.{A}.%s to users outside brand A',
    async (event) => {
      const channel = `private-brand.${api.world.brands.A}.${event}`;

      for (const user of ['brandB', 'vendor1', 'vendor1Special'] as const) {
        const response = await authorize(user, channel);
        expect(response.status, user).toBe(403);
      }
    },
  );

  it('refuses a key account the channels of a brand it is not assigned to', async () => {
    const response = await authorize('keyAccount', `private-brand.${api.world.brands.B}.order-status`);

    expect(response.status).toBe(403);
  });

  it("signs private-vendor.{V1}.order-status for V1's users and administrators", async () => {
    const channel = `private-vendor.${api.world.vendors.V1}.order-status`;

    for (const user of ['vendor1', 'vendor1Special', 'admin'] as const) {
      const response = await authorize(user, channel);
      expect(response.status, user).toBe(200);
      expect(response.body.auth).toBe(expectedSignature(SOCKET_ID, channel));
    }
  });

  it("refuses another vendor's channel to a vendor user", async () => {
    expect((await authorize('vendor2', `private-vendor.${api.world.vendors.V1}.order-status`)).status).toBe(
      403,
    );
    expect((await authorize('vendor1', `private-vendor.${api.world.vendors.V3}.order-status`)).status).toBe(
      403,
    );
  });

  it('keeps brand-side users on their brand channels: a vendor channel also carries the orders of other brands', async () => {
    // V3 serves brands A and B: its channel would tell a brand A user about brand B's orders.
    for (const user of ['brandA', 'keyAccount', 'brandB'] as const) {
      expect(
        (await authorize(user, `private-vendor.${api.world.vendors.V3}.order-status`)).status,
        user,
      ).toBe(403);
    }
  });

  it.each([
    'public-channel',
    'presence-brand.1.order-status',
    'private-brand.1.secret-status',
    'private-App.Models.User.1.extra',
    'private-vendor.abc.order-status',
  ])('refuses the channel %s, which is none of the product', async (channel) => {
    expect((await authorize('admin', channel)).status).toBe(403);
  });

  it.each(['', 'abc', '123', '1.2.3', '1.2;rm', '12345.678 '])(
    'answers the malformed socket_id "%s" with 422',
    async (socketId) => {
      const response = await authorize(
        'admin',
        `private-App.Models.User.${api.world.users.admin.id}`,
        socketId,
      );

      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(['socket_id']);
    },
  );

  it('answers 422 when the channel name is missing', async () => {
    const response = await api.request('/api/broadcasting/auth', {
      token: tokens.admin,
      form: { socket_id: SOCKET_ID },
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['channel_name']);
  });

  it('answers 401 without a token', async () => {
    const response = await api.request('/api/broadcasting/auth', {
      form: { socket_id: SOCKET_ID, channel_name: 'private-App.Models.User.1' },
    });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Unauthenticated.' });
  });
});
