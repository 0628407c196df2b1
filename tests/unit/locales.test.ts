import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/common.json';
import id from '../../locales/id/common.json';

/** Both languages hold the same keys, with the same placeholders, and every key the code names literally. */

type Messages = { [key: string]: string | Messages };

function flat(messages: Messages, prefix = '', into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flat(value, path, into);
  }
  return into;
}

const files = { id: flat(id as Messages), en: flat(en as Messages) };

/** A plural key (`unread_one`, `unread_other`) as the code names it (`unread`). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function placeholders(text: string) {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|mts)$/.test(name) ? [path] : [];
  });
}

describe('the translation files', () => {
  it('hold the same keys in Indonesian and English', () => {
    // Plural forms by their base (Indonesian has one form, English two); a server message that is its own key
    // (an Indonesian sentence the English file translates) needs no Indonesian entry: i18next shows the key.
    const bases = (keys: Iterable<string>) => new Set([...keys].map((key) => key.replace(PLURAL, '')));
    const [idKeys, enKeys] = [bases(files.id.keys()), bases(files.en.keys())];
    const ownKey = (key: string) => !key.includes('.') && /\s/.test(key);
    expect([...idKeys].filter((key) => !enKeys.has(key))).toEqual([]);
    expect([...enKeys].filter((key) => !idKeys.has(key) && !ownKey(key))).toEqual([]);
  });

  it('give each key the same placeholders in both languages', () => {
    const differ = [...files.id.entries()]
      .filter(([key]) => files.en.has(key))
      .filter(([key, text]) => placeholders(text).join() !== placeholders(files.en.get(key) ?? '').join())
      .map(([key]) => key);
    expect(differ).toEqual([]);
  });

  it('hold every key the interface names literally', () => {
    const known = new Set([...files.id.keys()].flatMap((key) => [key, key.replace(PLURAL, '')]));
    const missing = new Set<string>();
    let named = 0;
    for (const file of sourceFiles('app')) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) {
        named++;
        if (!known.has(match[1])) missing.add(`${file}: ${match[1]}`);
      }
    }
    expect(named).toBeGreaterThan(500);
    expect(missing.size, [...missing].join('\n')).toBe(0);
  });
});
