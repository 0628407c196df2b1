/**
 * Budget rows: printed as a table and written as one section per script into bench/results/latest.md
 * (git-ignored), so `orders.ts` and `dashboard.ts` can be rerun one at a time without losing the other's rows.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type BudgetRow = {
  what: string;
  /** p50 / p95 / max or whatever the measure is, as text. */
  measured: string;
  budget: string;
  /** The floor's figure of the same run, beside the row (bench/cpu.ts). */
  floor?: string;
  /** null: no budget, for information. */
  pass: boolean | null;
  note?: string;
};

const RESULTS_DIR = join('bench', 'results');
const LATEST = join(RESULTS_DIR, 'latest.md');

function verdict(pass: boolean | null) {
  return pass === null ? '—' : pass ? 'pass' : 'FAIL';
}

/** The columns of a table: the floor's only when a row has a floor figure. */
function columnsOf(rows: BudgetRow[]) {
  const floor = rows.some((row) => row.floor !== undefined);
  return {
    header: floor
      ? ['what', 'measured', 'floor, same run', 'budget', 'verdict']
      : ['what', 'measured', 'budget', 'verdict'],
    cells: (row: BudgetRow) =>
      floor
        ? [row.what, row.measured, row.floor ?? '', row.budget, verdict(row.pass)]
        : [row.what, row.measured, row.budget, verdict(row.pass)],
  };
}

export function printRows(rows: BudgetRow[]) {
  const { header, cells } = columnsOf(rows);
  const table = rows.map(cells);
  const widths = header.map((name, index) => Math.max(name.length, ...table.map((row) => row[index].length)));
  const last = header.length - 1;
  const line = (row: string[]) =>
    row.map((cell, index) => (index < last ? cell.padEnd(widths[index]) : cell)).join('  ');
  console.info(line(header));
  console.info(line(widths.map((width) => '-'.repeat(width))));
  for (const row of table) console.info(line(row));
}

function markdown(rows: BudgetRow[]) {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const { header, cells } = columnsOf(rows);
  return [
    `| ${[...header, 'note'].join(' | ')} |`,
    `| ${[...header, 'note'].map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${[...cells(row), row.note ?? ''].map(escape).join(' | ')} |`),
  ].join('\n');
}

/** The rows of a section's table, as markdown lines. */
function tableLines(section: string) {
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| what |') && !line.startsWith('| --- |'));
}

/**
 * Writes the section `## <script>` of bench/results/latest.md: the new rows, then the rows of the earlier run
 * that this run did not measure again (a run of a subset keeps the rest).
 */
export function writeSection(script: string, context: string, rows: BudgetRow[]) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  let existing = '';
  try {
    existing = readFileSync(LATEST, 'utf8');
  } catch {
    existing = '# Latest budget run\n';
  }
  const heading = `## ${script}`;
  const parts = existing.split(/^(?=## )/m);
  const index = parts.findIndex((part) => part.startsWith(`${heading}\n`));
  // A row's step is the first word of its label (API, page, export, upkeep: …): a rerun step replaces all its rows.
  const stepOf = (what: string) => what.split(' ')[0];
  const fresh = new Set(rows.map((row) => stepOf(row.what)));
  const kept = index >= 0 ? tableLines(parts[index]).filter((line) => !fresh.has(stepOf(line.slice(2)))) : [];
  const section = `${heading}\n\n${context}${kept.length ? ` · the last ${kept.length} rows are from an earlier run` : ''}\n\n${[markdown(rows), ...kept].join('\n')}\n`;
  if (index >= 0) parts[index] = `${section}\n`;
  else parts.push(`${parts[parts.length - 1].endsWith('\n\n') ? '' : '\n'}${section}\n`);
  writeFileSync(LATEST, `${parts.join('').trimEnd()}\n`);
  console.info(`\nwritten to ${LATEST}`);
}
