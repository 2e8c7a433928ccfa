import { acceptedImageTypes } from '../../machines/identity/index.ts';

/** The file inputs' accept list: the photo types the server takes (the photo picker machine refuses the rest). */
export const acceptAttribute = acceptedImageTypes.join(',');

/** A chosen or dropped photo as the data URL the upload call sends (the photo picker machine's reader). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no data URL')));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The shopper's calendar date as 'YYYY-MM-DD' (their own clock and zone): the day the age is computed on. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
