import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18nConfig } from './lib/i18n';
import { createLiteI18n } from './lib/i18n-lite';
import { INLINE_CSS_ID, InlineCssContext } from './lib/inline-css';

const RETRY_DELAYS_MS = [300, 1_000, 3_000];

/**
 * A language's strings from /locales (cached 7 days). A network failure or a server error is tried again after a
 * moment; a 4xx is not. Without them the page stays as the server rendered it, which works without JavaScript.
 */
async function loadStrings(language: string) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`/locales/${encodeURIComponent(language)}/common.json`).catch(() => null);
    if (response?.ok) return response.json();
    if (response && response.status < 500) throw new Error(`/locales answered ${response.status}`);
    if (attempt === RETRY_DELAYS_MS.length) throw new Error('/locales did not answer');
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
  }
}

async function hydrate() {
  const language = document.documentElement.lang || i18nConfig.fallbackLng;
  const i18n = createLiteI18n({ language, strings: await loadStrings(language), load: loadStrings });
  // The stylesheet the server wrote into the page, handed back so the root renders the same <style>.
  const css = document.getElementById(INLINE_CSS_ID)?.textContent ?? '';
  startTransition(() => {
    hydrateRoot(
      document,
      // The lite instance has the shape react-i18next reads, not i18next's whole type.
      <InlineCssContext.Provider value={css}>
        <I18nextProvider i18n={i18n as never}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>
      </InlineCssContext.Provider>,
    );
  });
}

void hydrate();
