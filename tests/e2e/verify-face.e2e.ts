import { addAddress, addCard, chooseSpeed, placeOrder } from './checkout-steps.ts';
import { expect, test } from './fixtures.ts';
import { faceCameraLaunchOptions, newVerifiedCustomer, takeSelfie } from './identity-steps.ts';
import { addSameDayToCart, scheduleFirstGroupAndCheckout } from './steps.ts';

/**
 * /verifyFace: a verified customer with a drink in the cart passes the face check on its own screen with the fake
 * camera (the same face as their ID), continues to checkout, and the checkout then skips its face step for that cart:
 * the pass recorded by /verifyFace is the one place order takes.
 */
test.use({ launchOptions: faceCameraLaunchOptions });

test('a verified customer passes the face check on /verifyFace and orders the drink without a second selfie', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await newVerifiedCustomer(page, 'vera.face');
  await addSameDayToCart(page, 'sake', 'Junmai Ginjo Sake');
  await scheduleFirstGroupAndCheckout(page);
  await expect(page).toHaveURL(/\/cart\/address$/);

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
