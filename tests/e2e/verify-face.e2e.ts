import { addAddress, addCard, chooseSpeed, placeOrder } from './checkout-steps.ts';
import { expect, test } from './fixtures.ts';
import { faceCameraLaunchOptions, idCardFront, submitKyc, takeSelfie } from './identity-steps.ts';
import { addSameDayToCart, enterStoreAsNewCustomer, scheduleFirstGroupAndCheckout, uniqueEmail } from './steps.ts';

/**
 * /verifyFace, as a shopper meets it: a new customer takes a drink to the checkout, is asked to verify first, verifies
 * on /kyc and comes back to the checkout step that sent them (the session kept), then passes the face check on its own screen with the fake
 * camera (the same face as the ID), continues to checkout, and the checkout skips its face step for that cart: the
 * pass /verifyFace recorded is the one place order takes.
 */
test.use({ launchOptions: faceCameraLaunchOptions });

test('a customer verifies from the checkout prompt, passes the face check on /verifyFace and orders the drink without a second selfie', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterStoreAsNewCustomer(page, { firstName: 'Vera', lastName: 'Sample', email: uniqueEmail('vera.face'), password: 'correct horse 1' });
  await addSameDayToCart(page, 'sake', 'Junmai Ginjo Sake');
  await scheduleFirstGroupAndCheckout(page);
  await page.getByRole('alert').getByRole('link', { name: 'Verify your identity' }).click();
  // The prompt names the checkout step it came from: verified, the shopper goes back there (issue 23).
  await expect(page).toHaveURL(/\/kyc\?from=%2Fcart%2F[a-z-]+$/);

  expect(await submitKyc(page, await idCardFront(), new URL(page.url()).pathname + new URL(page.url()).search)).toMatchObject({
    code: 1,
    data: { faceMatch: true },
  });
  await expect(page.getByText(/^Kyc Successful Face Match is \d+(\.\d+)? %$/)).toBeVisible();
  await expect(page).toHaveURL(/\/cart(\/[a-z-]+)?$/);
  await expect(page.getByText('Sign Up Successful - Please Sign In with your credentials.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await page.goto('/verifyFace');
  await expect(page.getByRole('heading', { name: 'Verify Yourself Before Placing An Order', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'VERIFY' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Selfie In Not Uploaded.' })).toBeVisible();
  await takeSelfie(page);
  await page.screenshot({ path: 'test-results/verify-face.png', fullPage: true });
  const faceChecked = page.waitForResponse((r) => r.url().includes('/connect/verifyorder/verify'));
  await page.getByRole('button', { name: 'VERIFY' }).click();
  expect(await (await faceChecked).json()).toMatchObject({ code: 1, data: { faceMatch: true } });
  await expect(page.getByText(/^Face Verification Successful Match is \d+(\.\d+)? %$/)).toBeVisible();

  // "A match continues to checkout": the checkout opens at its first step, and after the card goes straight to the summary.
  await addAddress(page);
  await chooseSpeed(page);
  await addCard(page, '4242 4242 4242 4242');
  await placeOrder(page);
  await expect(page.getByText('Order Placed.')).toBeVisible();
});
