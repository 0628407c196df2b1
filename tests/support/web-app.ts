import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { TestApi } from './api';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The origin of in-process page requests: never dialled, only there to make absolute URLs and Origin headers. */
export const WEB_ORIGIN = 'http://localhost:3000';

/** Where the web app keeps its file sessions in this process (env.server.ts reads DATA_DIR once, at import). */
const SESSION_DIR = join(tmpdir(), `bo-web-test-${process.pid}`);

let handler: Promise<ReturnType<typeof createRequestHandler>> | null = null;

/**
 * The built app (`remix build`), loaded once per process: its environment is read when its modules load, so the
 * variables it needs are set just for the import and put back after, for the other test files of this process.
 */
function requestHandler() {
  handler ??= (async () => {
    const wanted: Record<string, string> = { DATA_DIR: SESSION_DIR, PDF_WARM: 'false', REDIS_URL: '' };
    const saved = Object.fromEntries(Object.keys(wanted).map((key) => [key, process.env[key]]));
    Object.assign(process.env, wanted);
    try {
      const build = (await import(pathToFileURL(join(ROOT, 'build/index.js')).href)) as ServerBuild;
      return createRequestHandler(build, build.mode);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  })();
  return handler;
}

export type TestWeb = {
  /**
   * A request to the web app as a browser sends it, with this browser's cookies; the cookies it sets are kept.
   * Rejects once `timeoutMs` passes without an answer.
   */
  request(path: string, init?: RequestInit & { timeoutMs?: number }): Promise<Response>;
  /** Signs in through the sign-in page's own form (its CSRF token and honeypot fields included). */
  signIn(email: string, password: string): Promise<void>;
  close(): Promise<void>;
};

/** One browser of the built web app, its request handler driven in process with the load context server.ts gives it. */
export async function startTestWeb(api: TestApi): Promise<TestWeb> {
  const handle = await requestHandler();
  const cookies = new Map<string, string>();
  const context: AppLoadContext = {
    clientIp: '127.0.0.1',
    cspNonce: 'test-nonce',
    embeddedApi: api.embedded,
  };

  async function request(
    path: string,
    { timeoutMs = 15_000, ...init }: RequestInit & { timeoutMs?: number } = {},
  ) {
    // As Express's adapter hands a request to Remix: with the Host it came to (Remix checks Origin against it).
    const headers = new Headers(init.headers);
    headers.set('host', new URL(WEB_ORIGIN).host);
    if (cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const signal = AbortSignal.timeout(timeoutMs);
    const answer = handle(new Request(new URL(path, WEB_ORIGIN), { ...init, headers, signal }), context);
    const response = await Promise.race([
      answer,
      new Promise<never>((_resolve, reject) =>
        signal.addEventListener(
          'abort',
          () => reject(new Error(`${path} gave no answer within ${timeoutMs} ms`)),
          {
            once: true,
          },
        ),
      ),
    ]);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, date] = attribute.split('=');
        if (key.trim().toLowerCase() === 'max-age') return Number(date) <= 0;
        return key.trim().toLowerCase() === 'expires' && new Date(date).getTime() <= Date.now();
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }

  async function signIn(email: string, password: string) {
    const page = await (await request('/auth/login')).text();
    const [form] = postForms(page);
    if (!form) throw new Error('the sign-in page has no form');
    const fields = new URLSearchParams(form.fields);
    fields.set('email', email);
    fields.set('password', password);
    const response = await request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: WEB_ORIGIN },
      body: fields,
    });
    if (response.status !== 302) {
      throw new Error(
        `signing in ${email} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
      );
    }
  }

  async function close() {
    await rm(SESSION_DIR, { recursive: true, force: true });
  }

  return { request, signIn, close };
}

/** A form of a page as a browser would send it: its fields with their values, and its named submit buttons. */
export type PageForm = {
  action: string | null;
  enctype: string;
  /** Every successful control: text, hidden, checked boxes, selected options, textareas. */
  fields: [string, string][];
  /** The names of its file inputs. */
  files: string[];
  /** Named submit buttons: each one sends its name and value beside the fields. */
  submits: [string, string][];
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function attributesOf(tag: string) {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([^\s"'=<>/]+)(?:="([^"]*)")?/g)) {
    attributes[match[1].toLowerCase()] = decodeEntities(match[2] ?? '');
  }
  return attributes;
}

const CONTROL =
  /<(input|button)\b([^>]*)>|<(select)\b([^>]*)>([\s\S]*?)<\/select>|<(textarea)\b([^>]*)>([\s\S]*?)<\/textarea>/gi;

/**
 * The POST forms of a server-rendered page, read as a browser builds a form's data set (controls inside the form
 * or pointing at it with `form=`). React writes its markup one way, so attribute-level parsing is enough here.
 */
export function postForms(html: string): PageForm[] {
  const forms: (PageForm & { id?: string })[] = [];
  const outside: { form: string; control: RegExpMatchArray }[] = [];
  let last = 0;
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attributes = attributesOf(match[1]);
    collectOutside(html.slice(last, match.index), outside);
    last = (match.index ?? 0) + match[0].length;
    if ((attributes.method ?? 'get').toLowerCase() !== 'post') continue;
    const form: PageForm & { id?: string } = {
      id: attributes.id,
      action: attributes.action ?? null,
      enctype: attributes.enctype ?? 'application/x-www-form-urlencoded',
      fields: [],
      files: [],
      submits: [],
    };
    for (const control of match[2].matchAll(CONTROL)) addControl(form, control);
    forms.push(form);
  }
  collectOutside(html.slice(last), outside);
  for (const { form: id, control } of outside) {
    const form = forms.find((candidate) => candidate.id === id);
    if (form) addControl(form, control);
  }
  return forms.map(({ id: _id, ...form }) => form);
}

function collectOutside(html: string, into: { form: string; control: RegExpMatchArray }[]) {
  for (const control of html.matchAll(CONTROL)) {
    const form = attributesOf(control[2] ?? control[4] ?? control[7]).form;
    if (form) into.push({ form, control });
  }
}

function addControl(form: PageForm, control: RegExpMatchArray) {
  const [, inputTag, inputAttributes, , selectAttributes, options, , textareaAttributes, text] = control;
  const attributes = attributesOf(inputAttributes ?? selectAttributes ?? textareaAttributes);
  const name = attributes.name;
  if (!name || 'disabled' in attributes) return;
  if (inputTag?.toLowerCase() === 'button') {
    if ((attributes.type ?? 'submit') === 'submit') form.submits.push([name, attributes.value ?? '']);
    return;
  }
  if (selectAttributes !== undefined) {
    const all = [...options.matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/gi)].map((option) => {
      const optionAttributes = attributesOf(option[1]);
      return {
        value: optionAttributes.value ?? decodeEntities(option[2]),
        selected: 'selected' in optionAttributes,
      };
    });
    const chosen = all.filter((option) => option.selected);
    const sent = chosen.length > 0 || 'multiple' in attributes ? chosen : all.slice(0, 1);
    for (const option of sent) form.fields.push([name, option.value]);
    return;
  }
  if (textareaAttributes !== undefined) {
    form.fields.push([name, decodeEntities(text.replace(/^\n/, ''))]);
    return;
  }
  const type = (attributes.type ?? 'text').toLowerCase();
  if (type === 'submit' || type === 'image') {
    form.submits.push([name, attributes.value ?? '']);
  } else if (type === 'file') {
    form.files.push(name);
  } else if (type === 'checkbox' || type === 'radio') {
    if ('checked' in attributes) form.fields.push([name, attributes.value ?? 'on']);
  } else if (type !== 'button' && type !== 'reset') {
    form.fields.push([name, attributes.value ?? '']);
  }
}
