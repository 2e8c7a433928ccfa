import { expect, tabTest as test } from './fixtures.ts';
import { addAddress, continueToSpeed } from './checkout-steps.ts';
import { payOnDelivery } from './faults.ts';
import { addCourierLine, addToCartThroughApi, newCustomer, openWithSession } from './journeys/shoppers.ts';
import { addSameDayToCart, enterStore, scheduleFirstGroupAndCheckout, uniqueEmail } from './steps.ts';

/**
 * Issue 23: a home-delivery cart at a butcher reaches the speed step offered only what the butcher does (no Dine-In,
 * no Store Pickup), with a date and time block for the seller that the shopper can change there.
 */
test('a butcher delivery cart: no Dine-In or Store Pickup, and the seller block changes its time', async ({ page }) => {
  await enterStore(page);
  await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
  await expect(page).toHaveURL(/\/guest\/register$/);
  await page.getByRole('main').getByLabel('Email').fill(uniqueEmail('offers'));
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await scheduleFirstGroupAndCheckout(page);
  await addAddress(page);
  await continueToSpeed(page);

  const speedList = page.getByRole('combobox', { name: 'Select Speed' });
  await expect(speedList).not.toContainText('Dine-In');
  await expect(speedList).not.toContainText('Store Pickup');

  const blocks = page.getByRole('region', { name: 'Select Date and Select Time' });
  await expect(blocks.getByRole('heading', { level: 4 })).toHaveCount(1);
  const slots = blocks.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
  await expect(slots.first()).toBeVisible();
  const free = blocks.locator('button[aria-pressed="false"]').filter({ hasText: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
  if ((await free.count()) > 0) {
    await free.first().click();
    await expect(blocks.locator('button[aria-pressed="true"]')).toHaveCount(1);
  }
  await page.screenshot({ path: 'test-results/offers-speed-step.png', fullPage: true });
});

/**
 * The mixed-cart half (issue 23): a butcher's Same Day line and a courier's Next Day line reach the speed step as one
 * block per seller — the butcher's with its driver slots, the courier's with a date and no slots — and still no
 * Dine-In or Store Pickup.
 */
test('a mixed cart (butcher and courier): one block per seller, each with what that seller offers', async ({ page }) => {
  test.slow();
  const customer = await newCustomer('offers-mixed');
  const { session } = await addCourierLine(await addToCartThroughApi(customer.session, 'ribeye', 'USDA Prime Ribeye Steak'));
  await openWithSession(page, session, '/cart');
  const groups = page.getByRole('list', { name: 'Items by seller' }).getByRole('region');
  await expect(groups).toHaveCount(2);
  // Walk 9: a shop has one name, its location's, as Select Retailer and the checkout name it.
  await expect(
    page.getByRole('list', { name: 'Items by seller' }).getByRole('heading', { name: 'Hudson Street Butchers — West Village', exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/offers-mixed-cart-shop-names.png', fullPage: true });
  // The courier's group needs its date (no slots): its first open day.
  const courier = groups.nth(1);
  await courier.getByRole('button', { name: /^Choose delivery date for / }).click();
  await courier.getByRole('grid').getByRole('button', { disabled: false }).first().click();
  await expect(courier.getByRole('textbox', { name: /^Delivery date for / })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await scheduleFirstGroupAndCheckout(page);
  await addAddress(page);
  await continueToSpeed(page);

  const speedList = page.getByRole('combobox', { name: 'Select Speed' });
  await expect(speedList).not.toContainText('Dine-In');
  await expect(speedList).not.toContainText('Store Pickup');

  const blocks = page.getByRole('region', { name: 'Select Date and Select Time' });
  const headings = blocks.getByRole('heading', { level: 4 });
  await expect(headings).toHaveCount(2);
  await expect(headings.filter({ hasText: /^Hudson Street Butchers — West Village$/ })).toHaveCount(1);
  await expect(headings.filter({ hasNotText: 'Hudson Street Butchers' })).toHaveCount(1);
  // Only the butcher has driver slots: exactly one block offers times.
  await expect(blocks.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ }).first()).toBeVisible();
  // Walk 3 (10, 11): the option says what the mixed cart gets, each block how its seller comes and its own fee.
  await expect(speedList).toContainText('1 Hour Delivery (~ 1 HOUR) + Courier Delivery (ColdChain Express — Columbus Hub)');
  const blockOf = (seller: string) => blocks.getByRole('group', { name: seller });
  await expect(blockOf('Hudson Street Butchers').getByText(/^Same Day \(1 Hour Delivery\) · Delivery Fee \$\d+\.\d{2}$/)).toBeVisible();
  await expect(blockOf('ColdChain Express').getByText(/^Next Day \(Courier Delivery\) · Delivery Fee \$\d+\.\d{2}$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/offers-mixed-speed-step.png', fullPage: true });

  // Walk 3 (9): the driver tip is a percentage of the items the driver brings, the butcher's, not the courier's.
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await payOnDelivery(page);
  const tip = page.getByRole('group', { name: 'Driver tip' });
  await expect(tip.getByText(/^A percentage of the items the driver brings \(\$\d+\.\d{2}\)\.$/)).toBeVisible();
  const driven = ((await tip.getByText(/^A percentage of/).textContent()) ?? '').replace(/^.*\(\$([\d.]+)\)\.$/, '$1');
  const tenPercent = (Math.floor((Math.round(Number(driven) * 100) * 10 + 50) / 100) / 100).toFixed(2);
  // Walk 6: a screen reader hears the amount too (the button's name is its whole text, not '10%').
  await expect(tip.getByRole('button', { name: `10% ($${tenPercent})`, exact: true })).toBeVisible();
});
