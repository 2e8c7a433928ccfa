import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { selfieOf } from '../server/identity-images.ts';

/**
 * Chromium's fake camera (--use-file-for-fake-video-capture) plays this MJPEG file: frames of a sample face, the same
 * person as the ID card the KYC journey uploads. Written once by the global setup.
 */
export const fakeCameraFile = path.join(os.tmpdir(), 'store-e2e-camera-s1f1.mjpeg');

export async function writeFakeCamera(): Promise<void> {
  const face = await sharp(await selfieOf('s1f1'))
    .resize(400, 400)
    .toBuffer();
  const frame = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#9aa5a8' } })
    .composite([{ input: face, left: 120, top: 40 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  // MJPEG is JPEG frames one after another; Chromium loops the file.
  fs.writeFileSync(fakeCameraFile, Buffer.concat(Array.from({ length: 10 }, () => frame)));
}
