import { describe, expect, it } from 'vitest';
import { resources } from '~/lib/i18n-resources.server';
import { pageTitle } from '~/lib/meta';

function matchesIn(language: 'id' | 'en') {
  return [
    { id: 'root', data: { locale: language, titles: resources[language].common.pageTitle } },
    { id: 'routes/_app', data: null },
  ];
}

describe('page titles', () => {
  it('reads the Indonesian titles the pages always had', () => {
    expect(pageTitle({ matches: matchesIn('id'), page: 'dashboardPenjualan' })).toBe(
      'Penjualan | Dashboard | Back Office',
    );
    expect(pageTitle({ matches: matchesIn('id'), page: 'orders' })).toBe('Penjualan | Back Office');
    expect(pageTitle({ matches: matchesIn('id'), page: 'login' })).toBe('Masuk | Back Office');
  });

  it('follows a user who chose English', () => {
    expect(pageTitle({ matches: matchesIn('en'), page: 'dashboardPenjualan' })).toBe(
      'Sales | Dashboard | Back Office',
    );
    expect(pageTitle({ matches: matchesIn('en'), page: 'customers' })).toBe('Customers | Back Office');
    expect(pageTitle({ matches: matchesIn('en'), page: 'login' })).toBe('Sign in | Back Office');
  });

  it('names the record when the loader found one, in either language', () => {
    expect(pageTitle({ matches: matchesIn('en'), page: 'order', name: 'SO-2026-0042' })).toBe(
      'SO-2026-0042 | Back Office',
    );
    expect(pageTitle({ matches: matchesIn('id'), page: 'customer', name: 'Budi Santoso' })).toBe(
      'Budi Santoso | Back Office',
    );
  });

  it('falls back to the page name when the record is missing', () => {
    expect(pageTitle({ matches: matchesIn('id'), page: 'customer', name: undefined })).toBe(
      'Pelanggan | Back Office',
    );
    expect(pageTitle({ matches: matchesIn('en'), page: 'customer', name: null })).toBe(
      'Customer | Back Office',
    );
  });

  it('shows the app name alone when the root data or the key is missing', () => {
    expect(pageTitle({ matches: [{ id: 'root', data: undefined }], page: 'profile' })).toBe('Back Office');
    expect(pageTitle({ matches: [], page: 'profile' })).toBe('Back Office');
    expect(
      pageTitle({ matches: [{ id: 'root', data: { titles: { login: 'Masuk' } } }], page: 'profile' }),
    ).toBe('Back Office');
  });

  it('has every title in both languages', () => {
    const indonesian = resources.id.common.pageTitle;
    const english = resources.en.common.pageTitle;
    expect(Object.keys(english).sort()).toEqual(Object.keys(indonesian).sort());
    for (const value of [...Object.values(indonesian), ...Object.values(english)]) expect(value).not.toBe('');
  });

  it('titles a page that failed by its failure: not found for a 404, an error otherwise', () => {
    const failing = (error: unknown) => [
      ...matchesIn('en'),
      { id: 'routes/_app.order.$id', data: undefined, error },
    ];
    const notFound = { status: 404, statusText: 'Not Found', internal: false, data: 'Not Found' };
    expect(pageTitle({ matches: failing(notFound), page: 'order' })).toBe('Not Found Page | Back Office');
    expect(pageTitle({ matches: failing(new Error('upstream down')), page: 'order' })).toBe(
      'Something went wrong | Back Office',
    );
    expect(pageTitle({ matches: matchesIn('id'), page: 'order' })).toBe('Order | Back Office');
  });
});
