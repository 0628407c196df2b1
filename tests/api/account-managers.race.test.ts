import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../api/db/schema';
import { hashPassword } from '../../api/access/passwords';
import { startTestApi, type TestApi } from '../support/api';

/**
 * Two administrators removing each other at the same instant (deleting, or making a key account of, the other):
 * both transactions are held at the managers' check until both have reached it, so without the lock the check
 * takes they would each count the other as remaining and the platform would lose its last administrators.
 * Runs in the PostgreSQL suite only (vitest.config.ts): PGlite has one connection, so two transactions never
 * overlap there and the race cannot happen.
 */

let api: TestApi;
let sequence = 0;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

/** Holds every write reaching the managers' check until `parties` of them have. */
function holdUntil(parties: number) {
  let waiting: (() => void)[] = [];
  return async (point: string) => {
    if (point !== 'account-managers') return;
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length === parties) {
        for (const release of waiting) release();
        waiting = [];
      }
    });
  };
}

/** Two administrators, alone on the platform (every other one is made a key account first), each signed in. */
async function twoAdministratorsAlone() {
  await api.db
    .update(users)
    .set({ roleId: api.world.roles.keyAccount })
    .where(eq(users.roleId, api.world.roles.administrator));
  const passwordHash = await hashPassword('rahasia-123');
  const made = await api.db
    .insert(users)
    .values(
      [1, 2].map(() => {
        const email = `admin.race.${process.pid}.${++sequence}@world.test`;
        return { name: `Admin ${sequence}`, email, passwordHash, roleId: api.world.roles.administrator };
      }),
    )
    .returning();
  const tokens = await Promise.all(made.map((row) => api.login(row.email, 'rahasia-123')));
  return made.map((row, index) => ({ ...row, token: tokens[index] }));
}

async function activeAdministrators() {
  return api.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.roleId, api.world.roles.administrator), isNull(users.deletedAt), eq(users.isActive, true)),
    );
}

describe('the last administrator, under two removals at once (PostgreSQL)', () => {
  it('two administrators deleting each other at once: one goes, the other stays', async () => {
    const [first, second] = await twoAdministratorsAlone();
    api.deps.checkpoint = holdUntil(2);
    try {
      const answers = await Promise.all([
        api.request(`/api/user/${second.id}`, { method: 'DELETE', token: first.token }),
        api.request(`/api/user/${first.id}`, { method: 'DELETE', token: second.token }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    } finally {
      api.deps.checkpoint = undefined;
    }
    expect(await activeAdministrators()).toHaveLength(1);
  });

  it('two administrators making each other a key account at once: one is demoted, the other stays', async () => {
    const [first, second] = await twoAdministratorsAlone();
    const demote = (target: typeof first, token: string) =>
      api.request(`/api/user/${target.id}`, {
        method: 'PUT',
        token,
        json: {
          name: target.name,
          email: target.email,
          role_id: api.world.roles.keyAccount,
          role_name: 'Key Account',
        },
      });
    api.deps.checkpoint = holdUntil(2);
    try {
      const answers = await Promise.all([demote(second, first.token), demote(first, second.token)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    } finally {
      api.deps.checkpoint = undefined;
    }
    expect(await activeAdministrators()).toHaveLength(1);
  });
});
