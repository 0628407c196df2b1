import type { BackendModule, ReadCallback } from 'i18next';

/**
 * The browser's i18next backend: a language's strings from /locales (served with a 7-day cache). A network
 * failure or a server error asks i18next to try again (its retries back off), a 4xx does not.
 */
export const localesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`).then(
      async (response) => {
        if (response.ok) callback(null, await response.json());
        else callback(new Error(`/locales answered ${response.status}`), response.status >= 500);
      },
      (error: unknown) => callback(error as Error, true),
    );
  },
};
