import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../support/database';
import { createWorld } from '../support/world';
import { hashPassword } from '../../api/domains/account/passwords';
it('smoke', async () => {
  let t = Date.now();
  const db = await openTestDatabase(); console.log('open', Date.now() - t); t = Date.now();
  await hashPassword('x'); console.log('hash', Date.now() - t); t = Date.now();
  await createWorld(db.db); console.log('world', Date.now() - t); t = Date.now();
  await db.close();
});
