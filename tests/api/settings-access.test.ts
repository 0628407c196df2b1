import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, gateSettings, roles, users } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';

/**
 * Users, roles and gate settings: the spec's role_name rules, the escalation rules (nobody grants what they do
 * not hold or raises their own role), the deletion rules, and permissions counting on the next request.
 */

let api: TestApi;
const tokens: Record<string, string> = {};
let permissionIds: Map<string, number>;

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
  const listed = await api.request('/api/permission', { token: tokens.admin });
  permissionIds = new Map(listed.body.data.map((row: { id: number; name: string }) => [row.name, row.id]));
});

afterAll(async () => {
  await api?.close();
});

function ids(...names: string[]) {
  return names.map((name) => {
    const id = permissionIds.get(name);
    if (!id) throw new Error(`no permission ${name}`);
    return id;
  });
}

/** The ids of a gate setting's permissions but one. */
function idsHeldBut(held: { id: number; name: string }[], left: string) {
  return held.filter((row) => row.name !== left).map((row) => row.id);
}

const vendorPath = () => `/api/vendor/${api.world.vendors.V1}`;

/** A role of vendor V1 holding `names`, made by the administrator. */
async function vendorRole(name: string, names: string[]) {
  const role = await api.request(`${vendorPath()}/role`, { token: tokens.admin, json: { name } });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const gate = await api.request(`${vendorPath()}/gate-setting`, {
    token: tokens.admin,
    json: { role_id: role.body.data.id, permission_ids: ids(...names) },
  });
  expect(gate.status, JSON.stringify(gate.body)).toBe(201);
  return { roleId: role.body.data.id as number, gateSettingId: gate.body.data.id as number };
}

let sequence = 0;
function email(prefix: string) {
  return `${prefix}.${++sequence}@world.test`;
}

async function createVendorUser(token: string, roleId: number, extra: Record<string, unknown> = {}) {
  return api.request('/api/user', {
    token,
    json: {
      name: 'Gudang Satu',
      email: email('gudang'),
      mobile_phone: '081234567890',
      password: 'rahasia-123',
      role_id: roleId,
      role_name: 'Vendor',
      vendor_id: api.world.vendors.V1,
      ...extra,
    },
  });
}

