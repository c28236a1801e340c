'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useApiClient } from '@/components/api/api-client';
import { FormStatus, SubmitButton } from '@/components/dialogs/form-fields';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import type { ApiInvoice, PurchaseTerms, SavedCompany } from '@/lib/partner/api-types';
import { invoicePath } from '@/lib/partner/partner-paths';
import { companyBody, orderItems, purchaseProblems, type CompanyDraft, type OrderDraft } from '@/lib/partner/purchase-order';
import { readPurchaseChoice } from '@/lib/partner/purchase-query';
import { CompanyFields } from './company-fields';
import { OrderEstimate } from './order-estimate';
import { OrderFields } from './order-fields';

interface Props {
  locale: Locale;
  purchase: PurchaseTerms;
  saved: SavedCompany | null;
  productNames: Readonly<Record<string, string>>;
}

/** The order a link chose (`?buy=tis&brands=…&months=3`): a chosen catalogue starts with one workstation. */
function chosenOrder(): OrderDraft {
  const choice = readPurchaseChoice(window.location.search);
  return { seats: Object.fromEntries(choice.catalogues.map((product) => [product, '1'])), brands: choice.brands, months: choice.months };
}

/**
 * An error of the API (`company.inn`, `items.1.seats`) as the field of the form it belongs to:
 * an item's by the part of the form it came from (`owners`), its period by the period's.
 */
function fieldOf(key: string, owners: readonly string[]): string {
  const item = /^items\.(\d+)\.(\w+)/.exec(key);
  if (!item) return key;
  const owner = owners[Number(item[1])];
  if (item[2] === 'months') return 'months';
  if (owner === 'tis') return 'brands';
  return owner ? `seats.${owner}` : 'items';
}

const FIELDS = new Set(['company.inn', 'company.kpp', 'company.name', 'company.address', 'items', 'brands', 'months']);
const isField = (field: string) => FIELDS.has(field) || field.startsWith('seats.');

/**
 * The purchase: the company, the order and its estimate, and «Get the invoice», which posts
 * `POST /api/invoices` and opens the new invoice. What the browser can check it checks first (the
 * server's rules, without zod); the server's refusals come back by field.
 */
export function PurchaseForm({ locale, purchase, saved, productNames }: Props) {
  const t = useTranslations('PartnerArea');
  const tv = useTranslations('Validation');
  const td = useTranslations('Dialogs');
  const api = useApiClient();
  const [company, setCompany] = useState<CompanyDraft>(() => saved ?? { inn: '', kpp: '', name: '', address: '' });
  const [order, setOrder] = useState<OrderDraft>(chosenOrder);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusError = useRef(false);

  const drop = (fields: string[]) =>
    setErrors((current) => (fields.some((field) => field in current) ? Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))) : current));
  const setError = (field: string, message: string) => setErrors((current) => ({ ...current, [field]: message }));
  const changeCompany = (patch: Partial<CompanyDraft>) => {
    setCompany((current) => ({ ...current, ...patch }));
    drop(Object.keys(patch).map((field) => `company.${field}`));
  };
  const changeOrder = (next: OrderDraft, fields: string[]) => {
    setOrder(next);
    drop(fields);
  };

  // The keyboard goes to the first field in error once per refused send.
  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first?.tagName === 'FIELDSET' ? first.querySelector<HTMLElement>('input') : first)?.focus();
  }, [errors]);

  const refuse = (found: Record<string, string>, message: string) => {
    focusError.current = true;
    setErrors(found);
    setStatus(message);
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const { items, owners } = orderItems(order);
    const problems = purchaseProblems(company, order);
    if (Object.keys(problems).length) {
      const found = Object.fromEntries(Object.entries(problems).map(([key, problem]) => [fieldOf(key, owners), problem === 'chooseSomething' ? t('purchase.chooseSomething') : tv(problem)]));
      return refuse(found, td('fixErrors'));
    }
    setSending(true);
    setErrors({});
    setStatus(td('sending'));
    const answer = await api.post<{ invoice: ApiInvoice }>('api/invoices', { company: companyBody(company), items }, { confirmsItself: true });
    if (answer.ok) {
      // The new invoice is the confirmation: its page opens (the button stays busy until it does).
      window.location.assign(invoicePath(locale, answer.result.invoice.id));
      return;
    }
    setSending(false);
    if (answer.status === 401) return;
    if (answer.status === 0) return setStatus(td('networkRetry'));
    const found = Object.fromEntries(Object.entries(answer.errorsFld).map(([key, message]) => [fieldOf(key, owners), message]));
    const unplaced = Object.entries(found).filter(([field]) => !isField(field)).map(([, message]) => message);
    refuse(found, [answer.message, ...unplaced].filter(Boolean).join('\n') || td('fixErrors'));
  };

  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="mt-3 flex flex-col gap-8">
      <p className="text-muted">{t('purchase.lead')}</p>
      <CompanyFields company={company} change={changeCompany} errors={errors} setError={setError} lookupOn={purchase.lookup} saved={Boolean(saved)} />
      <div className="grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
        <OrderFields locale={locale} order={order} change={changeOrder} errors={errors} productNames={productNames} />
        <div className="flex flex-col gap-4 lg:sticky lg:top-4">
          <OrderEstimate locale={locale} order={order} purchase={purchase} productNames={productNames} />
          <p className="text-sm text-muted">
            {t.rich('purchase.offer', {
              link: (chunks) => (
                <a href={localizedPath(locale, 'about/oferta')} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  {chunks}
                </a>
              ),
            })}
          </p>
          <FormStatus message={status} error={!sending} />
          <SubmitButton sending={sending}>{t('purchase.submit')}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
