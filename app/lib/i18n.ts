export const i18nConfig = {
  supportedLngs: ['id', 'en'],
  fallbackLng: 'id',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  nsSeparator: false as const,
};

export type Language = 'id' | 'en';
