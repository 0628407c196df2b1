import { parse as parseCookieHeader } from 'cookie';
import type { BrowserContext, CookieData, HTTPRequest, Page } from 'puppeteer-core';
import { closeSharedBrowser, pdfBrowser, pdfConfig } from './pdf/browser.server';
import { closeRefusingProxy, refusingProxyUrl } from './pdf/refusing-proxy.server';
import { createSlots } from './pdf/slots.server';

export type PdfOptions = {
  landscape?: boolean;
  format?: 'A4' | 'A5';
  /** Bounds the wait for a free page and, separately, the render itself. Default 15 s. */
  timeoutMs?: number;
  waitForSelector?: string;
  /** Print pages are server-rendered, so scripts stay off unless a page needs them (a chart drawn on a canvas). */
  javascript?: boolean;
};

export type PdfCookie = { name: string; value: string };

export type PdfErrorCode =
  | 'foreign_url' // the URL is not on the origin
  | 'http_status' // the page answered non-2xx: `status` holds it
  | 'redirected' // the page redirected (to sign-in, usually): `status` and `location` hold it
  | 'busy' // no page became free within the timeout
  | 'timeout' // the render itself ran past the timeout
  | 'navigation_failed';

/** A render that failed for a reason the caller can answer precisely (404, 403, redirect, 503, 504). */
export class PdfRenderError extends Error {
  readonly code: PdfErrorCode;
  readonly status: number | null;
  readonly location: string | null;

