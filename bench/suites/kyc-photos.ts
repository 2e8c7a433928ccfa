/**
 * Photos for the identity bench's KYC load: an ID card front rendered with a sample face and a date of birth, and a
 * selfie of the same face. A smaller copy of tests/server/identity-images.ts (benchmarks may not import tests), with
 * the same face regions of @vladmandic/face-api's demo photos.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';

const demo = new URL('../../node_modules/@vladmandic/face-api/demo/', import.meta.url);

/** Squares around one face each: [sample photo, left, top, size]. */
const faces: [number, number, number, number][] = [
  [1, 245, 228, 528],
  [4, 833, 72, 497],
  [6, 86, 366, 542],
  [3, 1257, 149, 614],
];

async function faceCrop([sample, left, top, size]: [number, number, number, number], width: number): Promise<Buffer> {
  const photo = await readFile(fileURLToPath(new URL(`sample${sample}.jpg`, demo)));
  return sharp(photo).extract({ left, top, width: size, height: size }).resize(width, width).jpeg({ quality: 90 }).toBuffer();
}

async function idCard(face: [number, number, number, number]): Promise<Buffer> {
  const canvas = createCanvas(1000, 630);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f4efe4';
  context.fillRect(0, 0, 1000, 630);
  context.fillStyle = '#1d3557';
  context.fillRect(0, 0, 1000, 90);
  context.fillStyle = '#ffffff';
  context.font = 'bold 44px sans-serif';
  context.fillText('IDENTITY CARD', 40, 62);
  context.drawImage(await loadImage(await faceCrop(face, 300)), 40, 150, 300, 300);
  context.fillStyle = '#111111';
  context.font = 'bold 40px sans-serif';
  context.fillText('Name: JANE SAMPLE', 380, 200);
  context.fillText('DOB 14/03/1990', 380, 280);
  context.fillText('No. X1234567', 380, 360);
  return canvas.encode('jpeg', 88);
}

export interface KycPhotos {
  front: string;
  back: string;
  selfie: string;
}

/** One set of data URLs per sample face: the card (both sides) and a mirrored, brighter selfie. */
export async function kycPhotoSets(): Promise<KycPhotos[]> {
  const url = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;
  return Promise.all(
    faces.map(async (face) => {
      const card = url(await idCard(face));
      const selfie = await sharp(await faceCrop(face, 480))
        .flop()
        .modulate({ brightness: 1.15 })
        .jpeg({ quality: 70 })
        .toBuffer();
      return { front: card, back: card, selfie: url(selfie) };
    }),
  );
}
