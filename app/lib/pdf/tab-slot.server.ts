import { pdfBrowser } from './browser.server';
import { PdfRenderError, type PrintJob } from './print-job.server';
import { openPrintTab, type PrintTab } from './print-tab.server';
import { refusingProxyUrl } from './refusing-proxy.server';

export type TabSlot = ReturnType<typeof createTabSlot>;

/** Cleaning a tab takes a few ms; one that takes longer than this is stuck and is replaced. */
const RESET_TIMEOUT_MS = 5_000;

function resetWithin(tab: PrintTab, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`resetting the tab took longer than ${ms} ms`)), ms);
  });
  return Promise.race([tab.reset(), deadline]).finally(() => clearTimeout(timer));
}

/**
 * One of the PDF_CONCURRENCY places a render runs in. It keeps its tab warm between renders and replaces it
 * when it crashed, closed, belongs to a browser that went away, or is fenced to another origin.
 * Only the holder of the slot's lease calls it, so it never runs two things at once.
 */
export function createTabSlot() {
  let tab: PrintTab | null = null;

  async function discard() {
    const closing = tab;
    tab = null;
    await closing?.close();
  }

  async function ready(origin: string): Promise<PrintTab> {
    if (tab?.isUsable() && tab.origin === origin) return tab;
    await discard();
    const [browser, proxyServer] = await Promise.all([pdfBrowser(), refusingProxyUrl()]);
    tab = await openPrintTab({ browser, origin, proxyServer });
    return tab;
  }

  /**
   * Leaves the tab clean for the next user, or closes it. A tab whose page ran scripts is closed: scripts can
   * leave storage, workers and caches behind, while a page without them can only leave cookies.
   */
  async function tidy(job: PrintJob, failure: unknown) {
    const reusable = (!failure || failure instanceof PdfRenderError) && !job.options.javascript;
    if (reusable && tab?.isUsable()) {
      try {
        await resetWithin(tab, RESET_TIMEOUT_MS);
        return;
      } catch {
        // a tab that cannot be reset is replaced below
      }
    }
    await discard();
  }

  /**
   * Prints `job` on the warm tab. `pdf` settles as soon as the PDF is there; `settled` once the tab is clean
   * again (or closed), which is when the slot may be lent to the next render. Aborting `signal` closes the tab.
   */
  function print(job: PrintJob, signal: AbortSignal): { pdf: Promise<Uint8Array>; settled: Promise<void> } {
    const onAbort = () => void discard();
    signal.addEventListener('abort', onAbort, { once: true });
    const pdf = (async () => {
      const printing = await ready(job.origin);
      signal.throwIfAborted();
      return printing.print(job);
    })();
    const settled = pdf
      .then(
        () => tidy(job, null),
        (error: unknown) => tidy(job, error),
      )
      .finally(() => signal.removeEventListener('abort', onAbort));
    return { pdf, settled };
  }

  return { ready, print };
}
