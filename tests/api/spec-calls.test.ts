import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS_LEFT_OUT, SPEC_CALLS, type SpecCall } from '../support/spec-calls';
import { startTestApi, type TestApi } from '../support/api';

/**
 * Every upstream call the spec documents list (tests/support/spec-calls.ts) is in the OpenAPI document the API
 * serves at /api/docs/openapi.json (README, "Architecture"): the contract the web app and any other client read.
 */

let api: TestApi;
let documented: { method: string; segments: string[] }[];

beforeAll(async () => {
  api = await startTestApi();
  const response = await api.request('/api/docs/openapi.json');
  expect(response.status).toBe(200);
  const paths = response.body.paths as Record<string, Record<string, unknown>>;
  documented = Object.entries(paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method, segments: path.split('/') })),
  );
});

afterAll(async () => {
  await api?.close();
});

function isParameter(segment: string) {
  return /^\{\w+\}$/.test(segment);
}

/**
 * A documented path answers a spec call when every segment is the same word, or both are parameters (the names
 * differ: the spec's `{brandId}` is the API's `{brand}`), or the API takes as a parameter what the spec writes
 * out (`…/status/accept` answered by `…/status/{status}`).
 */
function answers(entry: { method: string; segments: string[] }, call: SpecCall) {
  const wanted = call.path.split('/');
  if (entry.method !== call.method || entry.segments.length !== wanted.length) return false;
  return wanted.every(
    (segment, index) => segment === entry.segments[index] || isParameter(entry.segments[index]),
  );
}

describe('the calls of the spec', () => {
  it('are many: the list is read from both documents', () => {
    expect(SPEC_CALLS.filter((call) => call.spec === '000').length).toBeGreaterThan(60);
    expect(SPEC_CALLS.filter((call) => call.spec === '001').length).toBeGreaterThan(100);
  });

  it('a path the API does not have is not taken for one it has', () => {
    const made: SpecCall = {
      method: 'get',
      path: '/api/brand/{brandId}/widget/sales/card/no-such-card',
      spec: '000',
    };
    expect(documented.some((entry) => answers(entry, made))).toBe(false);
    const wrongMethod: SpecCall = { method: 'delete', path: '/api/select/brand', spec: '000' };
    expect(documented.some((entry) => answers(entry, wrongMethod))).toBe(false);
  });

  it('are each in the served OpenAPI document, method and path, but those a decision record leaves out', () => {
    const missing = SPEC_CALLS.filter((call) => !documented.some((entry) => answers(entry, call))).map(
      (call) => `${call.method} ${call.path}`,
    );
    expect(missing.sort()).toEqual(Object.keys(CALLS_LEFT_OUT).sort());
  });
});
