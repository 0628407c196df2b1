import { createContext, useContext } from 'react';

/**
 * The app's stylesheet, written into each page's <head> instead of linked: on a slow connection a linked
 * stylesheet shares the line with the page's scripts, and nothing paints until it arrives (the first order row
 * painted ~300 ms later on Fast 3G). The server hands the text over (inline-css.server.ts); the browser reads it
 * back from the page before hydrating, so both render the same element. It is the app's own build output, never
 * data, which is why it may go in as HTML.
 */
export const InlineCssContext = createContext<string>('');

export const INLINE_CSS_ID = 'app-css';

export function InlineStyles({ href }: { href: string }) {
  const css = useContext(InlineCssContext);
  if (!css) return <link rel="stylesheet" href={href} />;
  // The build's own stylesheet, not data: written as is (React would escape the `>` of child selectors).
  // eslint-disable-next-line react/no-danger
  return <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
