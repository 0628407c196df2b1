import { Form, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';

const LANGUAGES = ['id', 'en'] as const;

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/resources/locale"
      aria-label={t('language.switch')}
      className="flex items-center gap-1"
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          lang={lng}
          aria-pressed={i18n.language === lng}
          title={t(`language.${lng}`)}
          className={`rounded px-2 py-1 text-xs font-semibold uppercase ${i18n.language === lng ? 'bg-slate-800 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          {lng}
        </button>
      ))}
    </Form>
  );
}
