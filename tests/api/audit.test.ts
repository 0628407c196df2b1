import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs } from '../../api/db/schema';
import { CLIENT, startTestApi, type TestApi } from '../support/api';
import { TINY_PNG, uploadForm } from '../support/files';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp';

let smtp: SmtpReceiver;
let api: TestApi;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  api = await startTestApi({ http: true, smtpUrl: smtp.url });
});

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.messages.length = 0;
});

/** The newest audit row of `action` by `actorId`. */
async function lastAudit(action: string, actorId: number | null) {
  const [row] = await api.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), actorId === null ? undefined : eq(auditLogs.actorId, actorId)))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  if (!row) throw new Error(`no audit row for ${action} by ${actorId}`);
  return row;
}

describe('the audit log', () => {
  it('records a sign-in with the actor, the user entity and the client address', async () => {
    const user = api.world.users.admin;

    await api.login(user.email, undefined, { 'x-forwarded-for': '192.0.2.7' });

    const row = await lastAudit('auth.login', user.id);
    expect(row).toMatchObject({
      actorId: user.id,
      entity: 'user',
      entityId: String(user.id),
      ip: '192.0.2.7',
    });
  });

  it('records a failed sign-in with the email tried, never the password', async () => {
    const user = api.world.users.brandA;

    const response = await api.request('/oauth/token', {
      json: {
        grant_type: 'password',
        username: user.email,
        password: 'tebakan-salah-123',
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      },
    });
    expect(response.status).toBe(422);

    const row = await lastAudit('auth.login_failed', user.id);
    expect(row).toMatchObject({ entity: 'user', entityId: String(user.id) });
    expect(row.changes).toEqual({ email: { before: null, after: user.email } });
    expect(JSON.stringify(row)).not.toContain('tebakan-salah-123');
  });

  it('records a failed sign-in for an unknown email without an actor', async () => {
    await api.request('/oauth/token', {
      json: {
        grant_type: 'password',
        username: 'intruder@world.test',
        password: 'whatever-123',
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      },
    });

    const [row] = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'auth.login_failed'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(row).toMatchObject({ actorId: null, entity: 'user', entityId: null });
    expect(row.changes).toEqual({ email: { before: null, after: 'intruder@world.test' } });
  });

  it('records a logout', async () => {
    const user = api.world.users.brandB;
    const token = await api.login(user.email);

    await api.request('/api/account/logout', { method: 'POST', token });

    expect(await lastAudit('auth.logout', user.id)).toMatchObject({
      entity: 'user',
      entityId: String(user.id),
    });
  });

  it('records a profile update with before and after of the changed fields only', async () => {
    const user = api.world.users.vendor1;
    const token = await api.login(user.email);
    const { body } = await api.request('/api/account', { token });

    await api.request('/api/account', {
      token,
      json: { name: 'Nama Baru Vendor', mobile_phone: body.data.mobile_phone },
    });

    const row = await lastAudit('account.update', user.id);
    expect(row).toMatchObject({ entity: 'user', entityId: String(user.id) });
    expect(row.changes).toEqual({ name: { before: user.name, after: 'Nama Baru Vendor' } });
  });

  it('records a password change as changed but hidden', async () => {
    const user = api.world.users.vendor2;
    const token = await api.login(user.email);

    const response = await api.request('/api/account/change-password', {
      token,
      json: {
        old_password: api.world.password,
        password: 'password-audit-1',
        password_confirmation: 'password-audit-1',
      },
    });
    expect(response.status).toBe(200);

    const row = await lastAudit('account.change_password', user.id);
    expect(row).toMatchObject({ entity: 'user', entityId: String(user.id) });
    expect(row.changes).toEqual({ passwordHash: { before: '[hidden]', after: '[hidden]' } });
  });

  it('records a brand switch with the brand before and after', async () => {
    const user = api.world.users.admin;
    const token = await api.login(user.email);

    await api.request('/api/account/change-brand', { token, json: { brand_id: api.world.brands.B } });

    const row = await lastAudit('account.change_brand', user.id);
    expect(row).toMatchObject({ entity: 'user', entityId: String(user.id) });
    expect(row.changes).toEqual({
      currentBrandId: { before: api.world.brands.A, after: api.world.brands.B },
    });
  });

  it('records a reset request and the reset itself, the password hidden', async () => {
    const user = api.world.users.keyAccount;
    await api.request('/api/forgot-password', { json: { email: user.email } });
    const mail = await smtp.waitForMessage(user.email);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '');

    const response = await api.request('/api/reset-password', {
      json: {
        token: link.searchParams.get('token'),
        email: user.email,
        password: 'password-audit-2',
        password_confirmation: 'password-audit-2',
      },
    });
    expect(response.status).toBe(200);

    expect(await lastAudit('auth.password_reset_requested', user.id)).toMatchObject({
      entity: 'password_reset',
    });
    const row = await lastAudit('auth.password_reset', user.id);
    expect(row).toMatchObject({ entity: 'user', entityId: String(user.id) });
    expect(row.changes).toEqual({ passwordHash: { before: '[hidden]', after: '[hidden]' } });
  });

  it('records a media upload with the new record', async () => {
    const user = api.world.users.brandA;
    const token = await api.login(user.email);

    const upload = await api.request('/api/media', { token, form: uploadForm(TINY_PNG, 'audit.png') });
    expect(upload.status).toBe(201);

    const row = await lastAudit('media.store', user.id);
    expect(row).toMatchObject({ entity: 'media', entityId: String(upload.body.data.id) });
    expect(row.changes).toMatchObject({
      path: { before: null, after: upload.body.data.path },
      createdBy: { before: null, after: user.id },
    });
  });

  it('never stores a password hash or a token in clear', async () => {
    const rows = await api.db.select().from(auditLogs);

    expect(rows.length).toBeGreaterThan(5);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain(api.world.password);
  });
});
