import { chromiumArgs, chromiumPath } from '../../playwright.config.ts';
import { idCard, noFace } from '../server/identity-images.ts';
import { fakeCameraFile } from './fake-camera.ts';
import { expect, test } from './fixtures.ts';
import { createCustomer, enterStore, uniqueEmail } from './steps.ts';

/**
 * Identity verified for real: an ID card with a face and a date of birth, a selfie of the same person from Chromium's
 * fake camera (tests/e2e/fake-camera.ts), the server's face match and OCR, the age computed, customer verify granted.
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${fakeCameraFile}`,
    ],
  },
});

test('a new customer verifies their identity with an ID card and a selfie of the same face', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterStore(page);
  await createCustomer(page, { firstName: 'Jane', lastName: 'Sample', email: uniqueEmail('jane.kyc'), password: 'correct horse 1' });

  await page.goto('/kyc');
  await expect(page.getByText(/^Application ID: [0-9a-f]{32}$/)).toBeVisible();
  await page.getByLabel('ID front photo').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await idCard('s1f1') });
  await page.getByLabel('ID back photo').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await noFace() });
  await expect(page.getByRole('img', { name: 'ID back preview' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'TAKE SELFIE' })).toBeEnabled();
  await page.getByRole('button', { name: 'TAKE SELFIE' }).click();
  await expect(page.getByRole('img', { name: 'Selfie preview' })).toBeVisible();

  const verified = page.waitForResponse((r) => r.url().includes('/connect/verifycustomer/verify'));
  const granted = page.waitForResponse((r) => r.url().includes('/api/customer/customerverify'));
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  const verifyReply: unknown = await (await verified).json();
  expect(verifyReply).toMatchObject({ code: 1, data: { faceMatch: true, dob: '14/03/1990', aadharNumber: 'X1234567' } });
  expect(await (await granted).json()).toMatchObject({ code: 1 });
  await expect(page.getByText('Sign Up Successful - Please Sign In with your credentials.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.screenshot({ path: 'test-results/kyc-verified.png' });
  await expect(page).not.toHaveURL(/\/kyc/);
});
