import { describe, expect, it } from 'vitest';
import { endpoint, endpointGroup, type Endpoint } from '../../api/http/endpoints';

function row(policy: unknown) {
  return {
    method: 'get',
    path: '/api/policy-probe',
    summary: 'A probe',
    tag: 'probe',
    policy,
    handle: (c) => c.json({}),
  } as Endpoint;
}

describe('an endpoint row is mounted only with its policy', () => {
  it('refuses a row that declares none', () => {
    expect(() => endpointGroup([row(undefined)])).toThrow('GET /api/policy-probe declares no policy');
  });

  it('refuses a policy that names no operation', () => {
    expect(() => endpointGroup([row({ tenancy: 'brand' })])).toThrow('declares no policy');
  });

  it('mounts a row with an operation, and a public one', () => {
    expect(() =>
      endpointGroup([endpoint(row({ operation: 'offer.list', tenancy: 'vendor' }))]),
    ).not.toThrow();
    expect(() => endpointGroup([row({ public: true })])).not.toThrow();
  });
});
