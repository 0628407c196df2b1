import puppeteer, { type Browser } from 'puppeteer-core';
import { z } from 'zod';

const pdfEnvSchema = z.object({
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  PDF_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  PDF_SANDBOX: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type PdfConfig = z.infer<typeof pdfEnvSchema>;

let config: PdfConfig | null = null;

/** Parsed on first use (warm-up at start-up, or the first render), then fixed for the life of the process. */
export function pdfConfig(): PdfConfig {
  config ??= pdfEnvSchema.parse(process.env);
  return config;
}

function chromiumArgs(sandbox: boolean): string[] {
  return [
    // Chromium refuses to start as root with its sandbox on, which is how most containers run it;
    // hosts that run the server as an unprivileged user (with user namespaces) set PDF_SANDBOX=true.
    ...(sandbox ? [] : ['--no-sandbox']),
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
    '--font-render-hinting=none',
    // A tab is reused for the next user: leaving a document truly unloads it instead of keeping it for "back".
    '--disable-features=BackForwardCache',
  ];
}

function launch(): Promise<Browser> {
  const { CHROMIUM_PATH, PDF_SANDBOX } = pdfConfig();
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // A pipe instead of a DevTools port: no other local process can drive the browser.
    pipe: true,
    args: chromiumArgs(PDF_SANDBOX),
    // Puppeteer's default lets pages open pop-ups, which request interception on the printed page would not see.
    ignoreDefaultArgs: ['--disable-popup-blocking'],
    // server.ts owns shutdown; Puppeteer's own SIGINT handler would exit the process under it.
    // The browser is still killed when the process exits.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    protocolTimeout: 60_000,
  });
}

let current: Promise<Browser> | null = null;

function launchShared(): Promise<Browser> {
  const attempt: Promise<Browser> = launch().then(
    (browser) => {
      browser.once('disconnected', () => {
        if (current === attempt) current = null;
      });
      return browser;
    },
    (error: unknown) => {
      if (current === attempt) current = null;
      throw error;
    },
  );
  current = attempt;
  return attempt;
}

/** The shared browser, launched on first use and launched again after a crash or disconnect. */
export async function pdfBrowser(): Promise<Browser> {
  const browser = await (current ?? launchShared());
  return browser.connected ? browser : launchShared();
}

export async function closeSharedBrowser(): Promise<void> {
  const closing = current;
  current = null;
  const browser = await closing?.catch(() => null);
  await browser?.close().catch(() => undefined);
}
