import type { Browser, CookieData, HTTPRequest, HTTPResponse } from 'puppeteer-core';
import { PdfRenderError, type PdfCookie, type PrintJob } from './print-job.server';

const MARGIN = '12mm';

/** A warm page in its own incognito context, fenced to one origin, printing one job after another. */
export type PrintTab = {
  readonly origin: string;
  /** False once the page crashed or closed, or its browser went away. */
  isUsable(): boolean;
  print(job: PrintJob): Promise<Uint8Array>;
  /** Empties the last document and forgets every cookie, so the next render starts from nothing. */
  reset(): Promise<void>;
  close(): Promise<void>;
};

type Navigation = {
  job: PrintJob;
  mainNavigations: number;
  redirect: { status: number; location: string } | null;
};

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

/**
 * Lets through requests to the origin (and inline data) and refuses the rest. The printed page may navigate
 * only once: a redirect is recorded and stopped, so a sign-in page is never printed in place of the document.
 * (file:// never gets here: Chromium itself refuses it from an http page.)
 */
function guard(request: HTTPRequest, navigation: Navigation, isMainFrame: boolean) {
  const url = request.url();
  if (request.isNavigationRequest() && isMainFrame && navigation.mainNavigations++ > 0) {
    const chain = request.redirectChain();
    if (chain.length > 0 && !navigation.redirect) {
      navigation.redirect = { status: chain[chain.length - 1].response()?.status() ?? 302, location: url };
    }
    void request.abort('aborted');
    return;
  }
  if (isAllowed(url, navigation.job.origin)) {
    void request.continue();
  } else {
    navigation.job.onBlockedRequest?.(url);
    void request.abort('blockedbyclient');
  }
}

function checkResponse(job: PrintJob, navigation: Navigation, response: HTTPResponse | null) {
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
}

/** Opens a tab for `origin`: everything else is refused by interception and, past it, by `proxyServer`. */
export async function openPrintTab(input: {
  browser: Browser;
  origin: string;
  proxyServer: string;
}): Promise<PrintTab> {
  const { browser, origin } = input;
  const context = await browser.createBrowserContext({
    downloadBehavior: { policy: 'deny' },
    // Everything not bound for the origin goes to a proxy that refuses it; `<-loopback>` stops Chromium
    // from sending other loopback ports around the proxy.
    proxyServer: input.proxyServer,
    proxyBypassList: ['<-loopback>', hostAndPort(origin)],
  });
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= context.close().catch(() => undefined));

  try {
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    let navigation: Navigation | null = null;
    page.on('request', (request: HTTPRequest) => {
      // Between renders nothing loads.
      if (navigation) guard(request, navigation, request.frame() === page.mainFrame());
      else void request.abort('blockedbyclient');
    });
    page.on('dialog', (dialog) => void dialog.dismiss());
    // A crashed renderer answers nothing: close the tab so a render in progress fails now, not at its timeout.
    page.on('error', () => void close());
    await page.setBypassServiceWorker(true);
    await page.setRequestInterception(true);
    // Interception would leave the HTTP cache on, and one user's responses must never answer the next.
    await page.setCacheEnabled(false);
    await page.emulateMediaType('print');

    return {
      origin,
      isUsable: () => !closing && !page.isClosed() && browser.connected,

      async print(job) {
        const { options, timeoutMs } = job;
        const current: Navigation = { job, mainNavigations: 0, redirect: null };
        navigation = current;
        page.setDefaultTimeout(timeoutMs);
        page.setDefaultNavigationTimeout(timeoutMs);
        await page.setJavaScriptEnabled(options.javascript ?? false);
        if (job.cookies.length > 0) {
          await context.setCookie(...job.cookies.map((cookie) => toCookieData(cookie, origin)));
        }
        let response: HTTPResponse | null = null;
        try {
          // Without scripts nothing loads after `load` (which waits for images, styles, frames and fonts), and
          // networkidle0 would add its idle window to every render. With scripts, wait for their fetches.
          response = await page.goto(job.url, { waitUntil: options.javascript ? 'networkidle0' : 'load' });
        } catch (error) {
          if (!current.redirect) throw error;
        }
        checkResponse(job, current, response);
        if (options.waitForSelector) await page.waitForSelector(options.waitForSelector);
        return page.pdf({
          format: options.format ?? 'A4',
          landscape: options.landscape ?? false,
          printBackground: true,
          margin: { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN },
          timeout: timeoutMs,
        });
      },

      async reset() {
        navigation = null;
        // Emptying the document (document.open) also stops whatever it was still loading, so nothing of it
        // can set a cookie after they are cleared. Not a navigation: that costs 30–60 ms more per render,
        // and to about:blank it swapped the renderer process twice, the app's pages being COOP same-origin.
        const { frameTree } = await cdp.send('Page.getFrameTree');
        await cdp.send('Page.setDocumentContent', { frameId: frameTree.frame.id, html: '' });
        await cdp.send('Network.clearBrowserCookies');
      },

      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
