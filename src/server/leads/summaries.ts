import 'server-only';
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
    extra: input.flag_check_not_business ? [['Не бизнес', 'да']] : [],
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
    extra: [
      ...(input.btn_type ? ([['Кнопка', input.btn_type]] as Array<[string, string]>) : []),
      ...(input.city && input.city !== '-' ? ([['Город', input.city]] as Array<[string, string]>) : []),
    ],
  };
}
