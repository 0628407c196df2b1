import { readFileSync } from 'node:fs';
import { SPEC_ADDRESSES } from '../support/spec-routes';
import { expect, test, type APIRequestContext } from './fixtures';
import { requestsOf, samplesOf } from './spec-pages';
import { ACCOUNTS, tokenFor } from './support';

/**
 * One language per interface: every page of the spec's route tables, rendered in Indonesian, shows no text of the
 * English file that is not Indonesian too, and the reverse. What the server renders is what a person reads first,
 * so the pages are read as the server sends them (text between tags, and the labels a screen reader reads:
 * aria-label, title, placeholder, alt); data (names, SKUs) does not match a whole interface string.
 */

type Messages = { [key: string]: string | Messages };

function leaves(messages: Messages, into = new Set<string>()) {
  for (const value of Object.values(messages)) {
    if (typeof value === 'string') into.add(value.trim());
    else leaves(value, into);
  }
  return into;
}

/** A language's own strings: those of its file the other's does not hold as well (interpolations aside). */
function onlyIn(own: Messages, other: Messages) {
  const theirs = leaves(other);
  return new Set([...leaves(own)].filter((text) => text && !text.includes('{{') && !theirs.has(text)));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decoded(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** What a person reads of a page as the server sends it. */
function textsOf(html: string) {
  const body = html
    .replace(/<script[\s\S]*?<\/script>/gi, '')
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<title>[\s\S]*?<\/title>/gi, '');
  const texts = body.split(/<[^>]*>/).map((text) => decoded(text).replace(/\s+/g, ' ').trim());
  for (const [, , value] of body.matchAll(/\s(aria-label|title|placeholder|alt)="([^"]*)"/g))
    texts.push(decoded(value).trim());
  return texts.filter(Boolean);
}

const messagesOf = (language: string) =>
  JSON.parse(readFileSync(`locales/${language}/common.json`, 'utf8')) as Messages;
const [id, en] = [messagesOf('id'), messagesOf('en')];
const FOREIGN = { id: onlyIn(en, id), en: onlyIn(id, en) } as const;

type Named = { name: string; children?: Named[] };

/** The names the seed gave brands, vendors and categories: data, whatever language a name happens to be in. */
async function seededNames(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await tokenFor(request, ACCOUNTS.admin)}` };
  const list = async (path: string, params: Record<string, string | number> = {}) =>
    (
      (await (await request.get(path, { headers, params: { per_page: 1000, ...params } })).json()) as {
        data: (Named & { id: number })[];
      }
    ).data;
  const brands = await list('/api/brand');
  const names = new Set([...brands, ...(await list('/api/vendor'))].map((row) => row.name));
  const add = (rows: Named[]) => {
    for (const row of rows) {
      names.add(row.name);
      add(row.children ?? []);
    }
  };
  for (const brand of brands) add(await list(`/api/brand/${brand.id}/category`, { with: 'children' }));
  expect(names.size).toBeGreaterThan(10);
  return names;
}

for (const language of ['id', 'en'] as const) {
  test(`every spec page in ${language === 'id' ? 'Indonesian' : 'English'} shows its own language only @once`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    expect(FOREIGN[language].size).toBeGreaterThan(100);
    const samples = await samplesOf(request);
    const data = await seededNames(request);
    const found: string[] = [];
    for (const role of ['guest', 'admin', 'vendor'] as const) {
      const context = await requestsOf(browser, baseURL as string, role, language);
      for (const address of SPEC_ADDRESSES.filter((entry) => entry.role === role && !entry.redirectsTo)) {
        const path = address.path.replace(
          /\{(\w+)\}/g,
          (_whole, name: string) => samples[name] ?? `{${name}}`,
        );
        const response = await context.request.get(path);
        const html = await response.text();
        expect(html, `${path} renders in ${language}`).toContain(`lang="${language}"`);
        for (const text of new Set(textsOf(html)))
          if (FOREIGN[language].has(text) && !data.has(text)) found.push(`${role} ${path}: "${text}"`);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
}
