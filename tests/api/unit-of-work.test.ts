import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, eventOutbox, notifications, users } from '../../api/db/schema';
import { runWrite, UnauditedWriteError } from '../../api/work/unit-of-work';
import { startTestApi, type TestApi } from '../support/api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

async function counts() {
  const [[audits], [events], [notes]] = await Promise.all([
    api.db.select({ n: count() }).from(auditLogs),
    api.db.select({ n: count() }).from(eventOutbox),
    api.db.select({ n: count() }).from(notifications),
  ]);
  return { audits: audits.n, events: events.n, notifications: notes.n };
}

const notification = {
  web: { type: 'order-status', route: '/order/1', brand: { id: 1 } },
  notification: { title: 'Status', description: 'Uji', timestamp: '2026-01-01 00:00:00' },
};

describe('a unit of work', () => {
  it('writes its audit rows, notifications and their broadcasts with the data, and nudges the relay after commit', async () => {
    const before = await counts();
    const nudges = api.events.nudges;
    const user = api.world.users.brandA;

    await runWrite(api.deps, { actorId: user.id, ip: '192.0.2.9', at: api.clock.now }, async (work) => {
      await work.tx.update(users).set({ name: 'Nama Baru' }).where(eq(users.id, user.id));
      work.audit({ action: 'user.update', entity: 'user', entityId: user.id, after: { name: 'Nama Baru' } });
      work.notify({ userIds: [user.id], type: 'order-status', data: notification });
      work.publish({ channel: 'private-brand.1.order-status', event: 'OrderStatusChanged', payload: {} });
    });

    expect(await counts()).toEqual({
      audits: before.audits + 1,
      events: before.events + 2,
      notifications: before.notifications + 1,
    });
    const [audit] = await api.db.select().from(auditLogs).where(eq(auditLogs.action, 'user.update'));
    expect(audit).toMatchObject({ actorId: user.id, ip: '192.0.2.9', entityId: String(user.id) });
    expect(api.events.nudges).toBe(nudges + 1);
  });

  it('cannot commit without an audit entry: the data rolls back and nothing is published', async () => {
    const before = await counts();
    const nudges = api.events.nudges;
    const user = api.world.users.brandB;

    await expect(
      runWrite(api.deps, { actorId: user.id, at: api.clock.now }, async (work) => {
        await work.tx.update(users).set({ name: 'Tanpa Jejak' }).where(eq(users.id, user.id));
        work.publish({ channel: 'private-brand.2.order-status', event: 'OrderStatusChanged', payload: {} });
      }),
    ).rejects.toBeInstanceOf(UnauditedWriteError);

    const [row] = await api.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row.name).not.toBe('Tanpa Jejak');
    expect(await counts()).toEqual(before);
    expect(api.events.nudges).toBe(nudges);
  });

  it('rolls back its notifications and events with the data when the work throws', async () => {
    const before = await counts();
    await expect(
      runWrite(api.deps, { actorId: null, at: api.clock.now }, async (work) => {
        work.audit({ action: 'test.fail', entity: 'user' });
        work.notify({ userIds: [api.world.users.admin.id], type: 'order-status', data: notification });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await counts()).toEqual(before);
  });

  it('commits a declared no-op without an audit row and without nudging', async () => {
    const before = await counts();
    const nudges = api.events.nudges;
    expect(
      await runWrite(api.deps, { actorId: null, at: api.clock.now }, async (work) => work.unchanged()),
    ).toBe(undefined);
    expect(await counts()).toEqual(before);
    expect(api.events.nudges).toBe(nudges);
  });
});
