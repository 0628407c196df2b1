import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathOf, type BodyLimits } from './api/http/body-limit';

/**
 * The web app's side of the body limits (README, Environment): the sign-in, password and sign-out forms take
 * the smallest, a form with a file (imports, photos, a vendor's areas) the upload limit, every other form the
 * standard one.
 */
export function webBodyLimit(req: IncomingMessage, limits: BodyLimits) {
  if (pathOf(req).startsWith('/auth/')) return limits.public;
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type === 'multipart/form-data' ? limits.upload : limits.standard;
}

type Texts = { tooLargeTitle: string; tooLarge: string; tooLargeBack: string };

const TEXTS: Record<string, Texts> = Object.fromEntries(
  ['id', 'en'].map((language) => [
    language,
    (JSON.parse(readFileSync(`locales/${language}/common.json`, 'utf8')) as { error: Texts }).error,
  ]),
);

/** The language the pages speak to this browser: the `bo_lng` cookie remix-i18next reads, Indonesian by default. */
function languageOf(req: IncomingMessage) {
  const raw = /(?:^|;\s*)bo_lng=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  if (!raw) return 'id';
  try {
    const value: unknown = JSON.parse(Buffer.from(decodeURIComponent(raw), 'base64').toString('utf8'));
    return typeof value === 'string' && value in TEXTS ? value : 'id';
  } catch {
    return 'id';
  }
}

function megabytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${Math.floor(bytes / (1024 * 1024))} MB`
    : `${Math.max(1, Math.floor(bytes / 1024))} KB`;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A form too large for its limit gets a page a person can read, in their language, with the way back to the
 * form (the page the form posted to), rather than a bare status.
 */
export function refusePage(req: IncomingMessage, res: ServerResponse, limit: number) {
  if (new URL(req.url ?? '/', 'http://host').searchParams.has('_data')) {
    // A form sent by Remix's own fetch: marked as a response the route's error boundary shows (a 413 there says
    // the same in the page), not as a failure of the network.
    res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Remix-Catch': 'yes' });
    return void res.end('Payload Too Large');
  }
  const language = languageOf(req);
  const texts = TEXTS[language];
  const message = texts.tooLarge.replace('{{limit}}', megabytes(limit));
  const back = escapeHtml(req.url ?? '/');
  const body = `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(texts.tooLargeTitle)}</title></head><body><main><h1>${escapeHtml(texts.tooLargeTitle)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${back}">${escapeHtml(texts.tooLargeBack)}</a></p></main></body></html>`;
  res.writeHead(413, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Content-Security-Policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}
