import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures.ts';
import { newCustomer, openWithSession } from '../journeys/shoppers.ts';
import { noFace, selfieOf } from '../../server/identity-images.ts';

/**
 * The KYC screen's photo picker (photo-picker.machine) and camera (camera.machine) where the browser refuses: this
 * file's Chromium has no camera (no fake device; the other identity journeys give it one), the ID photo chosen is a
 * text file, and another is gone from the disk before the browser reads it.
 */

test('the screen left before the browser answers the ask for the camera: the ask is withdrawn; no camera: the selfie step says so, a selfie photo file stands in and lets the camera go; another kind of file than a photo, and a photo gone before it is read, are refused', async ({
  page,
}) => {
  // The browser's first answer about the camera never comes (as while it asks the shopper); later asks are answered.
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const ask = devices.getUserMedia.bind(devices);
    let first = true;
    devices.getUserMedia = async (constraints) => {
      if (!first) return ask(constraints);
      first = false;
      return new Promise<MediaStream>(() => undefined);
    };
  });
  const { session } = await newCustomer('reach.kyc');
  await openWithSession(page, session, '/kyc');
  await expect(page.getByText(/^Application ID: [0-9a-f]{32}$/)).toBeVisible();
  await expect(page.getByText('Starting the camera…')).toBeVisible();
  // Left in the app (the same document): the camera is no longer needed before the browser answered.
  await page.getByRole('link', { name: 'MEAT & FISH home' }).click();
  await expect(page).toHaveURL(/\/store$/);
  await page.goBack();
  await expect(page.getByText(/^Application ID: [0-9a-f]{32}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'TAKE SELFIE' })).toHaveCount(0);
  await expect(page.getByText('No camera was found.')).toBeVisible();

  const front = page.getByLabel('ID front photo');
  await front.setInputFiles({ name: 'front.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(page.getByText('Choose a JPEG, PNG or WebP photo.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'ID front preview' })).toHaveCount(0);

  // A photo chosen from a drive, then gone from it before the page reads it (a removed stick, a synced folder): the
  // browser's file stands for a path the test deletes, then it is dropped on the ID back.
  const gone = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-gone-')), 'back.jpg');
  fs.writeFileSync(gone, await noFace());
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'test-file-from-a-drive';
    input.hidden = true;
    document.body.append(input);
  });
  await page.locator('#test-file-from-a-drive').setInputFiles(gone);
  fs.rmSync(path.dirname(gone), { recursive: true });
  await page.evaluate(() => {
    const file = document.querySelector<HTMLInputElement>('#test-file-from-a-drive')?.files?.[0];
    const zone = document.querySelector('input[aria-label="ID back photo"]')?.parentElement;
    if (!file || !zone) throw new Error('no file or no drop zone');
    const data = new DataTransfer();
    data.items.add(file);
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText('That file could not be read. Please choose it again.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'ID back preview' })).toHaveCount(0);

  // Without a camera the selfie is a photo file; once chosen, the camera step is over.
  await page.getByLabel('Selfie photo').setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await selfieOf('s1f1') });
  await expect(page.getByRole('img', { name: 'Selfie preview' })).toBeVisible();
  await expect(page.getByText('No camera was found.')).toHaveCount(0);

  // Leaving the screen in the app lets the camera go.
  await page.getByRole('link', { name: 'MEAT & FISH home' }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByLabel('ID front photo')).toHaveCount(0);
});
