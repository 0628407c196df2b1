/**
 * What JavaScript adds on every page, wired once from the root (nothing here is needed without it):
 * - dropdowns (`details[data-dropdown]`) close when another opens, on a click outside and on Escape;
 * - the button that submitted a form shows it is busy (`data-busy`, `aria-busy`) until the page is idle again;
 * - a link to a file (an export, a print: `a[download]` or a `/print`, `/export`, `.pdf` or template address) is
 *   fetched in the page, its link busy until the file is saved, instead of a click with no sign of anything.
 * The root's progress bar also counts those downloads (`onDownloadsChange`).
 */

const DROPDOWNS = 'details[data-dropdown][open]';
const FILE_PATH = /\/(print|export|pdf|template)$|\/print\/|\.(pdf|xlsx)$/;
/** A form the browser submits itself (a download, another document) gets its button back after this long. */
const NATIVE_BUSY_MS = 8_000;

let downloads = 0;
const listeners = new Set<(count: number) => void>();

function setDownloads(count: number) {
  downloads = count;
  for (const listener of listeners) listener(downloads);
}

export function onDownloadsChange(listener: (count: number) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function markBusy(element: Element) {
  element.setAttribute('data-busy', '');
  element.setAttribute('aria-busy', 'true');
}

export function clearBusy(element: Element) {
  element.removeAttribute('data-busy');
  element.removeAttribute('aria-busy');
}

/** Buttons marked busy by a submission Remix handles: they are cleared when the page is idle again. */
const pendingButtons = new Set<Element>();

type RouterState = { navigation: { state: string }; fetchers: Map<string, { state: string }> };
type Router = { state: RouterState; subscribe(listener: (state: RouterState) => void): () => void };

function remixRouter() {
  return (window as { __remixRouter?: Router }).__remixRouter;
}

function busyIn(state: RouterState) {
  return state.navigation.state !== 'idle' || [...state.fetchers.values()].some((f) => f.state !== 'idle');
}

/**
 * Whether Remix's data router (the `window.__remixRouter` its browser entry sets) has a navigation or fetcher under
 * way. Its state changes the moment a submission is taken, before React renders it, so a form its own checks
 * refused (nothing under way) is told from one Remix took without waiting on a render.
 */
function remixBusy() {
  const router = remixRouter();
  return router ? busyIn(router.state) : false;
}

function clearPendingButtons() {
  for (const button of pendingButtons) clearBusy(button);
  pendingButtons.clear();
}

function closeDropdowns(except?: Element) {
  for (const details of document.querySelectorAll<HTMLDetailsElement>(DROPDOWNS)) {
    if (!except || !details.contains(except)) details.open = false;
  }
}

/** The file's name as the server gave it, with what a file system refuses (the timestamp's colons) as '_'. */
function fileNameOf(response: Response, url: URL) {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  const name = encoded ? decodeURIComponent(encoded[1]) : plain ? plain[1] : url.pathname.split('/').pop();
  return (name || 'download').replace(/[\\/:*?"<>|]/g, '_');
}

async function download(link: HTMLAnchorElement, url: URL) {
  markBusy(link);
  setDownloads(downloads + 1);
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    const disposition = response.headers.get('Content-Disposition') ?? '';
    if (!response.ok || !/attachment/i.test(disposition)) {
      // Not a file after all (a refusal, a sign-in page): let the browser show it as before.
      window.location.assign(url.href);
      return;
    }
    const objectUrl = URL.createObjectURL(await response.blob());
    const save = document.createElement('a');
    save.href = objectUrl;
    save.download = fileNameOf(response, url);
    document.body.append(save);
    save.click();
    save.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch {
    window.location.assign(url.href);
  } finally {
    clearBusy(link);
    setDownloads(downloads - 1);
  }
}

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  if (target && !target.closest('details[data-dropdown]')) closeDropdowns();
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  const link = target?.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
  const url = new URL(link.href, window.location.href);
  // Only this origin's own addresses: a blob (the file being saved below) goes its own way.
  if (url.origin !== window.location.origin || !url.protocol.startsWith('http')) return;
  if (!link.hasAttribute('download') && !FILE_PATH.test(url.pathname)) return;
  if (link.hasAttribute('data-busy')) {
    event.preventDefault();
    return;
  }
  event.preventDefault();
  void download(link, url);
}

function onToggle(event: Event) {
  const details = event.target;
  if (details instanceof HTMLDetailsElement && details.open && details.matches('[data-dropdown]')) {
    closeDropdowns(details);
  }
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape') return;
  const open = [...document.querySelectorAll<HTMLDetailsElement>(DROPDOWNS)];
  if (!open.length) return;
  event.stopPropagation();
  for (const details of open) {
    details.open = false;
    details.querySelector('summary')?.focus();
  }
}

function onSubmitCapture(event: SubmitEvent) {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  const button = event.submitter ?? form?.querySelector('button[type="submit"], button:not([type])') ?? null;
  if (!button || button.hasAttribute('data-busy')) return;
  markBusy(button);
  // Whether Remix took the submission is known once every listener of the event has run (microtasks run between
  // listeners of a user's event, so only a task is late enough).
  setTimeout(() => {
    if (!event.defaultPrevented) {
      setTimeout(() => clearBusy(button), NATIVE_BUSY_MS);
      return;
    }
    if (remixBusy()) pendingButtons.add(button);
    else clearBusy(button);
  }, 0);
}

export function wirePageFeedback() {
  document.addEventListener('click', onClick);
  document.addEventListener('toggle', onToggle, true);
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('submit', onSubmitCapture, true);
  const unsubscribe = remixRouter()?.subscribe((state) => {
    if (!busyIn(state)) clearPendingButtons();
  });
  return () => {
    unsubscribe?.();
    document.removeEventListener('click', onClick);
    document.removeEventListener('toggle', onToggle, true);
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('submit', onSubmitCapture, true);
  };
}

export { closeDropdowns };
