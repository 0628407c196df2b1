export const i18nConfig = {
  supportedLngs: ['id', 'en'],
  fallbackLng: 'id',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  nsSeparator: false as const,
  // The default, spelled out: i18next then skips checking, on every t(), whether the key reads like a sentence.
  keySeparator: '.',
};

export type Language = 'id' | 'en';
