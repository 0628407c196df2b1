/**
 * Formatting by hand rather than with Intl: the server's and the browser's ICU data differ
 * (spaces, "pukul", 12-hour markers), and any difference breaks hydration.
 */

function groupThousands(digits: string) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

function formatInteger(value: number) {
  const rounded = Math.round(Math.abs(value));
  return `${value < 0 && rounded !== 0 ? '-' : ''}${groupThousands(String(rounded))}`;
}

/** Up to `places` decimals with a comma, trailing zeros dropped: 62.2400 → `62,24`. */
function formatDecimal(value: number, places = 2) {
  const [whole, fraction = ''] = Math.abs(value).toFixed(places).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const sign = value < 0 && Number(`${whole}.${fraction}`) !== 0 ? '-' : '';
  return `${sign}${groupThousands(whole)}${trimmed ? `,${trimmed}` : ''}`;
}

/** Integer rupiah with dot thousands and no decimals: `Rp 1.234.567` (prefix per screen: 'Rp ', 'IDR ', 'Rp.'). */
export function formatMoney(amount: number, prefix: 'Rp ' | 'IDR ' | 'Rp.' = 'Rp ') {
  return `${prefix}${formatInteger(amount)}`;
}

export function formatNumber(value: number, places = 2) {
  return formatDecimal(value, places);
}

/** A 0–1 ratio as `62,24%`; null stays null so callers can show "no data". */
export function formatPercent(ratio: number | null) {
  return ratio === null ? null : `${formatDecimal(ratio * 100)}%`;
}

const ABBREVIATIONS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** 1.234.567 → `1,2M` (dashboard abbreviations K, M, B, T; comma decimals). */
export function formatCompact(value: number) {
  const magnitude = Math.abs(value);
  for (const [size, suffix] of ABBREVIATIONS) {
    if (magnitude >= size) return `${value < 0 ? '-' : ''}${formatDecimal(magnitude / size, 1)}${suffix}`;
  }
  return formatInteger(value);
}

const MONTHS = {
  id: [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};
const SHORT_MONTHS = {
  id: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

let language: keyof typeof MONTHS = 'id';

/**
 * The language month names are written in. The root sets it as it renders each page: a server render runs to its
 * end before the next request's begins (the app renders no Suspense boundary on the server), and the browser
 * shows one language per page load.
 */
export function setDateLanguage(lng: string) {
  language = lng === 'en' ? 'en' : 'id';
}

/** A month's name (0 = January) in the page's language; `short` for chart axes. */
export function monthName(index: number, short = false) {
  return (short ? SHORT_MONTHS : MONTHS)[language][index];
}

const JAKARTA_OFFSET_MS = 7 * 3_600_000;

/** Upstream timestamps: ISO with a zone, or `YYYY-MM-DD HH:mm:ss` in Jakarta time. */
function parseTimestamp(value: string) {
  const hasZone = /[zZ]|[+-]\d\d:?\d\d$/.test(value);
  const date = new Date(hasZone ? value : `${value.replace(' ', 'T')}+07:00`);
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime() + JAKARTA_OFFSET_MS);
}

/** `21 November 2026 3:05 PM` (spec: D MMMM YYYY h:mm A), in Jakarta time. */
export function formatDateTime(value: string | null | undefined) {
  const local = value ? parseTimestamp(value) : null;
  if (!local) return '–';
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(value)} ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A calendar day (`YYYY-MM-DD`, no time): `20 November 2026`. */
export function formatDay(day: string | null | undefined) {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return '–';
  return `${Number(match[3])} ${monthName(Number(match[2]) - 1)} ${match[1]}`;
}

/** A calendar day as the Bank Payment Voucher prints it (spec: DD-MM-YYYY). */
export function formatVoucherDay(day: string | null | undefined) {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '–';
}

/** `21 November 2026` (spec: D MMMM YYYY), in Jakarta time. */
export function formatDate(value: string | null | undefined) {
  const local = value ? parseTimestamp(value) : null;
  if (!local) return '–';
  return `${local.getUTCDate()} ${monthName(local.getUTCMonth())} ${local.getUTCFullYear()}`;
}
