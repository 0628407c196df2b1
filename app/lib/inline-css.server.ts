import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'cookie';
import stylesheet from '../tailwind.css?url';
import { STYLESHEET_COOKIE, stylesheetName } from './inline-css';

let css: string | null = null;

/** The built stylesheet's text, read once; empty (the page then links it) when the build has no such file. */
export function inlineCss() {
  if (css === null) {
    try {
      css = readFileSync(join(process.cwd(), 'public', stylesheet.split('?')[0]), 'utf8');
    } catch {
      css = '';
    }
  }
  return css;
}

/**
 * The stylesheet to write into this page: none (the page links it) when the browser says it holds this build's
 * file (inline-css.tsx), else the whole text. A page that links a cached file paints as soon as one that
 * carries it, and the server neither writes nor compresses its 32 KB again on every page.
 */
export function inlineCssFor(request: Request) {
  const cookies = request.headers.get('Cookie');
  if (cookies && parse(cookies)[STYLESHEET_COOKIE] === stylesheetName(stylesheet)) return '';
  return inlineCss();
}
