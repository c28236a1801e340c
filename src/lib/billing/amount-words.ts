/*
 * An amount in Russian words as accountants write it on an invoice: the roubles in words, the
 * kopecks in figures, «Сорок две тысячи девятьсот рублей 00 копеек».
 */

type Gender = 'm' | 'f';
/** A noun's forms for 1, 2–4 and 5–20 (one, few, many), and the gender its numerals agree with. */
interface Noun {
  forms: [string, string, string];
  gender: Gender;
}

const ONES = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const ONES_FEMININE = ['', 'одна', 'две', ...ONES.slice(3)];
const TEENS = ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'];
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];

const ROUBLE: Noun = { forms: ['рубль', 'рубля', 'рублей'], gender: 'm' };
const KOPECK: Noun = { forms: ['копейка', 'копейки', 'копеек'], gender: 'f' };
/** Thousands, millions, billions: the groups of three digits above the units, lowest first. */
const SCALES: Noun[] = [
  { forms: ['тысяча', 'тысячи', 'тысяч'], gender: 'f' },
  { forms: ['миллион', 'миллиона', 'миллионов'], gender: 'm' },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], gender: 'm' },
];

/** The most an invoice can say: kopecksOf() reads up to 12 digits of roubles. */
const MAX_KOPECKS = 999_999_999_999_99;

/** The form of a noun after a count: 1 рубль, 2 рубля, 5 рублей, 11 рублей, 21 рубль. */
function pluralForm(count: number, noun: Noun): string {
  const lastTwo = count % 100;
  const last = count % 10;
  if (lastTwo >= 11 && lastTwo <= 19) return noun.forms[2];
  if (last === 1) return noun.forms[0];
  if (last >= 2 && last <= 4) return noun.forms[1];
  return noun.forms[2];
}

/** 1–999 in words, the ones agreeing with the gender of what is counted. */
function triad(value: number, gender: Gender): string[] {
  const words = [HUNDREDS[Math.floor(value / 100)]!];
  const rest = value % 100;
  if (rest >= 10 && rest <= 19) words.push(TEENS[rest - 10]!);
  else words.push(TENS[Math.floor(rest / 10)]!, (gender === 'f' ? ONES_FEMININE : ONES)[rest % 10]!);
  return words.filter(Boolean);
}

/** A whole number of roubles in words with the word «рублей» in its form: «сорок две тысячи девятьсот рублей». */
function roublesInWords(roubles: number): string {
  if (roubles === 0) return `ноль ${ROUBLE.forms[2]}`;
  const words: string[] = [];
  const groups: number[] = [];
  for (let rest = roubles; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  for (let index = groups.length - 1; index >= 1; index -= 1) {
    const group = groups[index]!;
    if (group === 0) continue;
    const scale = SCALES[index - 1]!;
    words.push(...triad(group, scale.gender), pluralForm(group, scale));
  }
  words.push(...triad(groups[0]!, ROUBLE.gender), pluralForm(roubles, ROUBLE));
  return words.join(' ');
}

/**
 * An amount in kopecks in Russian words: `100000` → «Одна тысяча рублей 00 копеек». Throws for a
 * negative, fractional or too large amount: an invoice never has one.
 */
export function amountInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0 || kopecks > MAX_KOPECKS) throw new RangeError(`Not an invoice amount: ${kopecks}`);
  const roubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  const text = `${roublesInWords(roubles)} ${String(cents).padStart(2, '0')} ${pluralForm(cents, KOPECK)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
