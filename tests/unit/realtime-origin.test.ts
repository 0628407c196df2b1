import { describe, expect, it } from 'vitest';
import { allowsRequestHost } from '../../api/config';
import { originAllowed, originRule } from '../../api/realtime/origin';

describe('who may open the real-time WebSocket', () => {
  it("takes the server's own address only in development without APP_URL or ALLOWED_ORIGINS", () => {
    expect(allowsRequestHost({})).toBe(true);
    expect(allowsRequestHost({ NODE_ENV: 'development', PORT: '3001' })).toBe(true);
    expect(allowsRequestHost({ APP_URL: 'http://localhost:3001' })).toBe(false);
    expect(allowsRequestHost({ ALLOWED_ORIGINS: 'https://a.test' })).toBe(false);
    expect(allowsRequestHost({ NODE_ENV: 'production' })).toBe(false);
    expect(allowsRequestHost({ NODE_ENV: 'test' })).toBe(false);
  });

  it("lets in a page of the request's own Host when told to, the listed origins always, and nothing else", () => {
    const development = originRule(['http://localhost:3000'], true);
    const at3001 = (origin: string | undefined) =>
      originAllowed(development, { origin, host: 'localhost:3001' });
    expect(at3001('http://localhost:3001')).toBe(true);
    expect(at3001('http://LOCALHOST:3001')).toBe(true);
    expect(at3001('http://localhost:3000')).toBe(true);
    expect(at3001('http://localhost:3002')).toBe(false);
    expect(at3001('https://attacker.example')).toBe(false);
    expect(at3001('null')).toBe(false);
    expect(originAllowed(development, { origin: 'http://localhost:3001', host: undefined })).toBe(false);
    // No Origin header: not a browser page.
    expect(at3001(undefined)).toBe(true);

    const configured = originRule(['https://bo.example.com'], false);
    expect(originAllowed(configured, { origin: 'https://evil.example', host: 'evil.example' })).toBe(false);
    expect(originAllowed(configured, { origin: 'https://bo.example.com', host: 'bo.example.com' })).toBe(
      true,
    );
  });
});
