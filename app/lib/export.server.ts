/**
 * An upstream spreadsheet as the browser gets it: streamed through unchanged (no buffering), with the
 * upstream's file name and type.
 */
export function spreadsheetResponse(upstream: Response) {
  const headers = new Headers({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
  for (const name of ['content-type', 'content-disposition']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
