import { describe, expect, it } from 'vitest';
import { AuthCache } from '../../api/http/auth-cache';
import type { AuthUser } from '../../api/access/auth-user';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

type CachedUser = AuthUser & { expiresAt: Date };

function userUntil(expiresAt: Date): CachedUser {
  return {
    id: 7,
    name: 'Vendor',
    email: 'vendor@example.test',
    roleId: 2,
    brandId: null,
    vendorId: 3,
    currentBrandId: null,
    isSpecialAccount: false,
    permissions: ['order.view'],
    brandIds: [],
    reach: [1],
    tokenId: 'token-1',
    expiresAt,
  };
}

describe('AuthCache', () => {
  it('answers within the TTL and forgets the entry once the TTL has passed', () => {
    const cache = new AuthCache<CachedUser>(5_000);
    cache.set('hash', userUntil(at(60_000)), at(0), cache.mark());

    expect(cache.get('hash', at(4_999))?.id).toBe(7);
    expect(cache.get('hash', at(5_000))).toBeUndefined();
  });

  it('never answers for a token past its own expiry, even within the TTL', () => {
    const cache = new AuthCache<CachedUser>(5_000);
    cache.set('hash', userUntil(at(1_000)), at(0), cache.mark());

    expect(cache.get('hash', at(1_000))).toBeUndefined();
  });

  it('drops everything on invalidate and refuses a lookup that started before it', async () => {
    const cache = new AuthCache<CachedUser>(5_000);
    cache.set('kept', userUntil(at(60_000)), at(0), cache.mark());
    const startedBefore = cache.mark();

    await cache.invalidate();
    cache.set('late', userUntil(at(60_000)), at(1), startedBefore);

    expect(cache.get('kept', at(2))).toBeUndefined();
    expect(cache.get('late', at(2))).toBeUndefined();
    cache.set('late', userUntil(at(60_000)), at(3), cache.mark());
    expect(cache.get('late', at(4))?.tokenId).toBe('token-1');
  });

  it('keeps nothing when its TTL is zero', () => {
    const cache = new AuthCache<CachedUser>(0);
    cache.set('hash', userUntil(at(60_000)), at(0), cache.mark());

    expect(cache.get('hash', at(0))).toBeUndefined();
  });

  it('settles an invalidation only once the other instances have been told', async () => {
    let tell = () => undefined as void;
    const told = new Promise<void>((resolve) => (tell = resolve));
    const cache = new AuthCache<CachedUser>(5_000, undefined, () => told);
    let settled = false;
    const invalidation = cache.invalidate().then(() => (settled = true));

    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    tell();
    await invalidation;
    expect(settled).toBe(true);
  });
});
