import { describe, expect, it } from 'vitest';
import { reportCsv, roublesText, type ReportCsvText } from './report-csv';
import type { LeadReport } from './report';

const text: ReportCsvText = {
  key: { source: 'Source', campaign: 'Campaign', page: 'Page', product: 'Product' },
  none: { source: 'direct', campaign: 'no campaign', page: 'page unknown', product: 'not named' },
  columns: { leads: 'Leads', contacted: 'Contacted', median: 'Median', p90: 'P90', invoices: 'Invoices', invoiced: 'Invoiced', payments: 'Payments', paid: 'Paid' },
  person: 'Person',
  unowned: 'Unowned',
  waiting: 'Waiting',
  bands: { under5: '<5', to10: '5-10', to30: '10-30', to60: '30-60', over60: '>60' },
  week: 'Week',
};

const row = (key: string | null, leads: number, extra = {}) => ({ key, leads, contacted: 0, invoices: 0, invoicedKopecks: 0, payments: 0, paidKopecks: 0, ...extra });
const report: LeadReport = {
  from: '2026-03-01',
  to: '2026-03-31',
  total: row(null, 4),
  tables: {
    source: [row('yandex / cpc', 3, { contacted: 2, median: 8, p90: 40, invoices: 1, invoicedKopecks: 4_290_005, payments: 1, paidKopecks: 4_290_005 }), row(null, 1)],
    campaign: [row('=HYPERLINK("x")', 1)],
    page: [],
    product: [],
  },
  owners: [
    { ownerId: 'a', name: 'Анна', leads: 3, contacted: 2, median: 8, bands: { under5: 1, to10: 0, to30: 0, to60: 1, over60: 0 } },
    { ownerId: null, name: null, leads: 1, contacted: 0, bands: { under5: 0, to10: 0, to30: 0, to60: 0, over60: 0 } },
  ],
  weeks: [{ start: '2026-02-23', leads: 0 }, { start: '2026-03-02', leads: 4 }],
};

describe('the report’s CSV', () => {
  it('has the table’s rows and numbers, sums in roubles, direct named, formulas inert', () => {
    expect(roublesText(4_290_005)).toBe('42900.05');
    const lines = reportCsv(report, 'source', text).replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines).toEqual([
      '"Source","Leads","Contacted","Median","P90","Invoices","Invoiced","Payments","Paid"',
      '"yandex / cpc","3","2","8","40–49","1","42900.05","1","42900.05"',
      '"direct","1","0","","","0","0.00","0","0.00"',
    ]);
    expect(reportCsv(report, 'campaign', text)).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('writes the owners’ bands and the weeks', () => {
    expect(reportCsv(report, 'owners', text).replace('\uFEFF', '').trimEnd().split('\r\n')).toEqual([
      '"Person","Leads","Contacted","Median","<5","5-10","10-30","30-60",">60","Waiting"',
      '"Анна","3","2","8","1","0","0","1","0","1"',
      '"Unowned","1","0","","0","0","0","0","0","1"',
    ]);
    expect(reportCsv(report, 'weeks', text)).toBe('\uFEFF"Week","Leads"\r\n"2026-02-23","0"\r\n"2026-03-02","4"\r\n');
  });
});
