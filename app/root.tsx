import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useChangeLanguage } from 'remix-i18next/react';
import { AuthenticityTokenProvider } from 'remix-utils/csrf/react';
import { HoneypotProvider } from 'remix-utils/honeypot/react';
import { NavigationProgress } from './components/navigation-progress';
import { ToastMessage } from './components/toast-message';
import { ErrorNotice, useRouteErrorText } from './components/route-error';
import { csrf, honeypotInputProps } from './lib/csrf.server';
import { setDateLanguage } from './lib/format';
import { publicEnv } from './lib/env.server';
import type { Language } from './lib/i18n';
import { resources } from './lib/i18n-resources.server';
import { i18n } from './lib/i18n.server';
import type { PageTitles } from './lib/meta';
import { InlineStyles } from './lib/inline-css';
import { useNonce } from './lib/nonce';
import { readToast } from './lib/toast.server';
import stylesheet from './tailwind.css?url';

/** The .ico for what asks /favicon.ico by itself (bookmarks, older browsers, tools), the SVG for the rest. */
export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '16x16 32x32 48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, [csrfToken, csrfCookie], { toast, setCookie }] = await Promise.all([
    i18n.getLocale(request),
    csrf.commitToken(request),
    readToast(request),
  ]);
  const headers = new Headers();
  if (csrfCookie) headers.append('Set-Cookie', csrfCookie);
  if (setCookie) headers.append('Set-Cookie', setCookie);
  // getLocale answers only with a supported language.
  const titles: PageTitles = resources[locale as Language].common.pageTitle;
  return json(
    { locale, titles, csrfToken, honeypot: honeypotInputProps(), toast, env: publicEnv() },
    { headers },
  );
}

export const handle = { i18n: 'common' };

function Document({ children, lang }: { children: React.ReactNode; lang: string }) {
  const nonce = useNonce();
  return (
    <html lang={lang} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <InlineStyles href={stylesheet} />
        <Links />
      </head>
      <body className="h-full">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Marks the page once React has taken it over, for whoever waits on that (the browser tests' hydration walk). */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useHydratedMark();
  useChangeLanguage(data.locale);
  setDateLanguage(data.locale);
  const toast = useLatestToast(data.toast);
  return (
    <Document lang={data.locale}>
      <AuthenticityTokenProvider token={data.csrfToken}>
        <HoneypotProvider {...data.honeypot}>
          <NavigationProgress />
          <Outlet />
          {toast ? <ToastMessage key={JSON.stringify(toast)} toast={toast} /> : null}
        </HoneypotProvider>
      </AuthenticityTokenProvider>
    </Document>
  );
}

/**
 * A flash toast is read once; a later revalidation (a live event, say) answers without it. Keep
 * showing the last one until it times out instead of dropping it.
 */
function useLatestToast<T>(toast: T | null) {
  const [shown, setShown] = useState(toast);
  useEffect(() => {
    if (toast) setShown(toast);
  }, [toast]);
  return shown;
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <Document lang={data?.locale ?? 'id'}>
      <main className="flex min-h-full flex-col items-center justify-center p-8">
        <ErrorNotice {...useRouteErrorText()} />
      </main>
    </Document>
  );
}
