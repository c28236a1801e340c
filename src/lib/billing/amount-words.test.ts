import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-words';

const roubles = (value: number) => amountInWords(value * 100);

describe('amountInWords', () => {
  it('writes the amounts an invoice has as accountants do', () => {
    expect(amountInWords(100000)).toBe('Одна тысяча рублей 00 копеек');
    expect(amountInWords(4290000)).toBe('Сорок две тысячи девятьсот рублей 00 копеек');
    expect(amountInWords(773607)).toBe('Семь тысяч семьсот тридцать шесть рублей 07 копеек');
    expect(amountInWords(0)).toBe('Ноль рублей 00 копеек');
    expect(amountInWords(1)).toBe('Ноль рублей 01 копейка');
  });

  it('makes the units agree: один рубль, two to four рубля, the rest рублей, teens рублей', () => {
    const expected: Record<number, string> = {
      1: 'Один рубль',
      2: 'Два рубля',
      3: 'Три рубля',
      4: 'Четыре рубля',
      5: 'Пять рублей',
      9: 'Девять рублей',
      10: 'Десять рублей',
      11: 'Одиннадцать рублей',
      12: 'Двенадцать рублей',
      14: 'Четырнадцать рублей',
      19: 'Девятнадцать рублей',
      20: 'Двадцать рублей',
      21: 'Двадцать один рубль',
      22: 'Двадцать два рубля',
      25: 'Двадцать пять рублей',
      100: 'Сто рублей',
      101: 'Сто один рубль',
      111: 'Сто одиннадцать рублей',
      112: 'Сто двенадцать рублей',
      200: 'Двести рублей',
      999: 'Девятьсот девяносто девять рублей',
    };
    for (const [value, words] of Object.entries(expected)) expect(roubles(Number(value))).toBe(`${words} 00 копеек`);
  });

  it('makes thousands feminine and millions masculine', () => {
    expect(roubles(1001)).toBe('Одна тысяча один рубль 00 копеек');
    expect(roubles(2000)).toBe('Две тысячи рублей 00 копеек');
    expect(roubles(2002)).toBe('Две тысячи два рубля 00 копеек');
    expect(roubles(5000)).toBe('Пять тысяч рублей 00 копеек');
    expect(roubles(11_000)).toBe('Одиннадцать тысяч рублей 00 копеек');
    expect(roubles(21_000)).toBe('Двадцать одна тысяча рублей 00 копеек');
    expect(roubles(22_000)).toBe('Двадцать две тысячи рублей 00 копеек');
    expect(roubles(112_000)).toBe('Сто двенадцать тысяч рублей 00 копеек');
    expect(roubles(1_000_000)).toBe('Один миллион рублей 00 копеек');
    expect(roubles(2_000_000)).toBe('Два миллиона рублей 00 копеек');
    expect(roubles(5_000_000)).toBe('Пять миллионов рублей 00 копеек');
    expect(roubles(1_001_000)).toBe('Один миллион одна тысяча рублей 00 копеек');
    expect(roubles(2_000_001)).toBe('Два миллиона один рубль 00 копеек');
    expect(roubles(21_500_322)).toBe('Двадцать один миллион пятьсот тысяч триста двадцать два рубля 00 копеек');
    expect(roubles(1_000_000_000)).toBe('Один миллиард рублей 00 копеек');
    expect(amountInWords(99_999_999_999_999)).toBe(
      'Девятьсот девяносто девять миллиардов девятьсот девяносто девять миллионов девятьсот девяносто девять тысяч девятьсот девяносто девять рублей 99 копеек',
    );
  });

  it('writes the kopecks in figures with their own agreement', () => {
    const kopecks: Record<number, string> = { 0: '00 копеек', 1: '01 копейка', 2: '02 копейки', 4: '04 копейки', 5: '05 копеек', 11: '11 копеек', 14: '14 копеек', 21: '21 копейка', 22: '22 копейки', 50: '50 копеек', 99: '99 копеек' };
    for (const [value, words] of Object.entries(kopecks)) expect(amountInWords(1200 + Number(value))).toBe(`Двенадцать рублей ${words}`);
  });

  it('agrees every ending with the last two digits, whatever the amount', () => {
    for (let value = 0; value < 3000; value += 1) {
      const words = roubles(value);
      const lastTwo = value % 100;
      const last = value % 10;
      const unit = lastTwo >= 11 && lastTwo <= 19 ? 'рублей' : last === 1 ? 'рубль' : last >= 2 && last <= 4 ? 'рубля' : 'рублей';
      expect(words.endsWith(` ${unit} 00 копеек`), `${value}: ${words}`).toBe(true);
      expect(words, `${value}`).not.toMatch(/\s{2}|^\s|один тысяч|два тысяч|одна рубль|две рубл/);
    }
  });

  it('refuses what is not an amount', () => {
    for (const bad of [-1, 0.5, Number.NaN, 100_000_000_000_000]) expect(() => amountInWords(bad)).toThrow(RangeError);
  });
});
