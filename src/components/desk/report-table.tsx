import type { ReportRow } from '@/server/desk/report';
import { bucketText } from '@/server/desk/report-figures';
import type { DeskFormat } from './desk-format';

type Text = { key: string; none: string; columns: Record<'leads' | 'contacted' | 'median' | 'p90' | 'invoices' | 'invoiced' | 'payments' | 'paid', string> };

const cell = 'px-2 py-1 text-right tabular-nums';

/** One of the report's tables (by source, campaign, page, product): the numbers its chart draws. */
export function ReportTable({ id, caption, rows, text, format }: { id: string; caption: string; rows: ReportRow[]; text: Text; format: DeskFormat }) {
  const c = text.columns;
  return (
    // Scrolls sideways on a phone: focusable, so that a keyboard can scroll it too.
    <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600" tabIndex={0} role="group" aria-labelledby={`${id}-caption`}>
      <table id={id} className="w-full text-sm">
        <caption id={`${id}-caption`} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr className="text-muted">
            <th scope="col" className="px-2 py-1 text-left">{text.key}</th>
            {[c.leads, c.contacted, c.median, c.p90, c.invoices, c.invoiced, c.payments, c.paid].map((label) => (
              <th key={label} scope="col" className="px-2 py-1 text-right font-semibold">{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key ?? ''} className="border-t border-brand-50" data-key={row.key ?? ''}>
              <th scope="row" className="max-w-64 px-2 py-1 text-left font-normal break-words">{row.key ?? <span className="text-muted italic">{text.none}</span>}</th>
              <td className={`${cell} font-semibold`} data-column="leads">{row.leads}</td>
              <td className={cell}>{row.contacted}</td>
              <td className={`${cell} whitespace-nowrap`}>{row.median === undefined ? '—' : bucketText(row.median)}</td>
              <td className={`${cell} whitespace-nowrap`}>{row.p90 === undefined ? '—' : bucketText(row.p90)}</td>
              <td className={cell}>{row.invoices}</td>
              <td className={`${cell} whitespace-nowrap`}>{format.money(row.invoicedKopecks)}</td>
              <td className={cell}>{row.payments}</td>
              <td className={`${cell} whitespace-nowrap`}>{format.money(row.paidKopecks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
