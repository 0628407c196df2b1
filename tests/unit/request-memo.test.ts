import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { oncePerRequest } from '~/lib/request-memo.server';

function counter() {
  let calls = 0;
  return { load: async () => ++calls, calls: () => calls };
}

const context = (): AppLoadContext => ({ clientIp: '127.0.0.1', cspNonce: 'nonce' });
const get = () => new Request('http://localhost/order');

describe('per-request memo', () => {
  it('loads once for all loaders of one page request', async () => {
    const { load, calls } = counter();
    const shared = context();
    const results = await Promise.all([
      oncePerRequest(get(), shared, 'account', load),
      oncePerRequest(get(), shared, 'account', load),
    ]);
    expect(results).toEqual([1, 1]);
    expect(calls()).toBe(1);
  });

  it('never shares between two requests or two keys', async () => {
    const { load, calls } = counter();
    const shared = context();
    await oncePerRequest(get(), context(), 'account', load);
    await oncePerRequest(get(), context(), 'account', load);
    await oncePerRequest(get(), shared, 'account:a', load);
    await oncePerRequest(get(), shared, 'account:b', load);
    expect(calls()).toBe(4);
  });

  it('loads afresh for an action, whose loaders must see what it changed', async () => {
    const { load, calls } = counter();
    const shared = context();
    const post = new Request('http://localhost/account/brand', { method: 'POST' });
    await oncePerRequest(post, shared, 'account', load);
    await oncePerRequest(get(), shared, 'account', load);
    expect(calls()).toBe(2);
  });
});
