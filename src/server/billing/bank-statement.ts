import 'server-only';
import { kopecksOf } from '@/lib/billing/invoice';

/*
 * A bank statement as banks export it for 1C: the `1CClientBankExchange` text format. A header of
 * `key=value` lines (`ВерсияФормата`, `Кодировка`, `РасчСчет`…), balance sections
 * (`СекцияРасчСчет` … `КонецРасчСчет`), one `СекцияДокумент=<kind>` … `КонецДокумента` per
 * payment, and `КонецФайла`. `Кодировка=Windows` is windows-1251, `DOS` is cp866; many banks now
 * write UTF-8, which the bytes themselves tell (see `decodeStatement`).
 */

/** An incoming payment to the seller's account, as the statement states it. */
export interface StatementPayment {
  /** The line its section starts on (for a person to find it in the file). */
  line: number;
  /** `Платежное поручение`, `Банковский ордер`… */
  kind: string;
  number: string;
  /** The payment order's date, `YYYY-MM-DD`. */
  date: string;
  /** When the money reached the account (`ДатаПоступило`), when the bank says so. */
  creditedOn?: string;
  amountKopecks: number;
  payerInn: string;
  payerName: string;
  payerAccount: string;
  payeeAccount: string;
  payeeInn: string;
  purpose: string;
}

export type StatementProblem = 'notStatement' | 'unclosedDocument' | 'strayEnd' | 'truncated' | 'badAmount' | 'badDate' | 'noNumber';

export type StatementParse =
  | { ok: true; encoding: string; payments: StatementPayment[]; skipped: number }
  | { ok: false; problem: StatementProblem; line?: number };

const HEADER = '1CClientBankExchange';

/** The encoding the header names: `Windows` (the format's default), `DOS`, or a UTF-8 some banks write. */
function namedEncoding(text: string): string | undefined {
  const value = /^\s*Кодировка\s*=\s*(.*?)\s*$/m.exec(text)?.[1]?.toLowerCase();
  if (!value) return undefined;
  if (value === 'dos' || value.includes('866')) return 'ibm866';
  if (value.startsWith('utf')) return 'utf-8';
  return 'windows-1251';
}

/**
 * The file's text: bytes that are valid UTF-8 are UTF-8 (a windows-1251 or cp866 Cyrillic text
 * practically never is), whatever the header says; otherwise the encoding whose decoding reads its
 * own `Кодировка=` line as itself, windows-1251 when none does.
 */
function decodeStatement(input: Uint8Array | string): { text: string; encoding: string } {
  if (typeof input === 'string') return { text: input.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input), encoding: 'utf-8' };
  } catch {
    for (const encoding of ['windows-1251', 'ibm866']) {
      const text = new TextDecoder(encoding).decode(input);
      if (namedEncoding(text) === encoding) return { text, encoding };
    }
    return { text: new TextDecoder('windows-1251').decode(input), encoding: 'windows-1251' };
  }
}

/** `dd.mm.yyyy` → `yyyy-mm-dd`, only for a day that exists. */
function isoDay(value: string | undefined): string | undefined {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const [, d, m, y] = match;
  const day = `${y}-${m}-${d}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) ? day : undefined;
}

/** The payer as people name it: `Плательщик1`, else `Плательщик` without the `ИНН 7707083893 ` some banks put first. */
const payerNameOf = (fields: Map<string, string>) => fields.get('Плательщик1') || (fields.get('Плательщик') ?? '').replace(/^ИНН\s*\d*\s*/, '');

/** The purpose: `НазначениеПлатежа`, or its parts `НазначениеПлатежа1…6` where a bank splits it. */
function purposeOf(fields: Map<string, string>): string {
  const whole = fields.get('НазначениеПлатежа');
  if (whole) return whole;
  const parts: string[] = [];
  for (let part = 1; fields.has(`НазначениеПлатежа${part}`); part += 1) parts.push(fields.get(`НазначениеПлатежа${part}`)!);
  return parts.join(' ');
}

type Taken = { payment: StatementPayment } | { skipped: true } | { problem: StatementProblem };

/** One document section: an incoming payment to `account`, something else (skipped), or what is wrong with it. */
function takeDocument(kind: string, line: number, fields: Map<string, string>, account: string): Taken {
  const payeeAccount = fields.get('ПолучательСчет') || fields.get('ПолучательРасчСчет') || '';
  const payerAccount = fields.get('ПлательщикСчет') || fields.get('ПлательщикРасчСчет') || '';
  // Outgoing (our account pays) or about another account: not money that came to the seller.
  if (payeeAccount !== account || payerAccount === account) return { skipped: true };
  const number = fields.get('Номер')?.trim();
  if (!number) return { problem: 'noNumber' };
  const date = isoDay(fields.get('Дата'));
  if (!date) return { problem: 'badDate' };
  const amountKopecks = kopecksOf(fields.get('Сумма') ?? '');
  if (amountKopecks === undefined || amountKopecks <= 0) return { problem: 'badAmount' };
  const creditedOn = isoDay(fields.get('ДатаПоступило'));
  return {
    payment: {
      line,
      kind,
      number,
      date,
      ...(creditedOn ? { creditedOn } : {}),
      amountKopecks,
      payerInn: (fields.get('ПлательщикИНН') ?? '').trim(),
      payerName: payerNameOf(fields).trim(),
      payerAccount,
      payeeAccount,
      payeeInn: (fields.get('ПолучательИНН') ?? '').trim(),
      purpose: purposeOf(fields).trim(),
    },
  };
}

/**
 * Reads a statement and keeps the incoming payments to `account` (the seller's). A file that is
 * not this format, a document left open, a stray end, a file cut before `КонецФайла`, or a payment
 * to the account without its number, a real date or an amount is refused with the line it is on:
 * nothing of a malformed file is taken.
 */
export function parseBankStatement(input: Uint8Array | string, account: string): StatementParse {
  const { text, encoding } = decodeStatement(input);
  const lines = text.split(/\r\n|\r|\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0 || lines[first]!.trim() !== HEADER) return { ok: false, problem: 'notStatement', line: first < 0 ? undefined : first + 1 };
  const payments: StatementPayment[] = [];
  let skipped = 0;
  let open: { kind: string; line: number; fields: Map<string, string> } | undefined;
  for (let index = first + 1; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    const lineNo = index + 1;
    if (line.startsWith('СекцияДокумент')) {
      if (open) return { ok: false, problem: 'unclosedDocument', line: open.line };
      open = { kind: line.includes('=') ? line.slice(line.indexOf('=') + 1).trim() : '', line: lineNo, fields: new Map() };
    } else if (line === 'КонецДокумента') {
      if (!open) return { ok: false, problem: 'strayEnd', line: lineNo };
      const taken = takeDocument(open.kind, open.line, open.fields, account);
      if ('problem' in taken) return { ok: false, problem: taken.problem, line: open.line };
      if ('payment' in taken) payments.push(taken.payment);
      else skipped += 1;
      open = undefined;
    } else if (line === 'КонецФайла') {
      if (open) return { ok: false, problem: 'unclosedDocument', line: open.line };
      return { ok: true, encoding, payments, skipped };
    } else if (open && line.includes('=')) {
      const at = line.indexOf('=');
      const key = line.slice(0, at).trim();
      // The first value of a key stands (the format gives each once).
      if (!open.fields.has(key)) open.fields.set(key, line.slice(at + 1).trim());
    }
  }
  return { ok: false, problem: open ? 'unclosedDocument' : 'truncated', line: open?.line };
}
