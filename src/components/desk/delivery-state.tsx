import type { Locale } from '@/site/locales.mjs';
import type { Delivery } from '@/server/desk/lead-list';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

/** Only a web address becomes a link (the CRM's record, which the channel made from its settings). */
const webLink = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : undefined);

/** Each channel's state from the outbox: sent at (with the CRM's record), or waiting/failed/refused with its attempts and last error. */
export async function DeliveryState({ locale, deliveries, format }: { locale: Locale; deliveries: Delivery[]; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  if (!deliveries.length) return <span className="text-muted">{t('delivery.none')}</span>;
  return (
    <ul className="flex flex-col gap-1">
      {deliveries.map((delivery, index) => {
        const refused = delivery.status === 'failed';
        const failed = refused || (delivery.status === 'pending' && delivery.lastError);
        const link = webLink(delivery.externalUrl);
        const state = delivery.deliveredAt
          ? t('delivery.delivered', { date: format.dateTime(delivery.deliveredAt) })
          : refused
            ? t('delivery.refused', { attempts: String(delivery.attempts) })
            : failed
              ? t('delivery.failed', { attempts: String(delivery.attempts) })
              : t.pick('delivery', delivery.status, { attempts: delivery.attempts });
        return (
          // A lead may have two messages on one channel (an invoice's: the sales e-mail and the buyer's).
          <li key={`${delivery.channel}-${index}`} className={failed ? 'text-red-800' : delivery.deliveredAt ? 'text-green-800' : 'text-muted'}>
            <span className="font-semibold">{t.pick('channels', delivery.channel)}:</span> {state}
            {link ? (
              <>
                {' '}
                <a href={link} target="_blank" rel="noopener noreferrer" className="underline">
                  {t('delivery.openRecord')}
                </a>
              </>
            ) : null}
            {failed ? <span className="block text-xs break-all">{delivery.lastError}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
