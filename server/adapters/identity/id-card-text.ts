/**
 * Reads the date of birth and the document number out of the text OCR found on an ID card's front. Pure, so it is
 * tested without images. OCR misreads digits as look-alike letters (O for 0, I or l for 1, S for 5, B for 8), so
 * candidate dates and numbers are read with those mapped back.
 */

export interface IdCardFields {
  /** DD/MM/YYYY, a real calendar date in the past, or null when none was found. */
  dateOfBirth: string | null;
  documentNumber: string | null;
}

const digitLike = '[0-9OoIlSB|]';
const datePattern = `(${digitLike}{1,2})\\s?[/.\\-]\\s?(${digitLike}{1,2})\\s?[/.\\-]\\s?(${digitLike}{4})`;
const birthLabel = '(?:D\\.?\\s?O\\.?\\s?B\\.?|Date\\s+of\\s+Birth|Birth\\s*Date|Born)';
const labelledDate = new RegExp(`${birthLabel}\\s*[:;.\\-]?\\s*${datePattern}`, 'i');
const anyDate = new RegExp(datePattern, 'g');
const numberLabel = '(?:Document\\s*(?:No\\.?|Number)|Card\\s*(?:No\\.?|Number)|ID\\s*(?:No\\.?|Number)|No\\.|Number)';
const labelledNumber = new RegExp(`${numberLabel}\\s*[:;#.]?\\s*([A-Z0-9][A-Z0-9 \\-]{3,22}[A-Z0-9])`, 'i');

function asDigits(text: string): string {
  return text.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1').replace(/S/g, '5').replace(/B/g, '8');
}

/** DD/MM/YYYY when the three parts make a real date between 1900 and today, else null. */
function calendarDate(day: string, month: string, year: string, today: Date): string | null {
  const [d, m, y] = [Number(asDigits(day)), Number(asDigits(month)), Number(asDigits(year))];
  if (!Number.isInteger(d) || !Number.isInteger(m) || !Number.isInteger(y) || y < 1900) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (date.getTime() > today.getTime()) return null;
  return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}

function yearOf(ddmmyyyy: string): number {
  return Number(ddmmyyyy.slice(6));
}

/** A labelled date wins; else the earliest date on the card (issue and expiry dates come after the birth). */
export function readDateOfBirth(text: string, today = new Date()): string | null {
  const labelled = labelledDate.exec(text);
  if (labelled) {
    const date = calendarDate(labelled[1] ?? '', labelled[2] ?? '', labelled[3] ?? '', today);
    if (date) return date;
  }
  const dates = [...text.matchAll(anyDate)]
    .map((match) => calendarDate(match[1] ?? '', match[2] ?? '', match[3] ?? '', today))
    .filter((date): date is string => date !== null);
  const sortable = (date: string) => yearOf(date) * 10_000 + Number(date.slice(3, 5)) * 100 + Number(date.slice(0, 2));
  return dates.sort((a, b) => sortable(a) - sortable(b))[0] ?? null;
}

/** A labelled number ('No.', 'Document No', 'ID Number'…), spaces and dashes dropped, at least 4 digits in it. */
export function readDocumentNumber(text: string): string | null {
  for (const line of text.split('\n')) {
    const match = labelledNumber.exec(line);
    const compact = match?.[1]?.replace(/[\s-]/g, '').toUpperCase();
    if (compact && (compact.match(/\d/g)?.length ?? 0) >= 4) return compact;
  }
  return null;
}

export function readIdCard(text: string, today = new Date()): IdCardFields {
  return { dateOfBirth: readDateOfBirth(text, today), documentNumber: readDocumentNumber(text) };
}
