import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MetricCard, shownDirection } from '~/components/dashboard/metric-card';

describe('a dashboard card’s change', () => {
  it('that rounds to 0 % shows as no change: no arrow up, no green', () => {
    // 90,87 against 90,8: up by 0,08 %, which the card shows as 0 %.
    const value = { current_period: 90.87, last_period: 90.8, percentage: 0, direction: 1 as const };
    expect(shownDirection(value)).toBe(0);
    const html = renderToString(<MetricCard label="In-Stock Rate" value={value} format={String} />);
    expect(html).not.toContain('▲');
    expect(html).not.toContain('text-green-700');
    expect(html).toContain('text-slate-500');
  });

  it('that rounds to 1 % or more keeps its arrow and colour', () => {
    const up = { current_period: 110, last_period: 100, percentage: 10, direction: 1 as const };
    const html = renderToString(<MetricCard label="GMV" value={up} format={String} />);
    expect(shownDirection(up)).toBe(1);
    expect(html).toContain('▲');
    expect(html).toContain('text-green-700');
    const down = { ...up, current_period: 90, direction: 2 as const };
    expect(renderToString(<MetricCard label="SLA" value={down} format={String} goodWhenDown />)).toContain(
      'text-green-700',
    );
  });
});
