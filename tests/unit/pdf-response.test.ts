import { describe, expect, it } from 'vitest';
import { cookiesOf, pdfResponse } from '~/lib/pdf.server';
import { SESSION_COOKIE } from '../support/session-cookie';

describe('cookiesOf', () => {
  it('forwards the cookies of the incoming request as the browser sent them, still encoded', () => {
    const request = new Request('http://localhost/orders/print', {
      headers: { Cookie: `${SESSION_COOKIE.name}=${SESSION_COOKIE.value}; bo_lng=en; bad name=x` },
    });
    expect(cookiesOf(request)).toEqual([SESSION_COOKIE, { name: 'bo_lng', value: 'en' }]);
  });

  it('forwards nothing when the request carries no cookie', () => {
    expect(cookiesOf(new Request('http://localhost/'))).toEqual([]);
  });
});

describe('pdfResponse', () => {
  it('answers a PDF download that browsers neither sniff nor cache', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 test');

    const response = pdfResponse(bytes, 'voucher-20240101.pdf');

    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="voucher-20240101.pdf"',
      'content-length': String(bytes.byteLength),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('keeps quotes, separators and line breaks out of the file name header', () => {
    const response = pdfResponse(new Uint8Array(), 'Laporan "Mei"/\r\nSet-Cookie: x=1; Toko Ñ.pdf');

    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Laporan _Mei____Set-Cookie: x=1_ Toko _.pdf"; ` +
        `filename*=UTF-8''Laporan%20%22Mei%22%2F%0D%0ASet-Cookie%3A%20x%3D1%3B%20Toko%20%C3%91.pdf`,
    );
  });
});
