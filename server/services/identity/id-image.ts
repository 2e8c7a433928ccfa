import sharp, { type Metadata } from 'sharp';

/**
 * The check every ID photo and selfie passes before it is stored (issue 11, "Server"). Nothing the client says about
 * the file is trusted: the type comes from the bytes, the size from the decoded data, the dimensions from the header
 * (checked before any pixel is decoded, so a small file claiming 100000×100000 is refused cheaply), and what is kept
 * is a fresh JPEG encoded by us from the decoded pixels, without EXIF (GPS, camera serials), ICC, XMP or IPTC, and
 * without any bytes that trailed the image (a ZIP appended to a JPEG is gone).
 */

export const maxImageBytes = 8 * 1024 * 1024;
export const maxImageSide = 8000;
export const maxImagePixels = 40_000_000;

const imageFormats = ['jpeg', 'png', 'webp'] as const;
export type ImageFormat = (typeof imageFormats)[number];

export type IdImageResult = { ok: true; jpeg: Buffer; width: number; height: number } | { ok: false; field: 'imageData'; message: string };

export const idImageMessages = {
  notDataUrl: 'imageData must be a data URL: data:image/jpeg, image/png or image/webp, base64.',
  badBase64: 'imageData is not valid base64.',
  empty: 'The image is empty.',
  tooLarge: `The image is larger than ${maxImageBytes / 1024 / 1024} MB.`,
  unknownType: 'The file is not a JPEG, PNG or WebP image.',
  typeMismatch: 'The image is not of the type its data URL declares.',
  tooManyPixels: `The image is larger than ${maxImageSide}×${maxImageSide} pixels or ${maxImagePixels / 1_000_000} megapixels.`,
  unreadable: 'The image is damaged or incomplete.',
} as const;

// Longest base64 text that can decode to maxImageBytes: checked before decoding, so a huge string costs nothing.
const maxBase64Length = Math.ceil(maxImageBytes / 3) * 4;
const dataUrlPattern = /^data:image\/(jpeg|png|webp);base64,/;
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

const refuse = (message: string): IdImageResult => ({ ok: false, field: 'imageData', message });

/** 'data:image/png;base64,...' → the declared type and the bytes; strict: no whitespace, no URL-safe alphabet. */
export function parseImageDataUrl(text: string): { declared: ImageFormat; bytes: Buffer } | { error: string } {
  const prefix = dataUrlPattern.exec(text);
  if (!prefix) return { error: idImageMessages.notDataUrl };
  const declared = imageFormats.find((format) => format === prefix[1]);
  if (declared === undefined) return { error: idImageMessages.notDataUrl };
  const payload = text.slice(prefix[0].length);
  if (payload.length === 0) return { error: idImageMessages.empty };
  if (payload.length > maxBase64Length + 4) return { error: idImageMessages.tooLarge };
  if (payload.length % 4 !== 0 || !base64Pattern.test(payload)) return { error: idImageMessages.badBase64 };
  const bytes = Buffer.from(payload, 'base64');
  // Node's decoder skips what it cannot read; the round trip catches padding in the middle and other oddities.
  if (bytes.toString('base64') !== payload) return { error: idImageMessages.badBase64 };
  return { declared, bytes };
}

/** The format from the file's signature (magic bytes), or undefined for anything else (GIF, BMP, SVG, HTML, ZIP ...). */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  const starts = (signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/** Checks one uploaded data URL and gives back the JPEG to store, or the refusal to send (a 400 on imageData). */
export async function checkIdImage(dataUrl: string): Promise<IdImageResult> {
  const parsed = parseImageDataUrl(dataUrl);
  if ('error' in parsed) return refuse(parsed.error);
  const { declared, bytes } = parsed;
  if (bytes.length === 0) return refuse(idImageMessages.empty);
  if (bytes.length > maxImageBytes) return refuse(idImageMessages.tooLarge);

  const sniffed = sniffImageFormat(bytes);
  if (sniffed === undefined) return refuse(idImageMessages.unknownType);
  if (sniffed !== declared) return refuse(idImageMessages.typeMismatch);

  // The header alone: no pixel limit here, so we can give our own message; nothing is decoded yet.
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(idImageMessages.unreadable);
  }
  if (header.format !== sniffed) return refuse(idImageMessages.typeMismatch);
  const { width, height } = header;
  if (!width || !height) return refuse(idImageMessages.unreadable);
  if (width > maxImageSide || height > maxImageSide || width * height > maxImagePixels) return refuse(idImageMessages.tooManyPixels);
  // An animated WebP is not a photo of a document.
  if ((header.pages ?? 1) > 1) return refuse(idImageMessages.unknownType);

  try {
    // Decoded to the last pixel (failOn 'truncated' refuses a cut-off file), turned upright from the EXIF orientation
    // before that EXIF is dropped, transparency flattened onto white, and encoded afresh. sharp writes no metadata
    // unless asked (keepExif/withMetadata), and limitInputPixels guards the decoder itself as a second line.
    const output = await sharp(bytes, { limitInputPixels: maxImagePixels, failOn: 'truncated', pages: 1 })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, jpeg: output.data, width: output.info.width, height: output.info.height };
  } catch {
    return refuse(idImageMessages.unreadable);
  }
}
