import { addCardWithBilling, placeAndConfirm } from './checkout-steps.ts';
import { serveDineInOrder } from './console-steps.ts';
import { addDineIn, chooseVisit, tomorrow, walletRow } from './dine-in-steps.ts';
import { expect, test } from './fixtures.ts';
import { faceCameraLaunchOptions, idCardFront, signInAgain, submitKyc, takeSelfie } from './identity-steps.ts';
import { enterStoreAsNewCustomer, uniqueEmail } from './steps.ts';

/**
 * Dine-in meets identity (issues 11 and 12): a verified customer buys a bottle of sake to drink at a partner
 * restaurant. Dine-in goes from the cart straight to the card tab, and the face step still opens before the summary.
 */
test.use({ launchOptions: faceCameraLaunchOptions });

const sake = 'Junmai Ginjo Sake';
const restaurant = 'Gramercy Chop House';
/** Its location id (the seed's New York 4-star restaurant). */
const gramercy = 401;

test('a verified customer chooses Dine-In at a 4-star restaurant tomorrow at 7 pm, buys sake after a face check, and sees it in the wallet in ml', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const orders: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/placeorder/placeorder')) orders.push(r.postDataJSON());
  });
  const email = uniqueEmail('sake.dine-in');
  const password = 'correct horse 1';
  await enterStoreAsNewCustomer(page, { firstName: 'Jane', lastName: 'Sample', email, password });

  // Identity first: ID card and selfie of the same face, over 21; KYC ends the session, so she signs in again.
  const verifyReply = await submitKyc(page, await idCardFront('14/03/1990'));
  expect(verifyReply).toMatchObject({ code: 1, data: { faceMatch: true } });
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await signInAgain(page, email, password);

  // Delivery Options: Dine-In at Gramercy Chop House (4 star, New York), tomorrow at 7 pm; the sake from its page.
  await chooseVisit(page, 'Dine-In', '4 star', restaurant, '7:00 PM');
  await expect(page.getByTestId('shipping-choice')).toContainText(`DINE-IN AT ${restaurant}`);
  await addDineIn(page, 'sake', sake);
  await expect(page.getByRole('heading', { name: restaurant })).toBeVisible();
  await expect(page.getByText(/Your table: .*7:00 PM/)).toBeVisible();

  // CHECKOUT goes straight to the card tab; the age-restricted line then opens the face step before the summary.
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/cart\/card$/);
  await addCardWithBilling(page);
  await expect(page).toHaveURL(/\/cart\/face$/);
  await expect(page.getByRole('heading', { name: 'Verify Yourself Before Placing An Order' })).toBeVisible();
  await takeSelfie(page);
  const faceChecked = page.waitForResponse((r) => r.url().includes('/connect/verifyorder/verify'));
  await page.getByRole('button', { name: 'VERIFY' }).click();
  expect(await (await faceChecked).json()).toMatchObject({ code: 1, data: { faceMatch: true } });
  await expect(page.getByText(/^Face Verification Successful Match is \d+(\.\d+)? %$/)).toBeVisible();
  const orderId = await placeAndConfirm(page);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ speed_id: 3, retailer_id: gramercy, pickup_date: `${tomorrow().iso} 19:00` });
  // The restaurant serves it: only then do its portions reach the wallet.
  await serveDineInOrder(orderId);

  // The Dine-In panel: the bottle in millilitres, ordered and remaining alike, none consumed.
  await page.goto('/setting/order');
  const row = walletRow(page, sake);
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '300 ml', exact: true })).toHaveCount(2);
  await expect(row.getByRole('cell', { name: '0 ml', exact: true })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/dine-in-drink-wallet.png', fullPage: true });
});
