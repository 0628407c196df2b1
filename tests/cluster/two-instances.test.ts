import pg from 'pg';
import Pusher from 'pusher';
import PusherJs, { type PresenceChannel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, startInstance, type Instance } from './instances';

/**
 * Two instances of the app on two ports, sharing PostgreSQL and Redis, as `npm run start:cluster` runs them
 * behind its proxy: a session, a throttle and a real-time event made on one hold on the other, and an instance
 * killed in the middle of writes leaves no write half done and no event lost or delivered twice.
 */

const PASSWORD = 'demo1234';
const ADMIN = 'admin@demo.test';
const VENDOR = 'vendor@demo.test';
/** The embedded server's secret outside production (api/config.ts), to sign presence subscriptions here. */
const DEMO_PUSHER_SECRET = 'back-office-pusher-secret';
// 3900–3949: apart from database-restart.test.ts (3960–3979), which may run at the same time.
const BASE_PORT = 3900 + (process.pid % 25) * 2;

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  database = await scratchDatabase(`cluster_${process.pid}`);
  // The first seeds the empty database; the second finds it seeded. Cached token users live longer than the
  // suite, so only the fan-out over Redis can make an instance forget one.
  const cache = { AUTH_CACHE_SECONDS: '3600' };
  a = await startInstance({
    port: BASE_PORT,
    databaseUrl: database.url,
    env: { ...cache, SEED_DEMO: 'true' },
  });
  b = await startInstance({ port: BASE_PORT + 1, databaseUrl: database.url, env: cache });
}, 240_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await database?.drop();
});

type Jar = Map<string, string>;

function remember(response: Response, jar: Jar) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const [name, ...value] = pair.split('=');
    jar.set(name.trim(), value.join('='));
  }
}

const cookieOf = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** Signs in through the web form of `instance`; returns the cookie jar and the page's CSRF token. */
async function webSignIn(instance: Instance, email: string) {
  const jar: Jar = new Map();
  const page = await fetch(`${instance.url}/auth/login`);
  remember(page, jar);
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? '';
  const form = new URLSearchParams({ csrf: field('csrf'), email, password: PASSWORD, redirectTo: '' });
  for (const match of html.matchAll(/name="((?:name|from)__confirm)"/g)) form.set(match[1], field(match[1]));
  const response = await fetch(`${instance.url}/auth/login`, {
    method: 'POST',
    body: form,
    headers: { cookie: cookieOf(jar), origin: instance.url },
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  remember(response, jar);
  return { jar, csrf: field('csrf') };
}

function openOrders(instance: Instance, jar: Jar) {
  return fetch(`${instance.url}/order`, { headers: { cookie: cookieOf(jar) }, redirect: 'manual' });
}

async function apiToken(instance: Instance, email: string) {
  const response = await fetch(`${instance.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: email,
      password: PASSWORD,
      client_id: 'back-office',
      client_secret: 'back-office-secret',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function api<T>(instance: Instance, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${instance.url}${path}`, {
    ...init,
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    },
  });
  return { status: response.status, body: (await response.json()) as T };
}

type Authorize = (socketId: string, channelName: string) => Promise<{ auth: string; channel_data?: string }>;

/** A pusher-js client on `instance`'s WebSocket, its channels authorised by `authorize`. */
function pusherClient(instance: Instance, authorize: Authorize) {
  return new PusherJs('back-office-key', {
    wsHost: '127.0.0.1',
    wsPort: instance.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    cluster: 'mt1',
    disableStats: true,
    channelAuthorization: {
      endpoint: '',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        authorize(socketId, channelName).then(
          (signed) => callback(null, signed),
          (error: Error) => callback(error, null),
        );
      },
    },
  });
}

/** A pusher-js client on `instance`'s WebSocket, authorising private channels with `token` on that instance. */
async function listen(instance: Instance, token: string, channelName: string, event: string) {
  const heard: unknown[] = [];
  const client = pusherClient(instance, async (socketId, name) => {
    const { body } = await api<{ auth: string }>(instance, token, '/api/broadcasting/auth', {
      method: 'POST',
      body: JSON.stringify({ socket_id: socketId, channel_name: name }),
    });
    return body;
  });
  const channel = client.subscribe(channelName);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(JSON.stringify(error))));
  });
  channel.bind(event, (payload: unknown) => heard.push(payload));
  return { heard, close: () => client.disconnect() };
}

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
}

