import { describe, expect, it } from 'vitest';
import { safeRedirect } from '~/lib/auth.server';

describe('the page to go to after signing in', () => {
  it('keeps a path of this app, with its query and fragment', () => {
    expect(safeRedirect('/order?status=Selesai#top')).toBe('/order?status=Selesai#top');
  });

  it('refuses every form a browser would read as another host', () => {
    for (const target of [
      '//evil.test',
      '/\\evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      '/\r\n/evil.test',
      'https://evil.test',
      'evil.test',
    ]) {
      expect(safeRedirect(target, '/dashboard'), JSON.stringify(target)).toBe('/dashboard');
    }
  });

  it('never hands control characters on to a Location header', () => {
    const path = safeRedirect('/order\r\nSet-Cookie: x=1');
    expect(path).not.toMatch(/[\r\n]/);
    expect(path.startsWith('/order')).toBe(true);
  });
});
