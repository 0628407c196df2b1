import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import stylesheet from '../tailwind.css?url';

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