describe('two instances sharing PostgreSQL and Redis', () => {
  it('keep one session: signed in on one, the other knows the user; signed out on one, the cookie is dead on both', async () => {
    const { jar, csrf } = await webSignIn(a, ADMIN);
    expect((await openOrders(b, jar)).status).toBe(200);

    const logout = await fetch(`${a.url}/auth/logout`, {
      method: 'POST',
      body: new URLSearchParams({ csrf }),
      headers: { cookie: cookieOf(jar), origin: a.url },
      redirect: 'manual',
    });
    expect(logout.status).toBe(302);

    for (const instance of [a, b]) {
      const after = await openOrders(instance, jar);
      expect(after.status).toBe(302);
      expect(after.headers.get('location')).toMatch(/^\/auth\/login/);
    }
  });

  it('count failed sign-ins together: the throttle refuses on one what was tried on the other', async () => {
    const address = `203.0.113.${process.pid % 200}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const response = await fetch(`${instance.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({
          grant_type: 'password',
          username: VENDOR,
          password: 'tebakan-salah',
          client_id: 'back-office',
          client_secret: 'back-office-secret',
        }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
  });

  it('count forgot-password requests together: the fifth for an email on one leaves none on the other', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const response = await fetch(`${instance.url}/api/forgot-password`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-forwarded-for': `198.51.100.${(process.pid % 100) + attempt}`,
        },
        body: JSON.stringify({ email: `lupa-${process.pid}@demo.test` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuse on one a token revoked on the other, which had it cached', async () => {
    const token = await apiToken(a, ADMIN);
    expect((await api(b, token, '/api/account')).status).toBe(200);
    expect((await api(a, token, '/api/account/logout', { method: 'POST' })).status).toBe(200);
    // The logout answers once Redis has the news; b hears it on its own connection, which on a busy machine
    // may come a moment after this request.
    await eventually(async () => (await api(b, token, '/api/account')).status === 401);
    expect((await api(a, token, '/api/account')).status).toBe(401);
  });

  it('deliver an order status change made through one to a pusher-js client connected to the other', async () => {
    const vendorToken = await apiToken(a, VENDOR);
    const account = await api<{ data: { vendor_id: number } }>(a, vendorToken, '/api/account');
    const vendorId = account.body.data.vendor_id;
    // A new order of its own: the vendor accepts one of the offers the seed always leaves pending for it (the
    // seed's own new orders are only the last hours' and may all be ready by the time of day the test runs).
    const offers = await api<{ data: { id: number }[] }>(
      a,
      vendorToken,
      `/api/vendor/${vendorId}/invoice-offer-log?per_page=1`,
    );
    expect(offers.body.data.length).toBe(1);
    const accepted = await api<{ data: { id: number } }>(
      a,
      vendorToken,
      `/api/vendor/${vendorId}/invoice-offer-log/${offers.body.data[0].id}/status/accept`,
      { method: 'PUT', body: '{}' },
    );
    expect(accepted.status).toBe(200);
    const order = { id: accepted.body.data.id };
    const listener = await listen(
      b,
      vendorToken,
      `private-vendor.${vendorId}.order-status`,
      'OrderStatusChanged',
    );
    try {
      const moved = await api(
        a,
        vendorToken,
        `/api/vendor/${vendorId}/order/${order.id}/status/ready-to-delivery`,
        {
          method: 'PUT',
          body: '{}',
        },
      );
      expect(moved.status).toBe(200);
      await eventually(() =>
        listener.heard.some((payload) => (payload as { order: { id: number } }).order.id === order.id),
      );
    } finally {
      listener.close();
    }
  });

  it("share a presence channel's members: a member on one is present, added and removed on the other", async () => {
    const channelName = `presence-cluster-${process.pid}`;
    const signer = new Pusher({
      appId: 'back-office',
      key: 'back-office-key',
      secret: DEMO_PUSHER_SECRET,
      host: '127.0.0.1',
    });
    const member = (instance: Instance, userId: string) => {
      const client = pusherClient(instance, async (socketId, name) =>
        signer.authorizeChannel(socketId, name, { user_id: userId, user_info: { userId } }),
      );
      const channel = client.subscribe(channelName) as PresenceChannel;
      const joined = new Promise<string[]>((resolve) => {
        channel.bind(
          'pusher:subscription_succeeded',
          (members: { each(fn: (m: { id: string }) => void): void }) => {
            const ids: string[] = [];
            members.each((one) => ids.push(one.id));
            resolve(ids.sort());
          },
        );
      });
      const added: string[] = [];
      const removed: string[] = [];
      channel.bind('pusher:member_added', (one: { id: string }) => added.push(one.id));
      channel.bind('pusher:member_removed', (one: { id: string }) => removed.push(one.id));
      return { client, joined, added, removed };
    };

    const first = member(a, 'satu');
    expect(await first.joined).toEqual(['satu']);
    const second = member(b, 'dua');
    expect(await second.joined).toEqual(['dua', 'satu']);
    await eventually(() => first.added.includes('dua'));
    // The HTTP API of either instance lists both.
    const onB = new Pusher({
      appId: 'back-office',
      key: 'back-office-key',
      secret: DEMO_PUSHER_SECRET,
      host: '127.0.0.1',
      port: String(b.port),
      useTLS: false,
    });
    const users = await onB.get({ path: `/channels/${channelName}/users` });
    expect(((await users.json()) as { users: { id: string }[] }).users.map((one) => one.id).sort()).toEqual([
      'dua',
      'satu',
    ]);

    second.client.disconnect();
    await eventually(() => first.removed.includes('dua'));
    first.client.disconnect();
  });

  it('lose no write and no event when one is killed in the middle of a stream of writes', async () => {
    const adminA = await apiToken(a, ADMIN);
    const adminB = await apiToken(b, ADMIN);
    const brands = await api<{ data: { id: number }[] }>(b, adminB, '/api/select/brand');
    const brandId = brands.body.data[0].id;
    const channels = await api<{ data: { id: number }[] }>(b, adminB, `/api/brand/${brandId}/channel`);
    const channelId = channels.body.data[0].id;
    const product = await productOf(b, adminB, brandId);
    const listener = await listen(
      b,
      adminB,
      `private-brand.${brandId}.invoice-status`,
      'InvoiceStatusChanged',
    );
    const run = `KILL-${process.pid}-${Date.now().toString(36)}`;
    const sent: { external: string; answered: number | 'lost' }[] = [];
    try {
      await Promise.all(
        Array.from({ length: 40 }, async (_, index) => {
          await new Promise((resolve) => setTimeout(resolve, index * 15));
          const external = `${run}-${String(index).padStart(2, '0')}`;
          const [instance, token] = index % 2 === 0 ? [a, adminA] : [b, adminB];
          try {
            const response = await api(
              instance,
              token,
              `/api/brand/${brandId}/channel/${channelId}/invoice`,
              {
                method: 'POST',
                body: JSON.stringify(invoiceBody(external, product)),
              },
            );
            sent.push({ external, answered: response.status });
          } catch {
            sent.push({ external, answered: 'lost' });
          }
          if (index === 20) await a.kill();
        }),
      );

      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      try {
        const stored = await db.query<{ id: number; external_number: string; lines: number; audits: number }>(
          `select i.id, i.external_number,
             (select count(*) from invoice_products p where p.invoice_id = i.id)::int as lines,
             (select count(*) from audit_logs l where l.entity = 'invoice' and l.entity_id = i.id::text
               and l.action = 'invoice.store')::int as audits
           from invoices i where i.external_number like $1`,
          [`${run}-%`],
        );
        // Every answered write is whole; a write cut off by the kill is whole or absent, never half.
        for (const { external, answered } of sent) {
          const row = stored.rows.find((invoice) => invoice.external_number === external);
          if (answered === 201) expect(row, external).toBeDefined();
          if (row) expect([row.lines, row.audits], external).toEqual([1, 1]);
        }
        // The other instance answered every one of its writes, before and after the kill.
        const throughB = sent.filter((write) => Number(write.external.slice(-2)) % 2 === 1);
        expect(throughB.map((write) => write.answered)).toEqual(throughB.map(() => 201));
        expect(sent.filter((write) => write.answered === 201).length).toBeGreaterThan(throughB.length);

        // The surviving instance relays what the killed one left in the outbox.
        const ids = stored.rows.map((row) => row.id);
        await eventually(async () => {
          const pending = await db.query(
            `select count(*)::int as n from event_outbox where published_at is null
               and channel = $1 and (payload->'invoice'->>'id')::int = any($2)`,
            [`private-brand.${brandId}.invoice-status`, ids],
          );
          return pending.rows[0].n === 0;
        }, 30_000);
        await eventually(() => heardIds(listener.heard, ids).length >= ids.length, 15_000);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const heard = heardIds(listener.heard, ids);
        expect(heard.length).toBe(ids.length);
        expect(new Set(heard).size).toBe(heard.length);
      } finally {
        await db.end();
      }
    } finally {
      listener.close();
    }
  }, 120_000);
});

function heardIds(heard: unknown[], ids: number[]) {
  return heard
    .map((payload) => (payload as { invoice: { id: number } }).invoice.id)
    .filter((id) => ids.includes(id));
}

async function productOf(instance: Instance, token: string, brandId: number) {
  const list = await api<{ data: { id: number }[] }>(
    instance,
    token,
    `/api/brand/${brandId}/order?per_page=1`,
  );
  const order = await api<{ data: { order_products: { invoice_product: { sku: string; name: string } }[] } }>(
    instance,
    token,
    `/api/brand/${brandId}/order/${list.body.data[0].id}`,
  );
  return order.body.data.order_products[0].invoice_product;
}

function invoiceBody(external: string, product: { sku: string; name: string }) {
  return {
    external_number: external,
    date: '2026-11-21 09:30:00',
    customer_name: 'Siti Rahayu',
    customer_phone: '081234567890',
    recipient_name: 'Siti Rahayu',
    recipient_address_full: 'Jl. Kemang Raya No. 5, Jakarta',
    recipient_city: 'Jakarta',
    payment_method: 'Transfer Bank',
    shipping_cost: 9000,
    insurance_cost: 0,
    voucher_amount: 0,
    cashback_amount: 0,
    products: [{ sku: product.sku, name: product.name, quantity: 1, price: 150000, weight: 200 }],
  };
}
