import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePdfBrowser, PdfRenderError, renderPdf, warmPdfBrowser } from '~/lib/pdf.server';
import { pdfBrowser } from '~/lib/pdf/browser.server';
import { SESSION_COOKIE } from '../support/session-cookie';

const CONCURRENCY = 2;
process.env.PDF_CONCURRENCY = String(CONCURRENCY);

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

function html(res: ServerResponse, body: string, status = 200) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><meta charset="utf-8">${body}</html>`);
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const child = spawn('pdftotext', ['-', '-']);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stdin.end(bytes);
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`pdftotext exited with ${code}`);
  return Buffer.concat(chunks).toString('utf8');
}

function startsWithPdfMagic(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 4)).toString('latin1') === '%PDF';
}

/** The pages the renderer keeps, one per slot: each lives in its own context, never the default one. */
async function renderPages(): Promise<Page[]> {
  const browser = await pdfBrowser();
  const pages = await browser.pages();
  return pages.filter((page) => page.browserContext() !== browser.defaultBrowserContext());
}

async function renderError(promise: Promise<unknown>): Promise<PdfRenderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PdfRenderError)) throw new Error(`expected a PdfRenderError, got ${String(error)}`);
  return error;
}

let foreign: Server;
let app: Server;
let origin: string;
let foreignOrigin: string;
const foreignRequests: string[] = [];
const appRequests: string[] = [];
/**
 * The slow pages hold their answers until as many renders as the pool may open are waiting at once (or the last
 * of `expected` has come): how many are ever open together then depends on the pool, not on the machine's speed.
 */
const slow = { inFlight: 0, maxInFlight: 0, seen: 0, expected: 0, waiting: [] as (() => void)[] };

beforeAll(async () => {
  foreign = await listen((req, res) => {
    foreignRequests.push(req.url ?? '');
    html(res, '<title>x</title><body>FOREIGN CONTENT');
  });
  // A WebSocket handshake is an upgrade, which never reaches the request handler.
  foreign.on('upgrade', (req, socket) => {
    foreignRequests.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  foreignOrigin = `http://127.0.0.1:${portOf(foreign)}`;

  app = await listen((req, res) => {
    const path = req.url ?? '/';
    appRequests.push(path);
    if (path === '/report') {
      html(
        res,
        `<title>Sales report</title><style>@media print { .screen-only { display: none } }</style>
        <body><h1>Sales report</h1><p>Gross merchandise value 4821937</p><p class="screen-only">SCREEN ONLY</p>
        <img src="${foreignOrigin}/logo.png" alt="">
        <link rel="stylesheet" href="file:///etc/passwd">
        <iframe src="file:///etc/passwd" title="local file"></iframe>
        <iframe src="http://localhost:${portOf(foreign)}/frame" title="foreign frame"></iframe>
        <img src="/bounce" alt="">`,
      );
    } else if (path === '/refresh') {
      html(
        res,
        '<meta http-equiv="refresh" content="0;url=/voucher"><title>Refresh</title><body><h1>Stay on me',
      );
    } else if (path === '/bounce') {
      res.writeHead(302, { Location: `${foreignOrigin}/bounced` }).end();
    } else if (path === '/voucher') {
      if (req.headers.cookie !== `${SESSION_COOKIE.name}=${SESSION_COOKIE.value}`)
        return html(res, '<title>No</title>', 403);
      html(res, '<title>Voucher</title><body><h1>Payment voucher 7731</h1>');
    } else if (path === '/orders/print') {
      res.writeHead(302, { Location: '/auth/login?redirectTo=%2Forders%2Fprint' }).end();
    } else if (path.startsWith('/slow')) {
      slow.inFlight += 1;
      slow.seen += 1;
      slow.maxInFlight = Math.max(slow.maxInFlight, slow.inFlight);
      slow.waiting.push(() => {
        slow.inFlight -= 1;
        html(res, `<title>Slow</title><body><h1>Slow page ${path.slice(-1)}</h1>`);
      });
      if (slow.waiting.length >= CONCURRENCY || slow.seen >= slow.expected) {
        for (const answer of slow.waiting.splice(0)) answer();
      }
    } else if (path === '/chart') {
      html(
        res,
        `<title>Chart</title><body><h1>Chart</h1><script>
          fetch('${foreignOrigin}/fetch').catch(() => {});
          navigator.sendBeacon('${foreignOrigin}/beacon', 'x');
          window.open('${foreignOrigin}/popup');
          new WebSocket('ws://127.0.0.1:${portOf(foreign)}/socket');
          fetch('/figures').then((r) => r.text()).then((figures) => setTimeout(() => {
            const p = document.createElement('p');
            p.id = 'figures';
            p.textContent = figures;
            document.body.append(p);
          }, 700));
        </script>`,
      );
    } else if (path === '/figures') {
      setTimeout(() => res.end('Figures drawn by script 555'), 200);
    } else if (path.startsWith('/whoami')) {
      const who = new URL(path, origin).searchParams.get('who') ?? '';
      res.setHeader('Set-Cookie', `left_by=${who}; Path=/`);
      html(res, `<title>Who</title><body><h1>Cookie header [${req.headers.cookie ?? ''}]</h1>`);
    } else if (path === '/storage') {
      html(
        res,
        `<title>Storage</title><body><h1>Storage</h1><script>
          const found = [localStorage.getItem('left_by'), sessionStorage.getItem('left_by')].filter(Boolean);
          localStorage.setItem('left_by', 'earlier render');
          sessionStorage.setItem('left_by', 'earlier render');
          const p = document.createElement('p');
          p.id = 'found';
          p.textContent = 'Found [' + found.join(', ') + ']';
          document.body.append(p);
        </script>`,
      );
    } else if (path === '/hang') {
      // never answers
    } else {
      html(res, '<title>Not found</title>', 404);
    }
  });
  origin = `http://127.0.0.1:${portOf(app)}`;
  await warmPdfBrowser({ origin });
});