  constructor(
    code: PdfErrorCode,
    message: string,
    details: { status?: number | null; location?: string | null } = {},
  ) {
    super(message);
    this.name = 'PdfRenderError';
    this.code = code;
    this.status = details.status ?? null;
    this.location = details.location ?? null;
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MARGIN = '12mm';

let slots: ReturnType<typeof createSlots> | null = null;

function pageSlots() {
  slots ??= createSlots(pdfConfig().PDF_CONCURRENCY);
  return slots;
}

/** Launches the shared browser ahead of the first render. Never throws: a host without Chromium still serves everything else. */
export async function warmPdfBrowser(): Promise<void> {
  try {
    pageSlots();
    await Promise.all([pdfBrowser(), refusingProxyUrl()]);
  } catch (error) {
    console.warn(`PDF browser did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function closePdfBrowser(): Promise<void> {
  await Promise.all([closeSharedBrowser(), closeRefusingProxy()]);
}

function parseOrigin(origin: string): string {
  const parsed = new URL(origin);
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== origin) {
    throw new TypeError(`not an http(s) origin: ${origin}`);
  }
  return parsed.origin;
}

function isAllowed(url: string, origin: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

function hostAndPort(origin: string): string {
  const { protocol, host, port } = new URL(origin);
  return port ? host : `${host}:${protocol === 'https:' ? 443 : 80}`;
}

function toCookieData(cookie: PdfCookie, origin: string): CookieData {
  const { protocol, hostname } = new URL(origin);
  return {
    name: cookie.name,
    value: cookie.value,
    // Host-only, for this origin: the brackets of an IPv6 host are not part of a cookie domain.
    domain: hostname.replace(/^\[|\]$/g, ''),
    path: '/',
    // Chromium treats loopback as a secure context, so `__Host-` cookies work against http://127.0.0.1 too.
    secure: protocol === 'https:' || cookie.name.startsWith('__Host-') || cookie.name.startsWith('__Secure-'),
    httpOnly: true,
    sameSite: 'Lax',
  };
}

type RenderJob = {
  url: string;
  origin: string;
  cookies: PdfCookie[];
  options: PdfOptions;
  timeoutMs: number;
  onBlockedRequest?: (url: string) => void;
};

/**
 * Lets through requests to the origin (and inline data), refuses the rest. The printed page may navigate
 * only once: a redirect is recorded and stopped, so a sign-in page is never printed in place of the document.
 * (file:// never gets here: Chromium itself refuses it from an http page.)
 */
function guardRequests(page: Page, job: RenderJob) {
  const state: { redirect: { status: number; location: string } | null } = { redirect: null };
  let mainNavigations = 0;
  page.on('request', (request: HTTPRequest) => {
    const url = request.url();
    const isMainNavigation = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (isMainNavigation && mainNavigations++ > 0) {
      const chain = request.redirectChain();
      if (chain.length > 0 && !state.redirect) {
        state.redirect = { status: chain[chain.length - 1].response()?.status() ?? 302, location: url };
      }
      void request.abort('aborted');
      return;
    }
    if (isAllowed(url, job.origin)) {
      void request.continue();
    } else {
      job.onBlockedRequest?.(url);
      void request.abort('blockedbyclient');
    }
  });
  return state;
}

async function print(context: BrowserContext, job: RenderJob): Promise<Uint8Array> {
  const { options, timeoutMs } = job;
  if (job.cookies.length > 0) {
    await context.setCookie(...job.cookies.map((cookie) => toCookieData(cookie, job.origin)));
  }
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  page.setDefaultNavigationTimeout(timeoutMs);
  page.on('dialog', (dialog) => void dialog.dismiss());
  await page.setJavaScriptEnabled(options.javascript ?? false);
  await page.setBypassServiceWorker(true);
  await page.setRequestInterception(true);
  const navigation = guardRequests(page, job);
  await page.emulateMediaType('print');

  let response;
  try {
    // Without scripts nothing loads after `load` (which waits for images, styles, frames and fonts), and
    // networkidle0 would add its idle window (~1 s measured) to every render. With scripts, wait for their fetches.
    response = await page.goto(job.url, { waitUntil: options.javascript ? 'networkidle0' : 'load' });
  } catch (error) {
    if (!navigation.redirect) throw error;
  }
  if (navigation.redirect) {
    throw new PdfRenderError('redirected', `${job.url} redirected to ${navigation.redirect.location}`, {
      status: navigation.redirect.status,
      location: navigation.redirect.location,
    });
  }
  if (!response) throw new PdfRenderError('navigation_failed', `${job.url} gave no response`);
  if (!response.ok()) {
    throw new PdfRenderError('http_status', `${job.url} answered ${response.status()}`, {
      status: response.status(),
    });
  }
  if (options.waitForSelector) await page.waitForSelector(options.waitForSelector);
  return page.pdf({
    format: options.format ?? 'A4',
    landscape: options.landscape ?? false,
    printBackground: true,
    margin: { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN },
    timeout: timeoutMs,
  });
}

/** One render in its own incognito context, closed whatever happens (including when `signal` aborts it). */
async function renderInFreshContext(job: RenderJob, signal: AbortSignal): Promise<Uint8Array> {
  const browser = await pdfBrowser();
  signal.throwIfAborted();
  const context = await browser.createBrowserContext({
    downloadBehavior: { policy: 'deny' },
    // Everything not bound for the origin goes to a proxy that refuses it; `<-loopback>` stops Chromium
    // from sending other loopback ports around the proxy.
    proxyServer: await refusingProxyUrl(),
    proxyBypassList: ['<-loopback>', hostAndPort(job.origin)],
  });
  const closeContext = () => void context.close().catch(() => undefined);
  signal.addEventListener('abort', closeContext, { once: true });
  try {
    signal.throwIfAborted();
    return await print(context, job);
  } finally {
    signal.removeEventListener('abort', closeContext);
    await context.close().catch(() => undefined);
  }
}

/** Renders `url` (must be on `origin`) in a warm shared browser with the given cookies (the user's session), returns the PDF bytes. */
export async function renderPdf(input: {
  url: string;
  origin: string;
  cookies: PdfCookie[];
  options?: PdfOptions;
  /** Called with each request the page tried to make off the origin (and was refused). */
  onBlockedRequest?: (url: string) => void;
}): Promise<Uint8Array> {
  const origin = parseOrigin(input.origin);
  const url = new URL(input.url, origin).href;
  if (new URL(url).origin !== origin) {
    throw new PdfRenderError('foreign_url', `${input.url} is not on ${origin}`);
  }
  const options = input.options ?? {};
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const job: RenderJob = { ...input, url, origin, options, timeoutMs };

  const release = await pageSlots().acquire(timeoutMs);
  if (!release) throw new PdfRenderError('busy', `no PDF page became free within ${timeoutMs} ms`);

  const abort = new AbortController();
  const work = renderInFreshContext(job, abort.signal);
  // The slot is freed when the page is really gone, not when the caller stops waiting: never more than N pages.
  work.then(release, release);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new PdfRenderError('timeout', `rendering ${url} took longer than ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function asciiFilename(filename: string): string {
  return filename.replace(/[^\x20-\x7e]|["\\/;]/g, '_');
}

/** Builds a Response with Content-Type application/pdf, Content-Disposition attachment; filename="…", nosniff, no-store. */
export function pdfResponse(bytes: Uint8Array, filename: string): Response {
  const fallback = asciiFilename(filename);
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const disposition =
    fallback === filename
      ? `attachment; filename="${fallback}"`
      : `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
  // A copy typed as backed by an ArrayBuffer, which is what BodyInit accepts (page.pdf() does not promise it).
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': disposition,
      'Content-Length': String(bytes.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}

const COOKIE_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const COOKIE_VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;

/**
 * The session cookies of an incoming request, to forward to the renderer: every cookie of the origin, as the
 * browser sent it (still encoded, so signed values verify). They are the user's own and go back only to
 * the same origin, in a context thrown away after the render; malformed ones are dropped.
 */
export function cookiesOf(request: Request): PdfCookie[] {
  const header = request.headers.get('Cookie');
  if (!header) return [];
  return Object.entries(parseCookieHeader(header, { decode: (value) => value }))
    .filter(([name, value]) => COOKIE_NAME.test(name) && COOKIE_VALUE.test(value))
    .map(([name, value]) => ({ name, value }));
}