describe('users', () => {
  it('creates a vendor user with the vendor and the chosen role, who signs in holding that role’s permissions', async () => {
    const { roleId } = await vendorRole('Gudang', ['vendor.user.index', 'vendor.role.index']);
    const created = await createVendorUser(tokens.admin, roleId);

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      role_name: 'Vendor',
      kind_id: api.world.roles.vendor,
      vendor_id: api.world.vendors.V1,
      role_id: roleId,
      roles: [{ id: roleId, name: 'Gudang' }],
      permissions: ['vendor.role.index', 'vendor.user.index'],
    });
    const token = await api.login(created.body.data.email, 'rahasia-123');
    const account = await api.request('/api/account', { token });
    expect(account.body.data).toMatchObject({ role_id: 2, vendor_id: api.world.vendors.V1 });
    expect(account.body.data.permissions).toEqual(['vendor.role.index', 'vendor.user.index']);
  });

  it('adds Key Account when an administrator saves a user whose role is not the Administrator role', async () => {
    const role = await api.request('/api/role', { token: tokens.admin, json: { name: 'Pengelola Brand' } });
    await api.request('/api/gate-setting', {
      token: tokens.admin,
      json: { role_id: role.body.data.id, permission_ids: ids('brand.index', 'user.index') },
    });
    const created = await api.request('/api/user', {
      token: tokens.admin,
      json: {
        name: 'KA Baru',
        email: email('ka'),
        password: 'rahasia-123',
        role_id: role.body.data.id,
        role_name: 'Key Account',
        brand_ids: [api.world.brands.A],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      role_name: 'Key Account',
      role_id: role.body.data.id,
      brand_ids: [api.world.brands.A],
      permissions: ['brand.index', 'user.index'],
    });

    const admin = await api.request('/api/user', {
      token: tokens.admin,
      json: { name: 'Admin Baru', email: email('admin'), password: 'rahasia-123', role_id: 1 },
    });
    expect(admin.status).toBe(201);
    expect(admin.body.data).toMatchObject({ role_name: 'Administrator', roles: [{ id: 1 }] });
  });

  it('asks for the spec’s fields: a valid Indonesian phone for brand and vendor users, a password of 8 or more', async () => {
    const response = await api.request('/api/user', {
      token: tokens.admin,
      json: {
        name: '',
        email: 'bukan-email',
        mobile_phone: '12345',
        password: 'pendek',
        role_id: api.world.roles.brand,
        role_name: 'Brand',
        brand_id: api.world.brands.A,
      },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['email', 'mobile_phone', 'name', 'password']);
    expect(response.body.errors.mobile_phone[0]).toContain('Indonesian phone');
    expect(response.body.errors.password[0]).toBe('The password field must be at least 8 characters.');

    const noPhone = await api.request('/api/user', {
      token: tokens.admin,
      json: {
        name: 'Tanpa Telepon',
        email: email('brand'),
        password: 'rahasia-123',
        role_id: api.world.roles.brand,
        role_name: 'Brand',
        brand_id: api.world.brands.A,
      },
    });
    expect(noPhone.status).toBe(422);
    expect(noPhone.body.errors.mobile_phone).toEqual(['The phone number field is required.']);
  });

  it('keeps the password when an edit leaves it empty, and changes it when one is given', async () => {
    const { roleId } = await vendorRole('Kasir', ['vendor.user.index']);
    const created = await createVendorUser(tokens.admin, roleId);
    const id = created.body.data.id;
    const base = { name: 'Gudang Dua', email: created.body.data.email, mobile_phone: '081298765432' };

    const kept = await api.request(`/api/user/${id}`, {
      method: 'PUT',
      token: tokens.admin,
      json: { ...base, password: '' },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    await api.login(created.body.data.email, 'rahasia-123');

    const short = await api.request(`/api/user/${id}`, {
      method: 'PUT',
      token: tokens.admin,
      json: { ...base, password: 'pendek' },
    });
    expect(short.status).toBe(422);
    const changed = await api.request(`/api/user/${id}`, {
      method: 'PUT',
      token: tokens.admin,
      json: { ...base, password: 'sandi-baru-123' },
    });
    expect(changed.status).toBe(200);
    await api.login(created.body.data.email, 'sandi-baru-123');
  });

  it('refuses to delete a special account, and leaves it', async () => {
    const special = api.world.users.vendor1Special;
    const response = await api.request(`/api/user/${special.id}`, { method: 'DELETE', token: tokens.admin });

    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Akun spesial tidak dapat dihapus.');
    const [row] = await api.db.select().from(users).where(eq(users.id, special.id));
    expect(row.deletedAt).toBeNull();
  });

  it('deletes an account, whose token stops working on the next request', async () => {
    const { roleId } = await vendorRole('Sementara', ['vendor.user.index']);
    const created = await createVendorUser(tokens.admin, roleId);
    const token = await api.login(created.body.data.email, 'rahasia-123');
    expect((await api.request('/api/account', { token })).status).toBe(200);

    const deleted = await api.request(`/api/user/${created.body.data.id}`, {
      method: 'DELETE',
      token: tokens.admin,
    });

    expect(deleted.status).toBe(200);
    expect((await api.request('/api/account', { token })).status).toBe(401);
    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'user.destroy'), eq(auditLogs.entityId, String(created.body.data.id))));
    expect(audit).toMatchObject({ actorId: api.world.users.admin.id, vendorId: api.world.vendors.V1 });
  });
});