afterAll(async () => {
  await closePdfBrowser();
  app?.closeAllConnections();
  app?.close();
  foreign?.close();
});

describe('renderPdf', { timeout: 60_000 }, () => {
  it('opens a warm page per slot before the first render', async () => {
    expect(await renderPages()).toHaveLength(CONCURRENCY);
  });

  it('prints a page of the origin to a PDF holding its text in print media', async () => {
    const bytes = await renderPdf({ url: `${origin}/report`, origin, cookies: [] });

    expect(startsWithPdfMagic(bytes)).toBe(true);
    const text = await pdfText(bytes);
    expect(text).toContain('Sales report');
    expect(text).toContain('Gross merchandise value 4821937');
    expect(text).not.toContain('SCREEN ONLY');
  });

  it('refuses every request the page makes to another host, and never loads a local file', async () => {
    const blocked: string[] = [];
    foreignRequests.length = 0;

    const bytes = await renderPdf({
      url: `${origin}/report`,
      origin,
      cookies: [],
      onBlockedRequest: (url) => blocked.push(url),
    });

    expect(blocked).toEqual(
      expect.arrayContaining([
        `${foreignOrigin}/logo.png`,
        `http://localhost:${portOf(foreign)}/frame`,
        `${foreignOrigin}/bounced`,
      ]),
    );
    expect(foreignRequests).toEqual([]);
    const text = await pdfText(bytes);
    expect(text).not.toContain('FOREIGN CONTENT');
    expect(text).not.toMatch(/root:.*:0:0:/);
  });

  it('refuses a URL that is not on the origin before opening a page', async () => {
    for (const url of [`${foreignOrigin}/report`, 'file:///etc/passwd', '//example.com/report']) {
      const error = await renderError(renderPdf({ url, origin, cookies: [] }));
      expect(error.code).toBe('foreign_url');
    }
    expect(foreignRequests).toEqual([]);
  });

  it("renders a cookie-protected page with the user's cookies and throws a typed error without them", async () => {
    const bytes = await renderPdf({ url: `${origin}/voucher`, origin, cookies: [SESSION_COOKIE] });
    expect(await pdfText(bytes)).toContain('Payment voucher 7731');

    const error = await renderError(renderPdf({ url: `${origin}/voucher`, origin, cookies: [] }));
    expect(error).toMatchObject({ code: 'http_status', status: 403 });
  });

  it('reports a redirect with its target instead of printing the sign-in page it leads to', async () => {
    appRequests.length = 0;

    const error = await renderError(renderPdf({ url: `${origin}/orders/print`, origin, cookies: [] }));

    expect(error).toMatchObject({
      code: 'redirected',
      status: 302,
      location: `${origin}/auth/login?redirectTo=%2Forders%2Fprint`,
    });
    expect(appRequests).not.toContainEqual(expect.stringMatching(/^\/auth\/login/));
  });

  it('prints the page it was asked for even when that page navigates away after loading', async () => {
    const bytes = await renderPdf({
      url: `${origin}/refresh`,
      origin,
      cookies: [SESSION_COOKIE],
      options: { waitForSelector: 'h1' },
    });

    const text = await pdfText(bytes);
    expect(text).toContain('Stay on me');
    expect(text).not.toContain('Payment voucher');
  });

  it('answers a missing page with its status rather than a printed error page', async () => {
    const error = await renderError(renderPdf({ url: `${origin}/nothing-here`, origin, cookies: [] }));
    expect(error).toMatchObject({ code: 'http_status', status: 404 });
  });

  it('runs page scripts only when asked, and keeps their requests, sockets and pop-ups on the origin', async () => {
    foreignRequests.length = 0;

    const withoutScripts = await renderPdf({ url: `${origin}/chart`, origin, cookies: [] });
    const withScripts = await renderPdf({
      url: `${origin}/chart`,
      origin,
      cookies: [],
      options: { javascript: true, waitForSelector: '#figures' },
    });

    expect(await pdfText(withoutScripts)).not.toContain('Figures drawn by script');
    expect(await pdfText(withScripts)).toContain('Figures drawn by script 555');
    expect(foreignRequests).toEqual([]);
  });

  it('never has more than PDF_CONCURRENCY pages open at once', async () => {
    Object.assign(slow, { maxInFlight: 0, seen: 0, expected: 5 });

    const renders = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => renderPdf({ url: `${origin}/slow/${n}`, origin, cookies: [] })),
    );

    expect(slow.maxInFlight).toBe(CONCURRENCY);
    const texts = await Promise.all(renders.map(pdfText));
    expect(texts.map((text) => text.match(/Slow page (\d)/)?.[1])).toEqual(['1', '2', '3', '4', '5']);
  });

  it('gives up on a page that outlives its timeout and frees its slot', async () => {
    const error = await renderError(
      renderPdf({ url: `${origin}/hang`, origin, cookies: [], options: { timeoutMs: 800 } }),
    );
    expect(error.code).toBe('timeout');

    const renders = await Promise.all(
      [1, 2].map(() =>
        renderPdf({ url: `${origin}/report`, origin, cookies: [], options: { timeoutMs: 30_000 } }),
      ),
    );
    expect(renders.every(startsWithPdfMagic)).toBe(true);
  });

  it("never carries one user's cookies into the next user's render on the same warm page", async () => {
    await Promise.all([1, 2].map(() => renderPdf({ url: `${origin}/report`, origin, cookies: [] })));
    const warmPages = await renderPages();
    expect(warmPages).toHaveLength(CONCURRENCY);

    for (const who of ['alice', 'bob', 'carol', 'dave']) {
      const bytes = await renderPdf({
        url: `${origin}/whoami?who=${who}`,
        origin,
        cookies: [{ name: 'who', value: who }],
      });
      expect(await pdfText(bytes)).toContain(`Cookie header [who=${who}]`);
    }

    const pagesAfter = await renderPages();
    expect(pagesAfter).toHaveLength(CONCURRENCY);
    for (const page of pagesAfter) expect(warmPages).toContain(page);
    // Between renders a page holds nothing of the last user's document.
    await expect
      .poll(() => Promise.all(pagesAfter.map((page) => page.content())))
      .not.toContainEqual(expect.stringContaining('Cookie header'));
  });

  it('leaves no storage behind from a page whose scripts ran', async () => {
    const texts: string[] = [];
    // Three renders on two pages: at least one page serves twice.
    for (let render = 0; render < 3; render += 1) {
      const bytes = await renderPdf({
        url: `${origin}/storage`,
        origin,
        cookies: [],
        options: { javascript: true, waitForSelector: '#found' },
      });
      texts.push(await pdfText(bytes));
    }

    expect(texts.every((text) => text.includes('Found []'))).toBe(true);
  });

  it('replaces a page that crashed or was closed, and the next renders succeed', async () => {
    await Promise.all([1, 2].map(() => renderPdf({ url: `${origin}/report`, origin, cookies: [] })));
    const [crashing, closing] = await renderPages();
    const crashed = new Promise((resolve) => crashing.once('error', resolve));
    await (await crashing.createCDPSession()).send('Page.crash').catch(() => undefined);
    await crashed;
    await closing.close();

    const renders = await Promise.all(
      ['alice', 'bob'].map((who) =>
        renderPdf({ url: `${origin}/whoami?who=${who}`, origin, cookies: [{ name: 'who', value: who }] }),
      ),
    );

    const texts = await Promise.all(renders.map(pdfText));
    expect(texts[0]).toContain('Cookie header [who=alice]');
    expect(texts[1]).toContain('Cookie header [who=bob]');
    const pagesAfter = await renderPages();
    expect(pagesAfter).not.toContain(crashing);
    expect(pagesAfter).not.toContain(closing);
  });

  it('launches the browser again after it crashed', async () => {
    const browser = await pdfBrowser();
    const disconnected = new Promise((resolve) => browser.once('disconnected', resolve));
    browser.process()?.kill('SIGKILL');
    await disconnected;

    const bytes = await renderPdf({
      url: `${origin}/report`,
      origin,
      cookies: [],
      options: { landscape: true },
    });

    expect(startsWithPdfMagic(bytes)).toBe(true);
    expect(await pdfBrowser()).not.toBe(browser);
  });
});
