/**
 * The report's charts, drawn as SVG on the server: geometry in attributes and colours in classes,
 * never a style attribute, so the desk's policy needs nothing more. Each is hidden from screen
 * readers; the table under it holds the same numbers (its caption is named in the chart's title).
 */

const WIDTH = 320;
const BAR_AREA = 250;
const ROW = 30;

/** A bar's length for a value against the largest (one decimal of a unit). */
export const barLength = (value: number, max: number) => (max > 0 ? Math.round((value / max) * BAR_AREA * 10) / 10 : 0);

const shorten = (text: string, length = 48) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** One bar per row, its label above it and its value after it. */
export function BarChart({ rows, title, tableId }: { rows: Array<{ key: string; label: string; value: number }>; title: string; tableId: string }) {
  const max = Math.max(0, ...rows.map((row) => row.value));
  const height = Math.max(ROW, rows.length * ROW);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} width={WIDTH} height={height} className="h-auto w-full max-w-md" aria-hidden="true" focusable="false" data-chart="bars" data-max={max} data-table={tableId}>
      <title>{title}</title>
      {rows.map((row, index) => {
        const y = index * ROW;
        const length = barLength(row.value, max);
        return (
          <g key={row.key} data-key={row.key}>
            <text x={0} y={y + 11} className="fill-brand-900 text-[11px]">
              {shorten(row.label)}
            </text>
            <rect x={0} y={y + 15} width={length} height={10} rx={2} className="fill-brand-600" data-value={row.value} />
            <text x={length + 4} y={y + 24} className="fill-muted text-[10px]">
              {row.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

const LINE_HEIGHT = 150;
const PAD = { left: 28, right: 8, top: 12, bottom: 22 };

/** The points of the weekly line: x spread over the weeks, y from 0 at the bottom to the largest week at the top. */
export function linePoints(values: number[]) {
  const max = Math.max(0, ...values);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = LINE_HEIGHT - PAD.top - PAD.bottom;
  const step = values.length > 1 ? plotWidth / (values.length - 1) : 0;
  return values.map((value, index) => ({
    x: Math.round((PAD.left + (values.length > 1 ? index * step : plotWidth / 2)) * 10) / 10,
    y: Math.round((PAD.top + plotHeight - (max > 0 ? (value / max) * plotHeight : 0)) * 10) / 10,
    value,
  }));
}

/** Leads per week as a line, with the largest week's count on the axis and the first and last week under it. */
export function WeekLine({ weeks, title, tableId }: { weeks: Array<{ start: string; label: string; leads: number }>; title: string; tableId: string }) {
  const points = linePoints(weeks.map((week) => week.leads));
  const max = Math.max(0, ...weeks.map((week) => week.leads));
  const bottom = LINE_HEIGHT - PAD.bottom;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${LINE_HEIGHT}`} width={WIDTH} height={LINE_HEIGHT} className="h-auto w-full max-w-md" aria-hidden="true" focusable="false" data-chart="line" data-max={max} data-table={tableId}>
      <title>{title}</title>
      <line x1={PAD.left} y1={bottom} x2={WIDTH - PAD.right} y2={bottom} className="stroke-brand-100" />
      <line x1={PAD.left} y1={PAD.top} x2={WIDTH - PAD.right} y2={PAD.top} className="stroke-brand-50" />
      <text x={PAD.left - 4} y={PAD.top + 4} textAnchor="end" className="fill-muted text-[10px]">
        {max}
      </text>
      <text x={PAD.left - 4} y={bottom + 4} textAnchor="end" className="fill-muted text-[10px]">
        0
      </text>
      <polyline points={points.map((point) => `${point.x},${point.y}`).join(' ')} fill="none" className="stroke-brand-600" strokeWidth={2} />
      {points.map((point, index) => (
        <circle key={weeks[index]!.start} cx={point.x} cy={point.y} r={2.5} className="fill-brand-600" data-week={weeks[index]!.start} data-value={point.value} />
      ))}
      {weeks.length ? (
        <>
          <text x={PAD.left} y={LINE_HEIGHT - 6} className="fill-muted text-[10px]">
            {weeks[0]!.label}
          </text>
          <text x={WIDTH - PAD.right} y={LINE_HEIGHT - 6} textAnchor="end" className="fill-muted text-[10px]">
            {weeks[weeks.length - 1]!.label}
          </text>
        </>
      ) : null}
    </svg>
  );
}
