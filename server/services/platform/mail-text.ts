/**
 * Stored text (a customer's name, a UPI id, a product or vendor name) put into a mail, so it reads as one run of
 * text in its place and cannot add lines or reorder what follows: line breaks (CR, LF, U+2028/9), other control
 * characters and the bidirectional overrides and isolates (U+202A–E, U+2066–9, which can make "gpj.exe" read
 * "exe.jpg") become one space. Mails are plain text only; a mail that ever gains an HTML body escapes each value
 * with escapeXml (services/catalogue/illustrations.ts) as well.
 */
export function mailText(value: string, max = 200): string {
  const flat = value
    .replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}
