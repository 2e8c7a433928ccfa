import type { Page } from '@playwright/test';
import { fillBillingStreet, fillCardFields, openNewCard, placeAndConfirm } from './checkout-steps.ts';
import { serveDineInOrder } from './console-steps.ts';
import { addDineIn, chooseVisit, tomorrow } from './dine-in-steps.ts';
import { expect, tabTest as test } from './fixtures.ts';
import { choose, enterStoreAsNewCustomer, uniqueEmail } from './steps.ts';

const ribeye = 'USDA Prime Ribeye Steak';
const restaurant = 'Gramercy Chop House';
/** The catalogue's list price of the ribeye's 500 g: never what a dine-in ribeye cost (issue 23). */
const listPrice = '$34.99';

/** The header at a width: on a laptop the user menu stays on the logo's row; nothing sticks out sideways anywhere. */
async function checkHeader(page: Page, width: number, oneRow: boolean): Promise<void> {
  await page.setViewportSize({ width, height: 768 });
  await expect(page.getByTestId('shipping-choice')).toContainText(`DINE-IN AT ${restaurant}`);
  const logo = await page.getByRole('link', { name: 'MEAT & FISH home' }).boundingBox();
  const user = await page.getByRole('button', { name: /^Hey , / }).boundingBox();
  const cart = await page.getByRole('link', { name: /^Cart, / }).boundingBox();
  expect(logo && user && cart).toBeTruthy();
  if (logo && user && cart && oneRow) {
    // The user menu and the cart sit beside the logo, not on a row of their own below it.
    expect(user.y).toBeLessThan(logo.y + logo.height);
    expect(cart.y).toBeLessThan(logo.y + logo.height);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // The Delivery Options line keeps room to say what it is (at 768 px it once showed 'D…').
  const choiceText = await page.getByTestId('shipping-choice').locator('span').first().boundingBox();
  expect(choiceText?.width ?? 0).toBeGreaterThan(150);
  await page.screenshot({ path: `test-results/spec-items-header-${width}.png` });
}

test.describe('issue 23: a shopper walk with nothing wrong at the seams', () => {
  test('dine-in ribeye with WELCOME10: the header fits, the billing zip fills city and state, the order shows its time and discount, REDEEM NOW says why it waits, and the wallet shows what was paid', async ({
    page,
  }) => {
    // A whole walk (order, wallet, redemption, zip change) on a shared machine: three times the usual time.
    test.slow();
    await enterStoreAsNewCustomer(page, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('spec-items'), password: 'correct horse 1' });
    await chooseVisit(page, 'Dine-In', '4 star', restaurant, '7:00 PM');

    // The header with a dine-in line: one row at 1366 and 1280 px; on a phone it wraps without overflowing.
    await checkHeader(page, 1366, true);
    await checkHeader(page, 1280, true);
    await checkHeader(page, 991, false);
    await checkHeader(page, 768, false);
    await checkHeader(page, 390, false);
    await page.setViewportSize({ width: 1280, height: 720 });

    // A dine-in ribeye, 10 % off with WELCOME10.
    await addDineIn(page, 'ribeye', ribeye);
    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByRole('button', { name: 'APPLY' }).click();
    await expect(page.getByText('Coupon WELCOME10 applied.')).toBeVisible();
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/cart\/card$/);

    // Add New Card: no shipping address to copy on a dine-in order, and it says so; the billing zip fills city and state.
    await openNewCard(page);
    await expect(page.getByRole('checkbox', { name: 'Same As Shipping Address' })).toHaveCount(0);
    await expect(
      page.getByText('This order has no shipping address (dine-in or pick-up): please enter the billing address of the card.'),
    ).toBeVisible();
    await fillCardFields(page);
    const billing = await fillBillingStreet(page);
    await billing.getByLabel('Zipcode').fill('10001');
    await expect(billing.getByLabel('City')).toHaveValue('New York');
    await expect(billing.getByLabel('State')).toHaveValue('NY');
    await billing.getByLabel('Phone').fill('2125550100');
    await page.screenshot({ path: 'test-results/spec-items-billing.png', fullPage: true });
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    const orderId = await placeAndConfirm(page);
    // The restaurant serves it: only then do its portions reach the wallet.
    await serveDineInOrder(orderId);

    // /setting/order: the dine-in order's row has its visit time, and its discount is taken off ('-$…').
    await page.goto('/setting/order');
    const dineIn = page.getByRole('region', { name: 'Dine-In' });
    const order = dineIn.getByRole('region', { name: /^ORDER #\d+/ }).first();
    await expect(
      order.getByRole('cell', { name: new RegExp(`^${tomorrow().iso.slice(5, 7)}/${tomorrow().iso.slice(8, 10)}/\\d{4} 7:00 PM$`) }),
    ).toBeVisible();
    await expect(order.getByLabel('Order totals').getByText(/^-\$\d+\.\d{2}$/)).toBeVisible();

    // REDEEM NOW is greyed out with its reason on screen, until a state is chosen.
    const redeem = dineIn.getByRole('button', { name: 'REDEEM NOW' });
    await expect(redeem).toBeDisabled();
    await expect(dineIn.getByTestId('redeem-reason')).toHaveText('Selecting state is mandatory');
    await expect(dineIn.getByTestId('redeem-reason')).toBeVisible();
    await expect(redeem).toHaveAccessibleDescription('Selecting state is mandatory');
    await page.screenshot({ path: 'test-results/spec-items-dine-in-panel.png', fullPage: true });
    await dineIn.getByLabel('State').selectOption('NY');
    await expect(redeem).toBeEnabled();
    await expect(dineIn.getByTestId('redeem-reason')).toHaveCount(0);
    await redeem.click();

    // /wallet/product/{id}: the ribeye's price is what was paid for it, and redeeming costs nothing.
    await expect(page).toHaveURL(/\/wallet\/shipping$/);
    await page.getByLabel('Date').fill(tomorrow().iso);
    await choose(page, 'Time', '1:00 PM');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(page).toHaveURL(/\/wallet\/product\/\d+$/);
    const card = page.getByRole('article', { name: new RegExp(ribeye) });
    const price = card.getByRole('definition').filter({ hasText: 'prepaid' });
    await expect(price).toHaveText(/^\$\d+\.\d{2} prepaid · \$0\.00 to redeem$/);
    await expect(price).not.toContainText(listPrice);
    const paid = Number(/^\$(\d+\.\d{2})/.exec((await price.textContent()) ?? '')?.[1]);
    expect(paid).toBeGreaterThan(Number(listPrice.slice(1)));
    await expect(card.getByRole('definition').filter({ hasText: 'worth' })).toHaveText(/^1 portion · worth \$\d+\.\d{2}$/);
    await page.screenshot({ path: 'test-results/spec-items-wallet-products.png', fullPage: true });

    // /profile/addresses, a target the spec names, is My Account's shipping addresses.
    await page.goto('/profile/addresses');
    await expect(page).toHaveURL(/\/setting\/user#shipping-addresses$/);
    await expect(page.getByRole('heading', { name: 'MY SHIPPING ADDRESS' })).toBeVisible();

    // The pincode dialog goes to '/', which opens the store on the new zip.
    await page.goto('/store');
    await expect(page.getByText('SHOPPING AT - 10001')).toBeVisible();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
    await dialog.getByLabel('Pincode', { exact: true }).fill('60601');
    await dialog.getByRole('button', { name: 'Start Shopping' }).click();
    await expect(page.getByText('SHOPPING AT - 60601')).toBeVisible();
    await expect(page).toHaveURL(/\/store$/);
    expect(visited).toContain('/');
    expect(visited.indexOf('/')).toBeLessThan(visited.lastIndexOf('/store'));
  });
});
