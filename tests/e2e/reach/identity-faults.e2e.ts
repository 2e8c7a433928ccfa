import { expect, test } from '../fixtures.ts';
import { newCustomer, openWithSession } from '../journeys/shoppers.ts';

/**
 * The KYC screen's photo picker (photo-picker.machine) and camera (camera.machine) where the browser refuses: this
 * file's Chromium has no camera (no fake device; the other identity journeys give it one) and the ID photo chosen is a
 * text file.
 */

test('no camera: the selfie step says so and the camera is let go on leaving; another kind of file than a photo is refused', async ({ page }) => {
  const { session } = await newCustomer('reach.kyc');
  await openWithSession(page, session, '/kyc');
  await expect(page.getByText(/^Application ID: [0-9a-f]{32}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'TAKE SELFIE' })).toHaveCount(0);

  const front = page.getByLabel('ID front photo');
  await front.setInputFiles({ name: 'front.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(page.getByText('Choose a JPEG, PNG or WebP photo.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'ID front preview' })).toHaveCount(0);

  // Leaving the screen in the app lets the camera go.
  await page.getByRole('link', { name: 'MEAT & FISH home' }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByLabel('ID front photo')).toHaveCount(0);
});
