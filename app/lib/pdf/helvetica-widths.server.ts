/**
 * Helvetica's advance widths (Adobe's standard-14 metrics, thousandths of the font size) for the printable ASCII
 * range, space to tilde: enough to centre a page number without embedding a font.
 */
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** The width of `text` in Helvetica, in thousandths of the font size; other characters count as a question mark. */
export function helveticaWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    width += WIDTHS[code >= 0x20 && code <= 0x7e ? code - 0x20 : 0x3f - 0x20];
  }
  return width;
}
