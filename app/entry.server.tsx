import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { createInstance } from 'i18next';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { i18nConfig } from './lib/i18n';
import { resources } from './lib/i18n-resources.server';
import { CoalescingStream } from './lib/coalesce-stream.server';
import { i18n } from './lib/i18n.server';
import { InlineCssContext } from './lib/inline-css';
import { inlineCssFor } from './lib/inline-css.server';
import { NonceContext } from './lib/nonce';
import { warmPrintPdf } from './lib/print-pdf.server';

const ABORT_DELAY = 5_000;

// One Chromium and a page per PDF slot kept warm, so the first prints pay for neither.
if (process.env.PDF_WARM !== 'false') void warmPrintPdf();

// Both languages are loaded once, and each gets one instance that every request in it renders with: cloning per
// request cost more than the rest of i18next's work on a page. Rendering only reads an instance (t, the
// language); nothing on the server changes its language or loads into it. Every route reads the one namespace,
// `common` (root's handle), which is all the resources hold.
const sharedI18n = createInstance();
void sharedI18n.use(initReactI18next).init({ ...i18nConfig, ns: ['common'], resources });
const i18nByLanguage = new Map(
  i18nConfig.supportedLngs.map((lng) => [lng, sharedI18n.cloneInstance({ lng, ns: ['common'] })]),
);

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // getLocale answers only with a supported language.
  const instance = i18nByLanguage.get(await i18n.getLocale(request))!;
  const nonce = loadContext.cspNonce ?? '';
  const bot = isbot(request.headers.get('user-agent'));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    function respond() {
      shellRendered = true;
      const body = new CoalescingStream();
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={inlineCssFor(request)}>
          <I18nextProvider i18n={instance}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
          </I18nextProvider>
        </InlineCssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!bot) respond();
        },
        onAllReady() {
          // A finished render needs no abort: the timer would otherwise hold the whole render for its delay.
          clearTimeout(abortTimer);
          if (bot) respond();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}
