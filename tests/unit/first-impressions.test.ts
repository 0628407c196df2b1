import { createInstance } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { recipientAddress } from '~/components/order/order-summary';
import { formatDate, formatDateTime, setDateLanguage } from '~/lib/format';
import { i18nConfig } from '~/lib/i18n';
import { createLiteI18n, translate } from '~/lib/i18n-lite';
import { resources } from '~/lib/i18n-resources.server';
import { pageTitle } from '~/lib/meta';

type Strings = { [key: string]: string | Strings };

function leafKeys(strings: Strings, prefix = ''): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

describe('a page that rendered is titled by its heading', () => {
  it('reads error: null, as Remix hands every match when nothing failed, as no failure', () => {
    const matches = [
      { id: 'root', data: { titles: resources.id.common.pageTitle }, error: null },
      { id: 'routes/_app', data: null, error: null },
      { id: 'routes/_app.order._index', data: {}, error: null },
    ];
    expect(pageTitle({ matches, page: 'orders' })).toBe('Penjualan | Back Office');
    expect(pageTitle({ matches, page: 'dashboardRingkasan' })).not.toMatch(/Terjadi kesalahan/);
  });
});

describe('the browser translator says what i18next says', () => {
  for (const language of ['id', 'en'] as const) {
    it(`for every ${language} string, with and without counts and values`, async () => {
      const i18next = createInstance();
      await i18next.init({ ...i18nConfig, lng: language, ns: ['common'], resources });
      const strings = resources[language].common as unknown as Strings;
      const keys = leafKeys(strings).map((key) => key.replace(/_(one|other|zero|few|many|two)$/, ''));
      const values = {
        name: 'Siti',
        number: 'SO/2026/11/000001',
        from: 1,
        to: 10,
        total: 120,
        n: 3,
        days: 2,
        product: 'Guling',
      };
      const lite = createLiteI18n({ language, strings, load: async () => strings });
      // Compared here and asserted once: an expect per string made this the slowest unit test on a busy machine.
      const differences: string[] = [];
      for (const key of new Set(keys)) {
        for (const options of [undefined, { count: 0 }, { count: 1, ...values }, { count: 5, ...values }]) {
          const said = lite.t(key, options);
          const expected = i18next.t(key, options);
          if (said !== expected) {
            differences.push(`${language} ${key} ${JSON.stringify(options)}: "${said}", not "${expected}"`);
          }
        }
      }
      expect(differences).toEqual([]);
      for (const [keysTried, second] of [
        [['order.nothing.here', 'table.empty'], undefined],
        ['order.nothing.here', 'A default {{name}}'],
        ['order.nothing.here', { defaultValue: 'Default for {{name}}', name: 'Budi' }],
        ['order.nothing.here', undefined],
        ['table.showing', { from: 1 }],
      ] as const) {
        expect(translate(strings, language, keysTried as string | string[], second)).toBe(
          i18next.t(keysTried as string, second as never),
        );
      }
    });
  }

  it('switches language by loading the other strings, then telling its listeners', async () => {
    const lite = createLiteI18n({
      language: 'id',
      strings: resources.id.common as unknown as Strings,
      load: async (language) => resources[language as 'en'].common as unknown as Strings,
    });
    const heard: unknown[] = [];
    lite.on('languageChanged', (language) => heard.push(language));
    expect(lite.getFixedT(null)('table.empty')).toBe('Tidak ada data dalam tabel');
    await lite.changeLanguage('en');
    expect(heard).toEqual(['en']);
    expect(lite.getFixedT(null)('table.empty')).toBe('No data available in table');
  });
});

describe('dates in the chosen language', () => {
  afterEach(() => setDateLanguage('id'));

  it('writes Indonesian month names by default and English ones for an English page', () => {
    expect(formatDate('2026-01-31T18:00:00Z')).toBe('1 Februari 2026');
    setDateLanguage('en');
    expect(formatDate('2026-01-31T18:00:00Z')).toBe('1 February 2026');
    expect(formatDateTime('2026-08-21 15:05:00')).toBe('21 August 2026 3:05 PM');
  });
});

describe('the recipient address', () => {
  it('is written once when the full address already holds its parts', () => {
    const invoice = {
      external_number: 'INV/1',
      recipient_address_full: 'Jl. Veteran No. 22, Pontianak Selatan, Pontianak, Kalimantan Barat 78289',
      recipient_sub_district: 'Pontianak Selatan',
      recipient_city: 'Pontianak',
      recipient_province: 'Kalimantan Barat',
      recipient_postal_code: '78289',
    };
    expect(recipientAddress(invoice)).toBe(
      'Jl. Veteran No. 22, Pontianak Selatan, Pontianak, Kalimantan Barat 78289',
    );
    expect(recipientAddress({ ...invoice, recipient_address_full: 'Jl. Kemang Raya No. 5' })).toBe(
      'Jl. Kemang Raya No. 5, Pontianak Selatan, Pontianak, Kalimantan Barat, 78289',
    );
  });
});
