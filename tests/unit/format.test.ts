import { describe, expect, it } from 'vitest';
import { formatCompact, formatDate, formatDateTime, formatMoney, formatPercent } from '~/lib/format';

describe('formatting', () => {
  it('writes rupiah with dot thousands, no decimals and the screen prefix', () => {
    expect(formatMoney(1234567)).toBe('Rp 1.234.567');
    expect(formatMoney(1234567.6, 'IDR ')).toBe('IDR 1.234.568');
    expect(formatMoney(-5000, 'Rp.')).toBe('Rp.-5.000');
    expect(formatMoney(0)).toBe('Rp 0');
  });

  it('abbreviates with K, M, B and T and a comma decimal', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(1500)).toBe('1,5K');
    expect(formatCompact(1_234_567)).toBe('1,2M');
    expect(formatCompact(2_000_000_000)).toBe('2B');
    expect(formatCompact(3_400_000_000_000)).toBe('3,4T');
  });

  it('writes a ratio as a percentage with comma decimals', () => {
    expect(formatPercent(0.6224)).toBe('62,24%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(null)).toBeNull();
  });

  it('shows timestamps in Jakarta time as D MMMM YYYY h:mm A', () => {
    expect(formatDateTime('2026-11-21T03:05:00.000Z')).toBe('21 November 2026 10:05 AM');
    expect(formatDateTime('2026-11-21 15:05:00')).toBe('21 November 2026 3:05 PM');
    expect(formatDateTime('2026-11-20T17:30:00Z')).toBe('21 November 2026 12:30 AM');
    expect(formatDate('2026-01-31T18:00:00Z')).toBe('1 Februari 2026');
    expect(formatDateTime(null)).toBe('–');
  });
});
