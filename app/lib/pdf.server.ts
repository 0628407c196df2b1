import { parse as parseCookieHeader } from 'cookie';
import { closeSharedBrowser, pdfBrowser, pdfConfig } from './pdf/browser.server';
import { PdfRenderError, type PdfCookie, type PdfOptions, type PrintJob } from './pdf/print-job.server';
import { closeRefusingProxy, refusingProxyUrl } from './pdf/refusing-proxy.server';
import { createSlots } from './pdf/slots.server';
import { createTabSlot, type TabSlot } from './pdf/tab-slot.server';

export { PdfRenderError };
export type { PdfCookie, PdfErrorCode, PdfOptions } from './pdf/print-job.server';

const DEFAULT_TIMEOUT_MS = 15_000;

let slots: ReturnType<typeof createSlots<TabSlot>> | null = null;

function tabSlots() {
  slots ??= createSlots(Array.from({ length: pdfConfig().PDF_CONCURRENCY }, createTabSlot));
  return slots;
}

function parseOrigin(origin: string): string {
  const parsed = new URL(origin);
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== origin) {
    throw new TypeError(`not an http(s) origin: ${origin}`);
  }
  return parsed.origin;
}

/** A warm tab in every free slot (a slot already rendering opens its own). */
async function openWarmTabs(origin: string) {
  const slots = tabSlots();
  const leases = await Promise.all(
    Array.from({ length: pdfConfig().PDF_CONCURRENCY }, () => slots.acquire(0)),
  );
  await Promise.all(leases.map((lease) => lease?.item.ready(origin).finally(lease.release)));
}

/**
 * Launches the shared browser ahead of the first render and, given the origin renders will print from, opens
 * a warm page in every slot. Never throws: a host without Chromium still serves everything else.
 */
export async function warmPdfBrowser(input: { origin?: string } = {}): Promise<void> {
  try {
    await Promise.all([pdfBrowser(), refusingProxyUrl()]);
    if (input.origin) await openWarmTabs(parseOrigin(input.origin));
  } catch (error) {
    console.warn(`PDF browser did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function closePdfBrowser(): Promise<void> {
  await Promise.all([closeSharedBrowser(), closeRefusingProxy()]);
}

/** Renders `url` (must be on `origin`) on a warm page with the given cookies (the user's session), returns the PDF bytes. */
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
  const job: PrintJob = { ...input, url, origin, options, timeoutMs };

  const lease = await tabSlots().acquire(timeoutMs);
  if (!lease) throw new PdfRenderError('busy', `no PDF page became free within ${timeoutMs} ms`);

  const abort = new AbortController();
  const { pdf, settled } = lease.item.print(job, abort.signal);
  // The slot is lent again when its page is clean (or gone), not when the caller stops waiting: never more
  // than N pages, and never one still holding the last user's document or cookies.
  void settled.then(lease.release, lease.release);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new PdfRenderError('timeout', `rendering ${url} took longer than ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([pdf, deadline]);
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
 * the same origin, and are cleared from the page before its next render; malformed ones are dropped.
 */
export function cookiesOf(request: Request): PdfCookie[] {
  const header = request.headers.get('Cookie');
  if (!header) return [];
  return Object.entries(parseCookieHeader(header, { decode: (value) => value }))
    .filter(([name, value]) => COOKIE_NAME.test(name) && COOKIE_VALUE.test(value))
    .map(([name, value]) => ({ name, value }));
}
