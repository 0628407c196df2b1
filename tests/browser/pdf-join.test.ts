import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePdfBrowser } from '~/lib/pdf.server';
import { pdfBrowser } from '~/lib/pdf/browser.server';
import { joinPdfs } from '~/lib/pdf/join-pdf.server';
import type { Page } from 'puppeteer-core';

let page: Page;

beforeAll(async () => {
  page = await (await pdfBrowser()).newPage();
}, 60_000);

afterAll(async () => {
  await page?.close();
  await closePdfBrowser();
});

/** A part as Chromium prints it: a table of `rows` numbered lines starting at `from`, long enough to span pages. */
async function part(from: number, rows: number, tagged: boolean, last = false) {
  const lines = Array.from(
    { length: rows },
    (_, index) =>
      `<tr><td>${from + index}</td><td>SO/${from + index}</td><td>Rp.${(from + index) * 100}</td></tr>`,
  ).join('');
  await page.setContent(
    `<html><head><title>Voucher (uji)</title></head><body><table>${lines}</table>` +
      `${last ? '<p>Total Rp.999</p><a href="https://example.test/x">tautan</a>' : ''}</body></html>`,
  );
  return page.pdf({ format: 'A4', tagged, printBackground: true });
}

function tool(name: string, bytes: Uint8Array, ...args: string[]) {
  const result = spawnSync(name, [...args, '-', ...(name === 'pdftotext' ? ['-'] : [])], { input: bytes });
  expect(result.status, result.stderr.toString()).toBe(0);
  expect(result.stderr.toString()).toBe('');
  return result.stdout.toString();
}

function pageCount(bytes: Uint8Array) {
  return Number(/Pages:\s+(\d+)/.exec(tool('pdfinfo', bytes))?.[1]);
}

describe.each([true, false])('joining Chromium PDFs (tagged %s)', (tagged) => {
  it('keeps every page and line of every part in order, numbers every page, and carries the tags through', async () => {
    const parts = [await part(1, 90, tagged), await part(91, 90, tagged), await part(181, 5, tagged, true)];
    const pages = parts.map(pageCount);
    expect(pages[0]).toBeGreaterThan(1);
    const joined = joinPdfs(parts, { pageLabel: (at, of) => `Halaman ${at} dari ${of}` });
    const total = pages.reduce((sum, count) => sum + count, 0);
    expect(pageCount(joined)).toBe(total);
    expect(/Tagged:\s+(\w+)/.exec(tool('pdfinfo', joined))?.[1]).toBe(tagged ? 'yes' : 'no');
    expect(/Title:\s+(.*)/.exec(tool('pdfinfo', joined))?.[1]).toBe('Voucher (uji)');

    const text = tool('pdftotext', joined);
    const numbers = [...text.matchAll(/SO\/(\d+)/g)].map((match) => Number(match[1]));
    expect(numbers).toEqual(Array.from({ length: 185 }, (_, index) => index + 1));
    const labels = [...text.matchAll(/Halaman (\d+) dari (\d+)/g)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    expect(labels).toEqual(Array.from({ length: total }, (_, index) => [index + 1, total]));
    expect(text).toContain('Total Rp.999');
    // Every page of the joined file renders: poppler reads each one without complaint.
    tool('pdftoppm', joined, '-r', '10', '-png');
  }, 60_000);
});

it('joins a single part as it is, with its page numbers', async () => {
  const one = await part(1, 3, true, true);
  const joined = joinPdfs([one], { pageLabel: (at, of) => `Page ${at} of ${of}` });
  expect(tool('pdftotext', joined)).toContain('Page 1 of 1');
}, 60_000);

it('refuses what is not a PDF', () => {
  expect(() => joinPdfs([Buffer.from('not a pdf')])).toThrow();
  expect(() => joinPdfs([])).toThrow('nothing to join');
});
