const integer = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

/** Integer rupiah with dot thousands and no decimals: `Rp 1.234.567` (prefix per screen: 'Rp ', 'IDR ', 'Rp.'). */
export function formatMoney(amount: number, prefix: 'Rp ' | 'IDR ' | 'Rp.' = 'Rp ') {
  return `${prefix}${integer.format(Math.round(amount))}`;
}

/** A 0–1 ratio as `62,24%`; null stays null so callers can show "no data". */
export function formatPercent(ratio: number | null) {
  return ratio === null ? null : `${decimal.format(ratio * 100)}%`;
}
