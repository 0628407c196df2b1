import { eq, inArray } from 'drizzle-orm';
import { ANY, BUILT_IN_GRANTS, KIND, PERMISSIONS } from '../../contract/access';
import type { Executor } from '../db/client';
import { gateSettingPermissions, gateSettings, permissions } from '../db/schema';

/**
 * Every permission name of the contract (contract/access.ts) is in the database: run after the migrations, so a
 * name added to the contract arrives with the next start. A name new to this database is granted to the built-in
 * roles that hold it in BUILT_IN_GRANTS, once: a grant an administrator takes away later stays taken away.
 */
export async function syncPermissions(db: Executor) {
  const added = await db
    .insert(permissions)
    .values([...PERMISSIONS, ANY].map((name) => ({ name })))
    .onConflictDoNothing({ target: permissions.name })
    .returning({ id: permissions.id, name: permissions.name });
  if (!added.length) return;
  const idOf = new Map(added.map((row) => [row.name, row.id]));
  const settings = await db
    .select({ id: gateSettings.id, roleId: gateSettings.roleId })
    .from(gateSettings)
    .where(inArray(gateSettings.roleId, Object.values(KIND)));
  const grants = settings.flatMap((setting) =>
    BUILT_IN_GRANTS[setting.roleId as keyof typeof BUILT_IN_GRANTS]
      .filter((name) => idOf.has(name))
      .map((name) => ({ gateSettingId: setting.id, permissionId: idOf.get(name) as number })),
  );
  if (grants.length) await db.insert(gateSettingPermissions).values(grants).onConflictDoNothing();
}

/** The ids of the named permissions, by name. */
export async function permissionIdsByName(db: Executor) {
  const rows = await db.select({ id: permissions.id, name: permissions.name }).from(permissions);
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Gives each built-in role its gate setting holding BUILT_IN_GRANTS (a fresh database: the seed, a test world). */
export async function grantBuiltInRoles(db: Executor, now?: Date) {
  await syncPermissions(db);
  const ids = await permissionIdsByName(db);
  for (const kind of Object.values(KIND)) {
    const [existing] = await db
      .select({ id: gateSettings.id })
      .from(gateSettings)
      .where(eq(gateSettings.roleId, kind));
    const gateSettingId =
      existing?.id ??
      (
        await db
          .insert(gateSettings)
          .values({ roleId: kind, ...(now ? { createdAt: now, updatedAt: now } : {}) })
          .returning({ id: gateSettings.id })
      )[0].id;
    await db
      .insert(gateSettingPermissions)
      .values(BUILT_IN_GRANTS[kind].map((name) => ({ gateSettingId, permissionId: ids.get(name) as number })))
      .onConflictDoNothing();
  }
}
