// LOCAL WALK, not committed: screenshots across modes for a person to look at.
import { expect, test } from './fixtures.ts';
import { addAddress, addCard, chooseSpeed, placeOrder } from './checkout-steps.ts';
import { chooseVisit } from './dine-in-steps.ts';
import { addSameDayToCart, enterStore, scheduleFirstGroupAndCheckout, uniqueEmail } from './steps.ts';

const shot = (name: string) => `/tmp/walk/${name}.png`;

test('walk: delivery guest with a card, then order status, then pick-up with a cart', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await enterStore(page);
  await page.screenshot({ path: shot('01-home'), fullPage: true });
  await page.goto('/store/search?q=salmon');
  await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
  await page.screenshot({ path: shot('02-search-salmon') });
  await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
  await page.getByRole('main').getByLabel('Email').fill(uniqueEmail('walk'));
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.screenshot({ path: shot('03-cart'), fullPage: true });
  await scheduleFirstGroupAndCheckout(page);
  await addAddress(page);
  await page.screenshot({ path: shot('04-speed'), fullPage: true });
  await chooseSpeed(page);
  await addCard(page, '4242 4242 4242 4242');
  await page.screenshot({ path: shot('05-summary'), fullPage: true });
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: shot('06-placed'), fullPage: true });
  const orderId = /Order ID: (\d+)/.exec(await page.getByText(/^Order ID: \d+/).innerText())?.[1];
  await page.goto(`/order/status?orderId=${orderId}`);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: shot('07-order-status'), fullPage: true });
  await page.goto('/store');
  await addSameDayToCart(page, 'salmon', 'Salmon');
  await expect(page).toHaveURL(/\/cart$/);
  await page.screenshot({ path: shot('08-cart-salmon'), fullPage: true });
  await page.goto('/ship/options');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: shot('09-ship-options'), fullPage: true });
  await chooseVisit(page, 'Pick-Up', '4 star', 'Gramercy Chop House', '1:00 PM').catch(() => undefined);
  await page.screenshot({ path: shot('10-after-pickup-choice'), fullPage: true });
  await page.goto('/cart');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: shot('11-cart-after-pickup'), fullPage: true });
});
