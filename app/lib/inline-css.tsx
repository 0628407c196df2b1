import { createContext, useContext, useEffect } from 'react';

/**
 * The app's stylesheet, written into each page's <head> instead of linked: on a slow connection a linked
 * stylesheet shares the line with the page's scripts, and nothing paints until it arrives (the first order row
 * painted ~300 ms later on Fast 3G). The server hands the text over (inline-css.server.ts); the browser reads it
 * back from the page before hydrating, so both render the same element. It is the app's own build output, never
 * data, which is why it may go in as HTML.
 *
 * Once a page has painted, the browser fetches the file itself into its cache and says so in a cookie naming
 * this build's file: from then on the server links it (docs/decisions/057). Without JavaScript, or before that
 * fetch, every page carries the text as before.
 */
export const InlineCssContext = createContext<string>('');

export const INLINE_CSS_ID = 'app-css';

/** Names the build's stylesheet the browser holds; a new build's file has another name. */
export const STYLESHEET_COOKIE = 'bo_css';

const STYLESHEET_COOKIE_DAYS = 30;

/** The file name of the stylesheet's address (its hash changes with its content). */
export function stylesheetName(href: string) {
  return href.split('?')[0].split('/').pop() ?? '';
}

/** After the page painted with the text inline: fetch the file into the HTTP cache, then let the server know. */
function useCachedStylesheet(href: string | null) {
  useEffect(() => {
    if (!href) return;
    fetch(href)
      .then((response) => {
        if (!response.ok) return;
        const secure = window.location.protocol === 'https:' ? '; Secure' : '';
        document.cookie = `${STYLESHEET_COOKIE}=${stylesheetName(href)}; Path=/; Max-Age=${STYLESHEET_COOKIE_DAYS * 86_400}; SameSite=Lax${secure}`;
      })
      .catch(() => undefined);
  }, [href]);
}

export function InlineStyles({ href }: { href: string }) {
  const css = useContext(InlineCssContext);
  useCachedStylesheet(css ? href : null);
  if (!css) return <link rel="stylesheet" href={href} />;
  // The build's own stylesheet, not data: written as is (React would escape the `>` of child selectors).
  // eslint-disable-next-line react/no-danger
  return <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