describe('escalation', () => {
  it('refuses a gate setting granting a permission the actor does not hold, and writes nothing', async () => {
    const { roleId: keeperRole } = await vendorRole('Penjaga Peran', [
      'vendor.role.index',
      'vendor.role.store',
      'vendor.gate-setting.index',
      'vendor.gate-setting.store',
    ]);
    const keeper = await createVendorUser(tokens.admin, keeperRole);
    expect(keeper.status, JSON.stringify(keeper.body)).toBe(201);
    const token = await api.login(keeper.body.data.email, 'rahasia-123');
    const role = await api.request(`${vendorPath()}/role`, { token, json: { name: 'Coba Naik' } });
    expect(role.status, JSON.stringify(role.body)).toBe(201);

    const response = await api.request(`${vendorPath()}/gate-setting`, {
      token,
      json: { role_id: role.body.data.id, permission_ids: ids('vendor.role.index', 'vendor.user.index') },
    });

    expect(response.status).toBe(422);
    expect(response.body.errors.permission_ids[0]).toContain('vendor.user.index');
    const rows = await api.db.select().from(gateSettings).where(eq(gateSettings.roleId, role.body.data.id));
    expect(rows).toEqual([]);
  });

  it("leaves the built-in roles' permissions to administrators: a key account trims or removes none", async () => {
    const [brandGate] = await api.db.select().from(gateSettings).where(eq(gateSettings.roleId, 3));
    const held = await api.request(`/api/gate-setting/${brandGate.id}`, { token: tokens.admin });
    const names = held.body.data.permissions.map((row: { name: string }) => row.name as string);
    expect(names).toContain('order.index');

    const trimmed = await api.request(`/api/gate-setting/${brandGate.id}`, {
      method: 'PUT',
      token: tokens.keyAccount,
      json: { permission_ids: idsHeldBut(held.body.data.permissions, 'order.index') },
    });
    const removed = await api.request(`/api/gate-setting/${brandGate.id}`, {
      method: 'DELETE',
      token: tokens.keyAccount,
    });

    expect([trimmed.status, removed.status]).toEqual([403, 403]);
    const after = await api.request(`/api/gate-setting/${brandGate.id}`, { token: tokens.admin });
    expect(after.body.data.permissions.map((row: { name: string }) => row.name)).toEqual(names);
  });

  it("never trims or removes the administrators' own permissions, which nobody could give back", async () => {
    const [adminGate] = await api.db.select().from(gateSettings).where(eq(gateSettings.roleId, 1));
    const held = await api.request(`/api/gate-setting/${adminGate.id}`, { token: tokens.admin });
    const names = held.body.data.permissions.map((row: { name: string }) => row.name as string);

    const trimmed = await api.request(`/api/gate-setting/${adminGate.id}`, {
      method: 'PUT',
      token: tokens.admin,
      json: { permission_ids: idsHeldBut(held.body.data.permissions, 'gate-setting.update') },
    });
    const removed = await api.request(`/api/gate-setting/${adminGate.id}`, {
      method: 'DELETE',
      token: tokens.admin,
    });

    expect([trimmed.status, removed.status]).toEqual([422, 422]);
    expect(trimmed.body.errors.permission_ids).toEqual([
      'The Administrator role keeps every permission it holds.',
    ]);
    const after = await api.request(`/api/gate-setting/${adminGate.id}`, { token: tokens.admin });
    expect(after.body.data.permissions.map((row: { name: string }) => row.name)).toEqual(names);
  });

  it('refuses a key account creating an administrator', async () => {
    const address = email('naik');
    const response = await api.request('/api/user', {
      token: tokens.keyAccount,
      json: { name: 'Admin Palsu', email: address, password: 'rahasia-123', role_id: 1 },
    });

    expect(response.status).toBe(403);
    expect(await api.db.select().from(users).where(eq(users.email, address))).toEqual([]);
  });

  it('refuses a user editing their own role, and leaves it', async () => {
    const { roleId: small } = await vendorRole('Kecil', ['vendor.user.index', 'vendor.user.update']);
    const { roleId: big } = await vendorRole('Besar', [
      'vendor.user.index',
      'vendor.user.update',
      'vendor.role.index',
    ]);
    const created = await createVendorUser(tokens.admin, small);
    const token = await api.login(created.body.data.email, 'rahasia-123');

    const response = await api.request(`/api/user/${created.body.data.id}`, {
      method: 'PUT',
      token,
      json: { name: 'Gudang', email: created.body.data.email, mobile_phone: '081234567890', role_id: big },
    });

    expect(response.status).toBe(422);
    const [row] = await api.db.select().from(users).where(eq(users.id, created.body.data.id));
    expect(row.assignedRoleId).toBe(small);
  });

  it('refuses a vendor user assigning a role stronger than their own', async () => {
    const { roleId: manager } = await vendorRole('Manajer', ['vendor.user.index', 'vendor.user.store']);
    const { roleId: owner } = await vendorRole('Pemilik', [
      'vendor.user.index',
      'vendor.user.store',
      'vendor.role.index',
    ]);
    const creator = await createVendorUser(tokens.admin, manager);
    const token = await api.login(creator.body.data.email, 'rahasia-123');

    const refused = await createVendorUser(token, owner);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.role_id[0]).toContain('vendor.role.index');

    const allowed = await createVendorUser(token, manager);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
  });

  it('takes a removed permission away on the very next request', async () => {
    const { roleId, gateSettingId } = await vendorRole('Lihat Peran', [
      'vendor.user.index',
      'vendor.role.index',
    ]);
    const created = await createVendorUser(tokens.admin, roleId);
    const token = await api.login(created.body.data.email, 'rahasia-123');
    expect((await api.request(`${vendorPath()}/role`, { token })).status).toBe(200);

    const updated = await api.request(`/api/vendor/${api.world.vendors.V1}/gate-setting/${gateSettingId}`, {
      method: 'PUT',
      token: tokens.admin,
      json: { permission_ids: ids('vendor.user.index') },
    });
    expect(updated.status).toBe(200);

    expect((await api.request(`${vendorPath()}/role`, { token })).status).toBe(403);
  });
});

