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

/** One render, checked: `url` is on `origin`, which is a bare http(s) origin. */
export type PrintJob = {
  url: string;
  origin: string;
  cookies: PdfCookie[];
  options: PdfOptions;
  timeoutMs: number;
  onBlockedRequest?: (url: string) => void;
};

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
