import { formatMoney } from '../format';

const JAKARTA_OFFSET_MS = 7 * 3_600_000;

/** An instant from the API as the form's Jakarta day and time fields: `YYYY-MM-DD` and `HH:mm`. */
export function jakartaParts(iso: string) {
  const local = new Date(new Date(iso).getTime() + JAKARTA_OFFSET_MS).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** A Diskon as its percentage, a Potongan Harga as rupiah. */
export function formatPromotionValue(type: string, value: number) {
  return type === 'discount' ? `${value}%` : formatMoney(value);
}
