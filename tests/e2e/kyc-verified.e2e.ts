import { expect, test } from './fixtures.ts';
import { addAddress, addCard, chooseSpeed, placeOrder } from './checkout-steps.ts';
import { idCard } from '../server/identity-images.ts';
import { faceCameraLaunchOptions, idCardFront, signInAgain, submitKyc, takeSelfie } from './identity-steps.ts';
import { addSameDayToCart, enterStoreAsNewCustomer, scheduleFirstGroupAndCheckout, uniqueEmail } from './steps.ts';

/**
 * Identity verified for real: an ID card with a face and a date of birth, a selfie of the same person from Chromium's
 * fake camera (tests/e2e/fake-camera.ts), the server's face match and OCR, the age computed, customer verify granted.
 */
test.use({ launchOptions: faceCameraLaunchOptions });

test('a new customer verifies their identity with an ID card and a selfie of the same face', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('jane.kyc');
  const password = 'correct horse 1';
  await enterStoreAsNewCustomer(page, { firstName: 'Jane', lastName: 'Sample', email, password });

  const granted = page.waitForResponse((r) => r.url().includes('/api/customer/customerverify'));
  const verifyReply = await submitKyc(page, await idCardFront('14/03/1990'));
  expect(verifyReply).toMatchObject({ code: 1, data: { faceMatch: true, dob: '14/03/1990', aadharNumber: 'X1234567' } });
  expect(await (await granted).json()).toMatchObject({ code: 1 });
  await expect(page.getByText('Sign Up Successful - Please Sign In with your credentials.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.screenshot({ path: 'test-results/kyc-verified.png' });
  await expect(page).not.toHaveURL(/\/kyc/);

  // Verified: she signs in again and orders a drink, which the checkout's face step lets through after a fresh selfie.
  await signInAgain(page, email, password);
  await addSameDayToCart(page, 'sake', 'Junmai Ginjo Sake');
  await scheduleFirstGroupAndCheckout(page);
  await addAddress(page);
  await chooseSpeed(page);
  await addCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/cart\/face$/);
  await expect(page.getByRole('heading', { name: 'Verify Yourself Before Placing An Order' })).toBeVisible();
  await takeSelfie(page);
  const faceChecked = page.waitForResponse((r) => r.url().includes('/connect/verifyorder/verify'));
  await page.getByRole('button', { name: 'VERIFY' }).click();
  expect(await (await faceChecked).json()).toMatchObject({ code: 1, data: { faceMatch: true } });
  await expect(page.getByText(/^Face Verification Successful Match is \d+(\.\d+)? %$/)).toBeVisible();
  await placeOrder(page);
  await expect(page.getByText('Order Placed.')).toBeVisible();
  await page.screenshot({ path: 'test-results/kyc-face-order.png' });
});

// Walk 4: the server closes a refused application; TRY AGAIN used to upload to it for ever ('Application not found.').
test('after a face mismatch TRY AGAIN goes on with a new application, and once verified /kyc says so', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('tom.retry');
  const password = 'correct horse 1';
  await enterStoreAsNewCustomer(page, { firstName: 'Tom', lastName: 'Retry', email, password });

  // Someone else's ID (face s4f3) beside the camera's face (s1f1): refused.
  const other = {
    name: 'other.jpg',
    mimeType: 'image/jpeg',
    buffer: await idCard('s4f3', { name: 'ANN OTHER', dateOfBirth: '14/03/1985', documentNumber: 'Z7654321' }),
  };
  expect(await submitKyc(page, other)).toMatchObject({ code: 2, data: { faceMatch: false } });
  const firstId = await page.getByText(/^Application ID: /).textContent();
  await page.getByRole('button', { name: 'TRY AGAIN' }).click();
  // A new application: the refused one never takes photos again.
  await expect(page.getByText(/^Application ID: [0-9a-f]{32}$/)).not.toHaveText(firstId ?? '');
  await page.getByLabel('ID front photo').setInputFiles(await idCardFront('14/03/1990'));
  const verified = page.waitForResponse((r) => r.url().includes('/connect/verifycustomer/verify'));
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  expect(await (await verified).json()).toMatchObject({ code: 1, data: { faceMatch: true } });
  await expect(page.getByText('Sign Up Successful - Please Sign In with your credentials.')).toBeVisible();

  // Verified, she opens /kyc: told so, with the update path and a way back; no application is made.
  await signInAgain(page, email, password);
  const applications: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/connect/uploadkyc/application')) applications.push(request.url());
  });
  await page.goto('/kyc');
  await expect(page.getByText('Your identity is already verified: you may order age-restricted items.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'SUBMIT' })).toBeHidden();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to my account' })).toHaveAttribute('href', '/setting/user');
  expect(applications).toEqual([]);
  await page.getByRole('main').getByRole('link', { name: 'Update verification' }).click();
  await expect(page).toHaveURL(/\/kyc\?mode=update$/);
  await expect(page.getByRole('button', { name: 'CANCEL' })).toBeVisible();
  await expect(page.getByText(/^Application ID: [0-9a-f]{32}$/)).toBeVisible();
});
