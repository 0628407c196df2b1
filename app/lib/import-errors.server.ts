import type { ImportRowError } from '~/components/stock/import-form';
import type { UpstreamError } from './upstream.server';

/**
 * An import's refusal as rows, for the stock, price and listing price imports alike: `rows.{row}.{column}` keys
 * (docs/decisions/017) in row order, the file's own errors first.
 */
export function importRowErrors(error: UpstreamError): ImportRowError[] {
  const rows = Object.entries(error.fieldErrors).flatMap(([key, messages]) => {
    const match = /^rows\.(\d+)\.(.+)$/.exec(key);
    return messages.map((message) => ({
      row: match ? Number(match[1]) : null,
      column: match ? match[2] : null,
      message,
    }));
  });
  return rows.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}
