import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addAddress, addCard, continueToCard, continueToSpeed } from './checkout-steps.ts';
import { expect, test } from './fixtures.ts';
import { addSameDayToCart, choose, createCustomer, enterStore, scheduleFirstGroupAndCheckout, uniqueEmail } from './steps.ts';

const ribeye = 'USDA Prime Ribeye Steak';

/** PLACE ORDER on the Order Summary, then 'Order Placed.' */
async function placeAndConfirm(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
}

/** WCAG 2.1 A and AA as axe judges the page now (the journey waits for what it shows first). */
async function wcagViolations(page: Page): Promise<string[]> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The Dine-In panel's wallet row of the ribeye: its Ordered, Consumed and Remaining cells. */
function walletRow(page: Page) {
  return page.getByRole('table', { name: 'Wallet products' }).getByRole('row', { name: new RegExp(ribeye) });
}

test.describe('prepaid wallet', () => {
  test('a ribeye bought for dine-in is held in the wallet, redeemed at a partner restaurant, and Consumed and Remaining change', async ({ page }) => {
    await enterStore(page);
    await createCustomer(page, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('wallet'), password: 'correct horse 1' });

    // Bought for dine-in: two ribeyes, Dine-In at the checkout's speed step, paid by card.
    await addSameDayToCart(page, 'ribeye', ribeye);
    await expect(page).toHaveURL(/\/cart$/);
    await page
      .getByRole('button', { name: `Increase quantity of ${ribeye}` })
      .first()
      .click();
    await expect(page.getByRole('status', { name: `Quantity of ${ribeye}`, exact: true })).toHaveText('2');
    await scheduleFirstGroupAndCheckout(page);
    await addAddress(page);
    await continueToSpeed(page);
    await choose(page, 'Select Speed', 'Dine-In');
    await continueToCard(page);
    await addCard(page, '4242 4242 4242 4242');
    await placeAndConfirm(page);

    // The Dine-In panel: the wallet holds both portions.
    await page.goto('/setting/order');
    const dineIn = page.getByRole('region', { name: 'Dine-In' });
    await expect(walletRow(page)).toBeVisible();
    await expect(walletRow(page).getByRole('cell', { name: '2 portions' })).toHaveCount(2);
    await expect(walletRow(page).getByRole('cell', { name: '0 portions' })).toHaveCount(1);
    const redeem = dineIn.getByRole('button', { name: 'REDEEM NOW' });
    await expect(redeem).toBeDisabled();
    await expect(dineIn.getByLabel('State')).toHaveAttribute('aria-description', 'Selecting state is mandatory');
    await dineIn.getByLabel('State').selectOption('NY');
    await expect(dineIn.getByTestId('wallet-total')).toHaveText('2 portions');
    await expect(redeem).toBeEnabled();
    await page.screenshot({ path: 'test-results/wallet-dine-in-panel.png', fullPage: true });
    expect(await wcagViolations(page)).toEqual([]);
    await redeem.click();

    // /wallet/shipping: a partner restaurant, a time, CONTINUE.
    await expect(page).toHaveURL(/\/wallet\/shipping$/);
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(page.getByText('Retailer is required.')).toBeVisible();
    await page.getByRole('radio', { name: /Sake House/ }).check();
    await page.getByLabel('Time').fill('13:00');
    await page.screenshot({ path: 'test-results/wallet-shipping.png', fullPage: true });
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'CONTINUE' }).click();

    // /wallet/product/{id}: the ribeye, redeemable here, ADD TO CART.
    await expect(page).toHaveURL(/\/wallet\/product\/\d+$/);
    const card = page.getByRole('article', { name: new RegExp(ribeye) });
    await expect(card.getByText('Redeemable Here')).toBeVisible();
    await expect(card.getByRole('definition').filter({ hasText: '2 portions' })).toHaveCount(2);
    await page.screenshot({ path: 'test-results/wallet-products.png', fullPage: true });
    expect(await wcagViolations(page)).toEqual([]);
    // On a phone the sort and retailer sit in a filter panel: Cancel drops its choices, Apply keeps them.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Filter' }).click();
    const panel = page.getByRole('region', { name: 'Filter' });
    await panel.getByLabel('Sort by').selectOption({ label: 'Price High to Low' });
    await page.screenshot({ path: 'test-results/wallet-products-phone.png', fullPage: true });
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(panel.getByLabel('Sort by')).toHaveValue('name_asc');
    await panel.getByLabel('Sort by').selectOption({ label: 'Price Low to High' });
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(panel).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
    await card.getByRole('button', { name: 'ADD TO CART' }).click();

    // The cart: one ribeye from the wallet, eaten in, $0.00; straight to the card tab.
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText(/· From your wallet$/)).toBeVisible();
    await expect(page.getByText(/Eat in at Sake House/)).toBeVisible();
    await page.screenshot({ path: 'test-results/wallet-cart.png', fullPage: true });
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/cart\/card$/);
    // Nothing to pay: the wallet covers it, no card is asked for.
    await expect(page.getByRole('heading', { name: 'Nothing to Pay' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await placeAndConfirm(page);

    // Consumed 1, Remaining 1.
    await page.goto('/setting/order');
    await expect(walletRow(page)).toBeVisible();
    await expect(walletRow(page).getByRole('cell', { name: '1 portion', exact: true })).toHaveCount(2);
    await expect(walletRow(page).getByRole('cell', { name: '2 portions' })).toHaveCount(1);
  });
});
