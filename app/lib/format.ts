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

const dateTime = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Jakarta',
});
const dateOnly = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Jakarta',
});

/** `21 November 2026 3.05 PM`-style (spec: D MMMM YYYY h:mm A), in Jakarta time. */
export function formatDateTime(value: string | null | undefined) {
  return value ? dateTime.format(new Date(value.replace(' ', 'T'))) : '–';
}

export function formatDate(value: string | null | undefined) {
  return value ? dateOnly.format(new Date(value.replace(' ', 'T'))) : '–';
}

const ABBREVIATIONS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** 1.234.567 → `1,2M` (dashboard abbreviations K, M, B, T; comma decimals). */
export function formatCompact(value: number) {
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  for (const [size, suffix] of ABBREVIATIONS) {
    if (magnitude >= size)
      return `${sign}${decimal.format(Math.round((magnitude / size) * 10) / 10)}${suffix}`;
  }
  return `${sign}${integer.format(magnitude)}`;
}
