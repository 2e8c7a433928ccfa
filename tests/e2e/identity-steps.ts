import type { Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../playwright.config.ts';
import { idCard, noFace } from '../server/identity-images.ts';
import { fakeCameraFile } from './fake-camera.ts';
import { expect } from './fixtures.ts';
import { solveCaptcha } from './steps.ts';

/** The identity journeys as a shopper walks them: KYC with a rendered ID card and the fake camera, signing in again. */

/** Chromium with its fake camera playing face s1f1 (tests/e2e/fake-camera.ts), the person on the ID cards below. */
export const faceCameraLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    ...chromiumArgs,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${fakeCameraFile}`,
  ],
};

/** An ID card front with face s1f1 and the given date of birth (DD/MM/YYYY), as the KYC screen's file input takes it. */
export async function idCardFront(dateOfBirth = '14/03/1990') {
  return {
    name: 'front.jpg',
    mimeType: 'image/jpeg',
    buffer: await idCard('s1f1', { name: 'JANE SAMPLE', dateOfBirth, documentNumber: 'X1234567' }),
  };
}

/**
 * /kyc (or the /kyc?from=… a prompt linked to): both sides of the ID (the back without a face), a selfie from the fake
 * camera, SUBMIT. Returns the face match and OCR reply (connect/verifycustomer/verify) once it arrived.
 */
export async function submitKyc(page: Page, front: { name: string; mimeType: string; buffer: Buffer }, path = '/kyc'): Promise<unknown> {
  await page.goto(path);
  await expect(page.getByText(/^Application ID: [0-9a-f]{32}$/)).toBeVisible();
  await page.getByLabel('ID front photo').setInputFiles(front);
  await page.getByLabel('ID back photo').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await noFace() });
  await expect(page.getByRole('img', { name: 'ID back preview' })).toBeVisible();
  await takeSelfie(page);
  const verified = page.waitForResponse((r) => r.url().includes('/connect/verifycustomer/verify'));
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  return (await verified).json();
}

/** TAKE SELFIE once the camera is live; the preview replaces it. */
export async function takeSelfie(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'TAKE SELFIE' })).toBeEnabled();
  await page.getByRole('button', { name: 'TAKE SELFIE' }).click();
  await expect(page.getByRole('img', { name: 'Selfie preview' })).toBeVisible();
}

/** Sign-in after KYC cleared the session; the age gate and the zip come again when the session lost them. */
export async function signInAgain(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('main');
  await form.getByLabel('Email or mobile').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  const submit = form.getByRole('button', { name: 'SIGN IN' });
  await solveCaptcha(page, submit);
  await submit.click();
  // Signed in, the app goes to /store, which sends a session without a zip on to the age gate at / at once: wait for
  // leaving /signIn, not for one of the two addresses (on a busy machine /store may be gone before it is seen).
  await expect(page).not.toHaveURL(/\/signIn$/);
  const ageGate = page.getByRole('button', { name: 'Yes, I am 21 or older' });
  const pincode = page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
  const shopping = page.getByText('SHOPPING AT - 10001');
  await expect(ageGate.or(pincode).or(shopping).first()).toBeVisible();
  if (await ageGate.isVisible()) await ageGate.click();
  if (await pincode.isVisible()) {
    await pincode.getByLabel('Pincode', { exact: true }).fill('10001');
    await pincode.getByRole('button', { name: 'Start Shopping' }).click();
  }
  await expect(shopping).toBeVisible();
}
