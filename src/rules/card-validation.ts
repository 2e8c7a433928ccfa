/**
 * Card checks shared by the test-mode card form and the test gateway: number (brand, length, Luhn), expiry, CVC and
 * holder. In production Stripe Elements checks the card in the browser and Stripe again on its side; the messages here
 * are Stripe's own words, so both modes read the same to the shopper.
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay';

export const cardMessages = {
  holderRequired: 'Card holder is required.',
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  monthInvalid: "Your card's expiration month is invalid.",
  yearInvalid: "Your card's expiration year is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
} as const;

/** The brand's display name, as card previews show it. */
export const cardBrandNames: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

interface BrandRule {
  brand: CardBrand;
  /** Matches the leading digits (IIN ranges). */
  prefix: RegExp;
  lengths: readonly number[];
}

// Order matters: the first rule whose prefix matches wins (Diners' 36 before nothing else claims it, and so on).
const brandRules: readonly BrandRule[] = [
  { brand: 'amex', prefix: /^3[47]/, lengths: [15] },
  { brand: 'diners', prefix: /^(30[0-5]|309|36|3[89])/, lengths: [14, 15, 16, 17, 18, 19] },
  { brand: 'jcb', prefix: /^35(2[89]|[3-8]\d)/, lengths: [16, 17, 18, 19] },
  { brand: 'visa', prefix: /^4/, lengths: [13, 16, 19] },
  { brand: 'mastercard', prefix: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, lengths: [16] },
  { brand: 'discover', prefix: /^(6011|64[4-9]|65)/, lengths: [16, 17, 18, 19] },
  { brand: 'unionpay', prefix: /^62/, lengths: [16, 17, 18, 19] },
];

/** '4242 4242-4242 4242' → '4242424242424242' (spaces and dashes are how people type it). */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function cardBrand(number: string): CardBrand | undefined {
  const digits = normalizeCardNumber(number);
  return brandRules.find((rule) => rule.prefix.test(digits))?.brand;
}

/** The Luhn (mod 10) check digit test. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardNumberError(value: string): string | undefined {
  const digits = normalizeCardNumber(value);
  if (digits === '') return cardMessages.numberIncomplete;
  if (!/^\d+$/.test(digits)) return cardMessages.numberInvalid;
  const rule = brandRules.find((r) => r.prefix.test(digits));
  if (!rule) return digits.length < 13 ? cardMessages.numberIncomplete : cardMessages.numberInvalid;
  const longest = Math.max(...rule.lengths);
  if (digits.length < Math.min(...rule.lengths)) return cardMessages.numberIncomplete;
  if (digits.length > longest || !rule.lengths.includes(digits.length)) return cardMessages.numberInvalid;
  if (!isLuhnValid(digits)) return cardMessages.numberInvalid;
  return undefined;
}

/** A two-digit year means 20YY. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** Cards are valid through the last day of their expiry month. Years more than 20 ahead are typos. */
export function expiryError(month: number, year: number, now: Date): string | undefined {
  if (!Number.isInteger(month) || !Number.isInteger(year)) return cardMessages.expiryIncomplete;
  if (month < 1 || month > 12) return cardMessages.monthInvalid;
  const fy = fullYear(year);
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  if (fy < nowYear || (fy === nowYear && month < nowMonth)) return cardMessages.expiryPast;
  if (fy > nowYear + 20) return cardMessages.yearInvalid;
  return undefined;
}

/** 3 digits, 4 for American Express. */
export function cvcError(cvc: string, brand: CardBrand | undefined): string | undefined {
  const text = cvc.trim();
  const wanted = brand === 'amex' ? 4 : 3;
  if (text === '') return cardMessages.cvcIncomplete;
  if (!/^\d+$/.test(text)) return cardMessages.cvcInvalid;
  if (text.length < wanted) return cardMessages.cvcIncomplete;
  if (text.length > wanted) return cardMessages.cvcInvalid;
  return undefined;
}

export interface CardDetails {
  holder: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardField = 'holder' | 'number' | 'expiry' | 'cvc';
export type CardErrors = Partial<Record<CardField, string>>;

/** Every invalid field at once; {} when the card may be tokenised. */
export function cardErrors(card: CardDetails, now: Date): CardErrors {
  const errors: CardErrors = {};
  if (card.holder.trim() === '') errors.holder = cardMessages.holderRequired;
  const numberMessage = cardNumberError(card.number);
  if (numberMessage) errors.number = numberMessage;
  const expiryMessage = expiryError(card.expMonth, card.expYear, now);
  if (expiryMessage) errors.expiry = expiryMessage;
  const cvcMessage = cvcError(card.cvc, cardBrand(card.number));
  if (cvcMessage) errors.cvc = cvcMessage;
  return errors;
}

/** The last four digits: all the store ever keeps of a number. */
export function lastFour(number: string): string {
  return normalizeCardNumber(number).slice(-4);
}

/** The spec's card preview: twelve masked characters, then the last digits. */
export function maskedCardNumber(last4: string): string {
  return `${'*'.repeat(12)}${last4}`;
}

/** Expiry shown as zero-padded month and year: 'MM/YY'. */
export function expiryLabel(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(fullYear(year) % 100).padStart(2, '0')}`;
}
