import { redirect, type AppLoadContext } from '@remix-run/node';
import { env } from './env.server';
import { requireToken } from './auth.server';
import { cookiesOf, pdfResponse, renderPdf, PdfRenderError, warmPdfBrowser } from './pdf.server';

/** This server as Chromium reaches it: loopback, so print pages never leave the machine. */
const selfOrigin = `http://127.0.0.1:${env.PORT}`;

/** Starts the browser with a warm page per PDF slot for this server's print pages, ahead of the first print. */
export function warmPrintPdf(): Promise<void> {
  return warmPdfBrowser({ origin: selfOrigin });
}

/** Renders one of this app's print pages to a PDF with the user's own session. */
export async function printToPdf(
  request: Request,
  context: AppLoadContext,
  { path, filename }: { path: string; filename: string },
) {
  await requireToken(request, context);
  try {
    const bytes = await renderPdf({
      url: `${selfOrigin}${path}`,
      origin: selfOrigin,
      cookies: cookiesOf(request),
    });
    return pdfResponse(bytes, filename);
  } catch (error) {
    if (!(error instanceof PdfRenderError)) throw error;
    if (error.code === 'http_status' && error.status === 403)
      throw new Response('Forbidden', { status: 403 });
    if (error.code === 'http_status' && error.status === 404)
      throw new Response('Not Found', { status: 404 });
    if (error.code === 'redirected')
      throw redirect(error.location ? new URL(error.location, selfOrigin).pathname : '/auth/login');
    if (error.code === 'busy')
      throw new Response('PDF renderer busy, try again', { status: 503, headers: { 'Retry-After': '2' } });
    if (error.code === 'timeout') throw new Response('PDF rendering timed out', { status: 504 });
    throw error;
  }
}
