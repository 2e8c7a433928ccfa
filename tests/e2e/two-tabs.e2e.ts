import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { placeAndConfirm } from './checkout-steps.ts';
import { homeAndContinue, openCheckoutAt, payOnDelivery, ribeyeCustomer, speedAndContinue } from './faults.ts';

/**
 * Walk 5 #3 and #4: one customer in two tabs of one browser. The Order Summary places only what it shows, and a
 * session ended in one tab (a logout) or found ended by the server (a 401) ends in the others too.
 */

const ribeye = 'USDA Prime Ribeye Steak';
const totals = (page: Page) => page.getByRole('complementary', { name: 'Order totals' });
const grandTotal = (page: Page) => totals(page).getByText('Grand Total').locator('xpath=following-sibling::dd[1]');

test('PLACE ORDER places what the summary shows: a cart changed in another tab is refused beside it, and the summary shows the new total', async ({
  page,
  context,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCheckoutAt(page, await ribeyeCustomer('two-tabs-total'));
  await homeAndContinue(page);
  await speedAndContinue(page);
  await payOnDelivery(page);
  const shown = await grandTotal(page).innerText();

  // Another tab of the same browser raises the ribeye to 2 on the cart page.
  const other = await context.newPage();
  await other.goto('/cart');
  const updated = other.waitForResponse((response) => response.url().includes('/api/cart/updateitem'));
  await other.getByRole('button', { name: `Increase quantity of ${ribeye}` }).click();
  expect((await updated).ok()).toBe(true);
  await expect(other.getByRole('status', { name: `Quantity of ${ribeye}`, exact: true })).toHaveText('2');

  // Back in the first tab: PLACE ORDER is refused beside the button, with the new total, and the summary is priced again.
  await page.bringToFront();
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  const refusal = totals(page).getByRole('alert').filter({ hasText: 'Your cart changed since this summary was shown' });
  await expect(refusal).toBeVisible();
  await expect(grandTotal(page)).not.toHaveText(shown);
  const now = await grandTotal(page).innerText();
  await expect(refusal).toContainText(`the order now comes to ${now}`);
  await expect(page.getByRole('heading', { name: 'Order Placed.' })).toHaveCount(0);

  // Placed again, the order is the one on screen.
  await placeAndConfirm(page);
});
