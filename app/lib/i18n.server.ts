import { createCookie } from '@remix-run/node';
import { RemixI18Next } from 'remix-i18next/server';
import { i18nConfig } from './i18n';
import { resources } from './i18n-resources.server';

export const localeCookie = createCookie('bo_lng', {
  path: '/',
  sameSite: 'lax',
  maxAge: 60 * 60 * 24 * 365,
});

export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: i18nConfig.supportedLngs,
    fallbackLanguage: i18nConfig.fallbackLng,
    cookie: localeCookie,
    order: ['cookie'],
  },
  i18next: { ...i18nConfig, resources },
});
