import { createCanvas } from '@napi-rs/canvas';
import { chromiumArgs, chromiumPath } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { enterStore, submitCreateAccount, uniqueEmail } from './steps.ts';

/**
 * The KYC screen up to its first server verdict (the face match itself is the verify server's e2e): the Application
 * ID, the spec's missing-photo lines, both sides of the ID by file, a selfie from Chromium's fake camera (its test
 * pattern), and update mode's CANCEL from /setting/user.
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

/** A small PNG standing in for one side of an ID card. */
function idSide(text: string, colour: string): Buffer {
  const canvas = createCanvas(320, 200);
  const context = canvas.getContext('2d');
  context.fillStyle = colour;
  context.fillRect(0, 0, 320, 200);
  context.fillStyle = '#ffffff';
  context.font = 'bold 28px sans-serif';
  context.fillText(text, 24, 110);
  return canvas.toBuffer('image/png');
}

test('a new customer opens /kyc, is told every missing photo, chooses both ID sides and takes a selfie', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterStore(page);
  // Not signed in yet: the screen asks for an account instead of loading an application.
  await page.goto('/kyc');
  await expect(page.getByRole('heading', { name: 'Please sign in' })).toBeVisible();
  await page.getByRole('alert').getByRole('link', { name: 'Create Account' }).click();
  await submitCreateAccount(page, { firstName: 'Kim', lastName: 'Nakamura', email: uniqueEmail('kim.kyc'), password: 'correct horse 1' });

  // Update mode from the account tab: CANCEL goes back there.
  await page.goto('/setting/user');
  await page.getByRole('link', { name: 'Verify your identity' }).click();
  await expect(page).toHaveURL(/\/kyc\?mode=update$/);
  await expect(page.getByRole('heading', { name: 'Update verification', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'CANCEL' }).click();
  await expect(page).toHaveURL(/\/setting\/user$/);

  await page.goto('/kyc');
  await expect(page.getByRole('heading', { name: 'Verify your identity', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Application ID: [0-9a-f]{32}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'CANCEL' })).toHaveCount(0);

  await page.getByRole('button', { name: 'SUBMIT' }).click();
  const missing = page.getByRole('alert', { name: 'Missing photos' });
  await expect(missing.getByRole('listitem')).toHaveText([
    'Aadhar Front In Not Uploaded.',
    'Aadhar Back In Not Uploaded.',
    'Selfie In Not Uploaded.',
  ]);

  await page.getByLabel('ID front photo').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: idSide('ID FRONT', '#00796b') });
  await expect(page.getByRole('img', { name: 'ID front preview' })).toBeVisible();
  await page.getByLabel('ID back photo').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: idSide('ID BACK', '#c43d37') });
  await expect(page.getByRole('img', { name: 'ID back preview' })).toBeVisible();
  await expect(missing.getByRole('listitem')).toHaveText(['Selfie In Not Uploaded.']);

  // Chromium's fake camera: live preview, then the frame as the selfie; RETAKE brings the camera back.
  await expect(page.getByLabel('Camera preview')).toBeVisible();
  const take = page.getByRole('button', { name: 'TAKE SELFIE' });
  await expect(take).toBeEnabled();
  await take.click();
  const selfie = page.getByRole('img', { name: 'Selfie preview' });
  await expect(selfie).toBeVisible();
  await expect(selfie).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(missing).toHaveCount(0);
  await page.getByRole('button', { name: 'RETAKE' }).click();
  await expect(take).toBeEnabled();
  await take.click();
  await expect(selfie).toBeVisible();
  await expect(page.getByRole('button', { name: 'SUBMIT' })).toBeEnabled();

  await page.screenshot({ path: 'test-results/kyc.png', fullPage: true });
});