describe('roles', () => {
  it('refuses to delete a role in use, or a base role, and deletes one nobody uses', async () => {
    const { roleId } = await vendorRole('Dipakai', ['vendor.user.index']);
    await createVendorUser(tokens.admin, roleId);
    const used = await api.request(`${vendorPath()}/role/${roleId}`, {
      method: 'DELETE',
      token: tokens.admin,
    });
    expect(used.status).toBe(422);
    expect(used.body.message).toBe('Peran masih digunakan oleh 1 pengguna.');

    const base = await api.request('/api/role/1', { method: 'DELETE', token: tokens.admin });
    expect(base.status).toBe(422);

    const { roleId: unused } = await vendorRole('Kosong', ['vendor.user.index']);
    const deleted = await api.request(`${vendorPath()}/role/${unused}`, {
      method: 'DELETE',
      token: tokens.admin,
    });
    expect(deleted.status).toBe(200);
    expect(await api.db.select().from(roles).where(eq(roles.id, unused))).toEqual([]);
  });

  it('keeps role names unique where they live', async () => {
    await api.request(`${vendorPath()}/role`, { token: tokens.admin, json: { name: 'Unik' } });
    const again = await api.request(`${vendorPath()}/role`, { token: tokens.admin, json: { name: 'unik' } });
    expect(again.status).toBe(422);
    expect(again.body.errors.name).toEqual(['The name has already been taken.']);
    const elsewhere = await api.request(`/api/vendor/${api.world.vendors.V2}/role`, {
      token: tokens.admin,
      json: { name: 'Unik' },
    });
    expect(elsewhere.status).toBe(201);
  });
});

describe("a brand's last administrator", () => {
  it('stays while no other account of the brand can manage its users, and goes once one can', async () => {
    const brandPath = `/api/brand/${api.world.brands.B}`;
    const role = await api.request(`${brandPath}/role`, {
      token: tokens.admin,
      json: { name: 'Admin Brand' },
    });
    await api.request(`${brandPath}/gate-setting`, {
      token: tokens.admin,
      json: { role_id: role.body.data.id, permission_ids: ids('vendor.user.index', 'vendor.user.update') },
    });
    const brandB = api.world.users.brandB;
    const assigned = await api.request(`/api/user/${brandB.id}`, {
      method: 'PUT',
      token: tokens.admin,
      json: {
        name: brandB.name,
        email: brandB.email,
        mobile_phone: '081200000003',
        role_id: role.body.data.id,
      },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

    const refused = await api.request(`/api/user/${brandB.id}`, { method: 'DELETE', token: tokens.admin });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Administrator terakhir brand ini tidak dapat dihapus.');
    const [kept] = await api.db.select().from(users).where(eq(users.id, brandB.id));
    expect(kept.deletedAt).toBeNull();

    const second = await api.request('/api/user', {
      token: tokens.admin,
      json: {
        name: 'Admin Brand Dua',
        email: email('brandb'),
        mobile_phone: '081234567899',
        password: 'rahasia-123',
        role_id: role.body.data.id,
        role_name: 'Brand',
        brand_id: api.world.brands.B,
      },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const deleted = await api.request(`/api/user/${brandB.id}`, { method: 'DELETE', token: tokens.admin });
    expect(deleted.status).toBe(200);
  });
});
