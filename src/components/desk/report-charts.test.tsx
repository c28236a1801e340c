import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart, barLength, linePoints, WeekLine } from './report-charts';

const parse = (markup: string) => {
  const bars = [...markup.matchAll(/<g data-key="([^"]*)"><text[^>]*>([^<]*)<\/text><rect [^>]*width="([\d.]+)"[^>]*data-value="(\d+)"/g)].map((match) => ({ key: match[1], label: match[2], width: Number(match[3]), value: Number(match[4]) }));
  return bars;
};

describe('the report’s charts', () => {
  const rows = [
    { key: 'yandex / cpc', label: 'yandex / cpc', value: 40 },
    { key: 'google / cpc', label: 'google / cpc', value: 10 },
    { key: '', label: 'direct', value: 5 },
  ];

  it('draws one bar per row, its length in proportion to its value, hidden from screen readers with a title naming the table', () => {
    const markup = renderToStaticMarkup(<BarChart rows={rows} title="By source: chart of the table below" tableId="report-source-table" />);
    expect(markup).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(markup).toContain('data-table="report-source-table"');
    expect(markup).toContain('<title>By source: chart of the table below</title>');
    expect(markup).not.toContain('style=');
    const bars = parse(markup);
    expect(bars.map((bar) => [bar.key, bar.label, bar.value])).toEqual(rows.map((row) => [row.key, row.label, row.value]));
    expect(bars.map((bar) => bar.width)).toEqual([250, 62.5, 31.3]);
    expect(bars[0]!.width / bars[1]!.width).toBeCloseTo(40 / 10, 1);
    expect(barLength(0, 0)).toBe(0);
  });

  it('draws the weekly line through each week’s count, the highest week at the top', () => {
    const weeks = [
      { start: '2026-03-02', label: '02.03', leads: 2 },
      { start: '2026-03-09', label: '09.03', leads: 8 },
      { start: '2026-03-16', label: '16.03', leads: 0 },
    ];
    const markup = renderToStaticMarkup(<WeekLine weeks={weeks} title="Leads per week" tableId="report-weeks-table" />);
    const circles = [...markup.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"[^>]*data-week="([^"]+)" data-value="(\d+)"/g)].map((match) => ({ y: Number(match[2]), week: match[3], value: Number(match[4]) }));
    expect(circles.map((circle) => [circle.week, circle.value])).toEqual(weeks.map((week) => [week.start, week.leads]));
    const points = linePoints([2, 8, 0]);
    expect(points[1]!.y).toBeLessThan(points[0]!.y);
    expect(points[2]!.y).toBeGreaterThan(points[0]!.y);
    expect(markup).toContain(`points="${points.map((point) => `${point.x},${point.y}`).join(' ')}"`);
    expect(markup).not.toContain('style=');
  });
});
