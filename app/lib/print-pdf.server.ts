import { redirect, type AppLoadContext } from '@remix-run/node';
import { env } from './env.server';
import { requireToken } from './auth.server';
import {
  cookiesOf,
  pdfResponse,
  renderPdf,
  PdfRenderError,
  warmPdfBrowser,
  type PdfCookie,
  type PdfOptions,
} from './pdf.server';

/** This server as Chromium reaches it: loopback, so print pages never leave the machine. */
const selfOrigin = `http://127.0.0.1:${env.PORT}`;

/** Starts the browser with a warm page per PDF slot for this server's print pages, ahead of the first print. */
export function warmPrintPdf(): Promise<void> {
  return warmPdfBrowser({ origin: selfOrigin });
}

/** Renders one of this app's print pages (`path` on this server) with the given cookies, the user's session. */
export function renderPrintPage(path: string, cookies: PdfCookie[], options?: PdfOptions) {
  return renderPdf({ url: `${selfOrigin}${path}`, origin: selfOrigin, cookies, options });
}

/** What a print route answers for a render that failed for a reason it can name. */
export function printFailure(error: PdfRenderError): Response {
  if (error.code === 'http_status' && error.status === 403) return new Response('Forbidden', { status: 403 });
  if (error.code === 'http_status' && error.status === 404) return new Response('Not Found', { status: 404 });
  if (error.code === 'redirected')
    return redirect(error.location ? new URL(error.location, selfOrigin).pathname : '/auth/login');
  if (error.code === 'busy')
    return new Response('PDF renderer busy, try again', { status: 503, headers: { 'Retry-After': '2' } });
  if (error.code === 'timeout') return new Response('PDF rendering timed out', { status: 504 });
  return new Response('PDF rendering failed', { status: 500 });
}

/** Renders one of this app's print pages to a PDF with the user's own session. */
export async function printToPdf(
  request: Request,
  context: AppLoadContext,
  { path, filename }: { path: string; filename: string },
) {
  await requireToken(request, context);
  try {
    return pdfResponse(await renderPrintPage(path, cookiesOf(request)), filename);
  } catch (error) {
    if (error instanceof PdfRenderError && error.code !== 'navigation_failed' && error.code !== 'foreign_url')
      throw printFailure(error);
    throw error;
  }
}
