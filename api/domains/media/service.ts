import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { and, count, desc, eq } from 'drizzle-orm';
import { media } from '../../db/schema';
import { runWrite } from '../../work/unit-of-work';
import type { AuthUser } from '../../access/auth-user';
import type { ApiDeps } from '../../http/context';
import { notFound, validationFailed } from '../../api-error';
import { offsetOf, pageMeta } from '../../http/pagination';
import { ROLE } from '../../access/roles';
import { reencodeImage } from './reencode';
import { serializeMedia } from './serializer';
import { sniffImage } from './sniff';

export async function storeUpload(deps: ApiDeps, user: AuthUser, file: File, ip: string) {
  if (file.size === 0) throw validationFailed({ file: ['The file field is required.'] });
  if (file.size > deps.config.MEDIA_MAX_BYTES) {
    throw validationFailed({
      file: [
        `The file field must not be greater than ${Math.floor(deps.config.MEDIA_MAX_BYTES / 1024)} kilobytes.`,
      ],
    });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImage(bytes.subarray(0, 16));
  if (!type) throw validationFailed({ file: ['The file field must be an image (jpg, png, gif, webp).'] });
  const image = await reencodeImage({ bytes, type });
  const now = deps.clock();
  const encodedName = `${randomBytes(16).toString('hex')}.${type.extension}`;
  const path = `file/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${encodedName}`;
  const target = join(deps.storageDir, path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, image.bytes);
  const originalName = (file.name || encodedName).replace(/[^\w.\- ]/g, '_').slice(0, 200);
  return runWrite(deps, { actorId: user.id, ip, at: now }, async (work) => {
    const [row] = await work.tx
      .insert(media)
      .values({
        name: originalName,
        encodedName,
        size: image.size,
        extension: type.extension,
        mimeType: type.mime,
        path,
        disk: 'public',
        createdBy: user.id,
      })
      .returning();
    work.audit({ action: 'media.store', entity: 'media', entityId: row.id, after: row });
    return serializeMedia(row, deps.config.MEDIA_URL);
  });
}

/** Administrators see every upload; everyone else their own. */
function ownership(user: AuthUser) {
  return user.roleId === ROLE.administrator ? undefined : eq(media.createdBy, user.id);
}

export async function listMedia(deps: ApiDeps, user: AuthUser, query: { page: number; per_page: number }) {
  const where = ownership(user);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(media)
      .where(where)
      .orderBy(desc(media.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    deps.db.select({ total: count() }).from(media).where(where),
  ]);
  return {
    data: rows.map((row) => serializeMedia(row, deps.config.MEDIA_URL)),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

export async function findMedia(deps: ApiDeps, user: AuthUser, id: number) {
  const [row] = await deps.db
    .select()
    .from(media)
    .where(and(eq(media.id, id), ownership(user)));
  if (!row) throw notFound();
  return serializeMedia(row, deps.config.MEDIA_URL);
}
