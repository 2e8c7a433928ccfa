/** The photo types the server takes (it decides again from the bytes): the file inputs' accept list. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const acceptAttribute = acceptedImageTypes.join(',');

export function isAcceptedImage(file: File): boolean {
  return acceptedImageTypes.some((type) => type === file.type);
}

/** A chosen or dropped photo as the data URL the upload call sends. */
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
