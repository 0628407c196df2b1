import en from '../../locales/en/common.json';
import id from '../../locales/id/common.json';

export const resources = { id: { common: id }, en: { common: en } };

export const i18nConfig = {
  supportedLngs: ['id', 'en'],
  fallbackLng: 'id',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  nsSeparator: false as const,
};

export type Language = 'id' | 'en';
