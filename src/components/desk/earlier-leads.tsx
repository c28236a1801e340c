import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import type { EarlierLead } from '@/server/desk/earlier-leads';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';
import { StatusBadge } from './status-badge';

/** The customer's earlier leads (same phone, e-mail or INN): number (a link), kind, date, status, owner. */
export async function EarlierLeads({ locale, leads, format }: { locale: Locale; leads: EarlierLead[]; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100" aria-labelledby="lead-earlier">
      <h2 id="lead-earlier" className="text-lg font-bold text-brand-900">
        {t('owner.earlier')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('owner.earlierHint')}</p>
      {leads.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-brand-100">
                <th scope="col" className="p-2">{t('owner.colNumber')}</th>
                <th scope="col" className="p-2">{t('owner.colKind')}</th>
                <th scope="col" className="p-2">{t('owner.colDate')}</th>
                <th scope="col" className="p-2">{t('owner.colStatus')}</th>
                <th scope="col" className="p-2">{t('owner.colOwner')}</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr key={lead.id} className="border-b border-brand-50">
                  <td className="p-2">
                    <a href={localizedPath(locale, `desk/leads/${lead.id}`)} className="font-semibold text-brand-700 underline">
                      {t('lead.number', { number: String(lead.number) })}
                    </a>
                  </td>
                  <td className="p-2">{t.pick('kinds', lead.kind)}</td>
                  <td className="p-2">
                    <time dateTime={lead.createdAt.toISOString()}>{format.dateTime(lead.createdAt)}</time>
                  </td>
                  <td className="p-2">
                    <StatusBadge locale={locale} status={lead.status} />
                  </td>
                  <td className="p-2">{lead.ownerName ?? <span className="text-muted">{t('owner.unowned')}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-muted">{t('owner.earlierNone')}</p>
      )}
    </section>
  );
}
