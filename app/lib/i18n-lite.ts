/**
 * The browser's translator: the part of i18next this app uses, for react-i18next's useTranslation, in about a
 * kilobyte instead of i18next's fifteen (gzip). The server keeps i18next itself; tests/unit/i18n-lite.test.ts holds
 * this one to i18next's output for every string of both languages, so a page hydrates with the same text.
 *
 * What it does as i18next configured by lib/i18n.ts does: keys nested with '.' (a level's key may hold a '.'), no
 * namespace separator, a list of
 * keys tried in turn, `count` choosing `key_one` / `key_other` by the language's plural rules (falling back to the
 * key itself), `defaultValue` (or a string as second argument) when no key is found, else the (last) key, and
 * `{{name}}` replaced by the option's value without escaping, a missing one left as written.
 */

type Strings = { [key: string]: string | Strings };
type Options = { count?: number; defaultValue?: string; [name: string]: unknown };
type Listener = (...args: unknown[]) => void;

const PLACEHOLDER = /\{\{\s*([^{}\s,]+)\s*\}\}/g;

/** A key's string; like i18next, a level's own key may hold the separator (`"vendor.user"`). */
function find(node: string | Strings | undefined, parts: string[]): string | undefined {
  if (parts.length === 0) return typeof node === 'string' ? node : undefined;
  if (!node || typeof node === 'string') return undefined;
  for (let end = 1; end <= parts.length; end++) {
    const key = parts.slice(0, end).join('.');
    if (Object.hasOwn(node, key)) {
      const found = find(node[key], parts.slice(end));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function lookup(strings: Strings | undefined, key: string): string | undefined {
  return find(strings, key.split('.'));
}

function interpolate(text: string, options: Options) {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export function translate(
  strings: Strings | undefined,
  language: string,
  keys: string | string[],
  second?: Options | string,
) {
  const options: Options = typeof second === 'string' ? { defaultValue: second } : (second ?? {});
  const list = Array.isArray(keys) ? keys : [keys];
  const plural =
    typeof options.count === 'number' ? new Intl.PluralRules(language).select(options.count) : null;
  for (const key of list) {
    const found = (plural ? lookup(strings, `${key}_${plural}`) : undefined) ?? lookup(strings, key);
    if (found !== undefined) return interpolate(found, options);
  }
  if (typeof options.defaultValue === 'string') return interpolate(options.defaultValue, options);
  return list[list.length - 1] ?? '';
}

/** An instance shaped as react-i18next's useTranslation and remix-i18next's useChangeLanguage use it. */
export function createLiteI18n({
  language,
  strings,
  load,
}: {
  language: string;
  strings: Strings;
  /** Fetches another language's strings when the user switches. */
  load: (language: string) => Promise<Strings>;
}) {
  const resources = new Map<string, Strings>([[language, strings]]);
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  const instance = {
    language,
    languages: [language],
    isInitialized: true,
    // `ignoreJSONStructure` tells react-i18next this instance answers hasLoadedNamespace itself.
    options: {
      defaultNS: 'common',
      ns: ['common'],
      ignoreJSONStructure: true,
      react: { useSuspense: false },
    },
    services: { backendConnector: { state: {}, backend: null } },
    store: { on() {}, off() {} },
    hasLoadedNamespace: () => true,
    hasResourceBundle: (lng: string) => resources.has(lng),
    loadNamespaces: (_ns: unknown, done?: () => void) => {
      done?.();
      return Promise.resolve();
    },
    loadLanguages: (_lng: unknown, done?: () => void) => {
      done?.();
      return Promise.resolve();
    },
    on(event: string, listener: Listener) {
      for (const name of event.split(' ')) {
        if (!listeners.has(name)) listeners.set(name, new Set());
        listeners.get(name)?.add(listener);
      }
    },
    off(event: string, listener: Listener) {
      for (const name of event.split(' ')) listeners.get(name)?.delete(listener);
    },
    t: (keys: string | string[], options?: Options | string) =>
      translate(resources.get(instance.language), instance.language, keys, options),
    getFixedT: (lng?: string | null) => (keys: string | string[], options?: Options | string) => {
      const current = lng ?? instance.language;
      return translate(resources.get(current), current, keys, options);
    },
    async changeLanguage(next: string) {
      if (!resources.has(next)) resources.set(next, await load(next));
      instance.language = next;
      instance.languages = [next];
      emit('languageChanged', next);
      return instance.t;
    },
  };
  return instance;
}
