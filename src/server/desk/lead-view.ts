import 'server-only';
import { TisSelectionSchema } from '@/lib/tis/selection-schema';
import type { TisSelection } from '@/lib/tis/quote';
import { countryOf } from '@/site/visitor.mjs';
import { sitePath } from '../leads/format-lead';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** What the desk shows of a lead beyond its columns, read from the stored form (field names of the specification). */
export interface LeadDetails {
  firm?: string;
  country?: string;
  city?: string;
  /** `dialog:1` … `order:3`: the client-type choice, by form (the two forms number it differently). */
  clientType?: string;
  comment?: string;
  department?: string;
  page?: string;
  utm?: string;
  metricaId?: string;
  /** The visitor's country by GeoIP of the stored client address. */
  geoCountry?: string;
  /** The car checked on /vehicle and the TIS set priced on /tis, when the lead carries them. */
  vin?: string;
  tis?: TisSelection;
}

export function leadDetails(kind: string, payload: Record<string, unknown>, clientAddress: string | null): LeadDetails {
  const utm = payload.utm && typeof payload.utm === 'object' ? (payload.utm as Record<string, unknown>) : {};
  const utmText = Object.entries(utm)
    .filter(([, value]) => text(value))
    .map(([key, value]) => `${key.replace(/^utm_/, '')}=${String(value)}`)
    .join(', ');
  const choice = text(payload.t_client);
  const page = text(payload.url);
  return {
    firm: text(payload.firm_name),
    country: text(payload.country_name),
    city: text(payload.city_name) ?? (text(payload.city) !== '-' ? text(payload.city) : undefined),
    clientType: choice ? `${kind === 'order' ? 'order' : 'dialog'}${choice}` : undefined,
    comment: text(payload.t_client_txt) ?? text(payload.note),
    department: text(payload.department),
    page: page ? sitePath(page) : undefined,
    utm: utmText || undefined,
    metricaId: text(payload.yandex_metrica_client_id),
    geoCountry: clientAddress ? countryOf(clientAddress) : undefined,
    vin: text(payload.vin),
    tis: payload.tis !== undefined && TisSelectionSchema.safeParse(payload.tis).success ? (payload.tis as TisSelection) : undefined,
  };
}
