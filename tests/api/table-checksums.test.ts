import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../api/db/client';
import { banks } from '../../api/db/schema';
import { openTestDatabase } from '../support/database';
import { changedTables, tableChecksums } from '../support/table-checksums';

/** The fingerprint the refusal tests compare: it must see every kind of change, and nothing else. */

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(banks).values([{ name: 'Bank Satu' }, { name: 'Bank Dua' }]);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('table checksums', () => {
  it('are the same when nothing changed', async () => {
    expect(changedTables(await tableChecksums(database.db), await tableChecksums(database.db))).toEqual([]);
  });

  it('see a row changed in place, a row added and a row removed, each in its own table only', async () => {
    const db = database.db;
    const start = await tableChecksums(db);
    // Raw updates: the name alone changes, no updated_at with it.
    await db.execute(sql`update banks set name = 'Bank Satu Baru' where name = 'Bank Satu'`);
    const renamed = await tableChecksums(db);
    expect(changedTables(start, renamed)).toEqual(['banks']);

    await db.insert(banks).values({ name: 'Bank Tiga' });
    const added = await tableChecksums(db);
    expect(changedTables(renamed, added)).toEqual(['banks']);

    await db.delete(banks).where(eq(banks.name, 'Bank Tiga'));
    expect(changedTables(added, await tableChecksums(db))).toEqual(['banks']);
    expect(changedTables(renamed, await tableChecksums(db))).toEqual([]);
  });

  it('see a value moved from one row to another', async () => {
    const db = database.db;
    const [first, second] = await db.select().from(banks).orderBy(banks.id);
    const before = await tableChecksums(db, ['banks']);
    await db
      .update(banks)
      .set({ name: `${first.name}!` })
      .where(eq(banks.id, first.id));
    await db
      .update(banks)
      .set({ name: second.name.slice(0, -1) })
      .where(eq(banks.id, second.id));
    expect(changedTables(before, await tableChecksums(db, ['banks']))).toEqual(['banks']);
  });
});
