import 'server-only';
import { quoteTis } from '@/lib/tis/quote';
import { tisQuoteText } from '@/lib/tis/quote-text';
import type { TisSelection } from '@/lib/tis/quote';
import type { FeedbackInput, LeadInput, OrderInput } from '@/lib/validation';
import type { LeadSummary } from './format-lead';

const DIALOG_CLIENT: Record<string, string> = {
  '1': 'хочет купить / посмотреть каталог',
  '2': 'частное лицо',
  '3': 'хочет купить запчасть',
};
const MODAL_CLIENT: Record<string, string> = {
  '1': 'представитель автобизнеса',
  '2': 'частное лицо',
  '3': 'хочет купить запчасть',
};

/**
 * The rows of what a lead carries from the site's tools: the VIN, and the TIS set priced from the
 * price list in force (so sales see the amount the server computes, not one the browser sent).
 */
function toolRows({ vin, tis }: { vin?: string; tis?: TisSelection }): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (vin) rows.push(['VIN', vin]);
  if (tis) rows.push(['TIS', tisQuoteText(quoteTis(tis), 'ru', `${tis.months} мес.`)]);
  return rows;
}

export function feedbackSummary(input: FeedbackInput, lang: string): LeadSummary {
  return {
    kind: 'feedback',
    name: input.name,
    phone: input.phone,
    email: input.email,
    text: input.note,
    lang,
    page: input.url,
    metricaId: input.yandex_metrica_client_id,
    extra: [
      ['Отдел', input.department === 'seller' ? 'продажи' : 'техподдержка'],
      ['Страна', input.country_name],
    ],
  };
}

export function buyDemoSummary(input: LeadInput): LeadSummary {
  return {
    kind: input.t,
    name: input.name,
    phone: input.phone,
    email: input.email,
    clientType: DIALOG_CLIENT[input.t_client],
    text: input.t_client_txt,
    lang: input.lang,
    page: input.url,
    utm: input.utm,
    metricaId: input.yandex_metrica_client_id,
    vin: input.vin,
    extra: [...toolRows(input), ...(input.flag_check_not_business ? ([['Не бизнес', 'да']] as Array<[string, string]>) : [])],
  };
}

export function orderSummary(input: OrderInput): LeadSummary {
  return {
    kind: 'order',
    name: input.name,
    phone: input.phone,
    clientType: MODAL_CLIENT[input.t_client],
    text: input.t_client_txt,
    lang: input.lang,
    page: input.url,
    metricaId: input.yandex_metrica_client_id,
    vin: input.vin,
    extra: [
      ...toolRows(input),
      ...(input.btn_type ? ([['Кнопка', input.btn_type]] as Array<[string, string]>) : []),
      ...(input.city && input.city !== '-' ? ([['Город', input.city]] as Array<[string, string]>) : []),
    ],
  };
}
