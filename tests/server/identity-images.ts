/**
 * Real images for identity tests: faces cut from @vladmandic/face-api's demo photos (group photos, 22 faces in
 * all), ID cards rendered with @napi-rs/canvas, and pictures with no face or two faces. All JPEG, as the upload
 * slice hands them to the identity adapter.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';

const demo = new URL('../../node_modules/@vladmandic/face-api/demo/', import.meta.url);

/**
 * Squares around one face each (the detector's box, 1.5 times as wide), measured with the engine. Names say which
 * sample and which face from the left; every one is a different person as far as the eye can tell.
 */
export const sampleFaces = {
  s1f1: { sample: 1, left: 245, top: 228, size: 528 },
  s1f2: { sample: 1, left: 693, top: 301, size: 491 },
  s3f3: { sample: 3, left: 1257, top: 149, size: 614 },
  s4f3: { sample: 4, left: 833, top: 72, size: 497 },
  s6f1: { sample: 6, left: 86, top: 366, size: 542 },
} as const;
export type SampleFace = keyof typeof sampleFaces;

export async function samplePhoto(sample: number): Promise<Buffer> {
  return readFile(fileURLToPath(new URL(`sample${sample}.jpg`, demo)));
}

/** One person's face, as a JPEG `width` pixels square. */
export async function faceCrop(name: SampleFace, width = 400): Promise<Buffer> {
  const { sample, left, top, size } = sampleFaces[name];
  return sharp(await samplePhoto(sample))
    .extract({ left, top, width: size, height: size })
    .resize(width, width)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The same face as a selfie would show it: mirrored, brighter, another size, re-encoded. */
export async function selfieOf(name: SampleFace): Promise<Buffer> {
  return sharp(await faceCrop(name, 480))
    .flop()
    .modulate({ brightness: 1.15 })
    .jpeg({ quality: 70 })
    .toBuffer();
}

export interface CardText {
  name: string;
  dateOfBirth: string;
  documentNumber: string;
}

/** An ID card's front: a face photo (or none) beside a name, 'DOB dd/mm/yyyy' and 'No. …' in large clear type. */
export async function idCard(
  face: SampleFace | null,
  text: CardText = { name: 'JANE SAMPLE', dateOfBirth: '14/03/1990', documentNumber: 'X1234567' },
): Promise<Buffer> {
  const canvas = createCanvas(1000, 630);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f4efe4';
  context.fillRect(0, 0, 1000, 630);
  context.fillStyle = '#1d3557';
  context.fillRect(0, 0, 1000, 90);
  context.fillStyle = '#ffffff';
  context.font = 'bold 44px sans-serif';
  context.fillText('IDENTITY CARD', 40, 62);
  if (face) context.drawImage(await loadImage(await faceCrop(face, 300)), 40, 150, 300, 300);
  context.fillStyle = '#111111';
  context.font = 'bold 40px sans-serif';
  context.fillText(`Name: ${text.name}`, 380, 200);
  context.fillText(`DOB ${text.dateOfBirth}`, 380, 280);
  context.fillText(`No. ${text.documentNumber}`, 380, 360);
  return canvas.encode('jpeg', 88);
}

/** Two people side by side in one picture. */
export async function twoFaces(left: SampleFace, right: SampleFace): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 400, channels: 3, background: '#808080' } })
    .composite([
      { input: await faceCrop(left), left: 0, top: 0 },
      { input: await faceCrop(right), left: 400, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A picture with no face: shapes and a gradient, like a photo of a wall or a desk. */
export async function noFace(): Promise<Buffer> {
  const canvas = createCanvas(640, 480);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, 640, 480);
  gradient.addColorStop(0, '#c9b79c');
  gradient.addColorStop(1, '#5b4636');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 640, 480);
  context.fillStyle = '#2a6f97';
  context.fillRect(120, 140, 220, 160);
  context.beginPath();
  context.arc(470, 240, 90, 0, Math.PI * 2);
  context.fillStyle = '#e9c46a';
  context.fill();
  return canvas.encode('jpeg', 88);
}
