import { apiBaseUrl } from './env.server';
import { guard, requireToken } from './auth.server';
import { listQuery } from './list-query.server';
import { UpstreamError } from './upstream/client.server';

/**
 * Streams an upstream spreadsheet export to the browser unchanged (no buffering): the same list
 * filters as the page, the upstream's file name and headers.
 */
export async function proxyExport(request: Request, upstreamPath: string) {
  const token = await requireToken(request);
  const url = new URL(upstreamPath, apiBaseUrl);
  for (const [name, value] of Object.entries(listQuery(new URL(request.url)))) {
    if (Array.isArray(value)) value.forEach((item) => url.searchParams.append(`${name}[]`, item));
    else url.searchParams.set(name, value);
  }
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    await guard(
      request,
      Promise.reject(new UpstreamError(response.status, body.message ?? response.statusText)),
    );
  }
  const headers = new Headers({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
  for (const name of ['content-type', 'content-disposition']) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
