import { expect, test } from './fixtures.ts';
import { addAddress, continueToSpeed } from './checkout-steps.ts';
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
  const slots = blocks.getByRole('button', { name: /^\d{2}:\d{2}–\d{2}:\d{2}$/ });
  await expect(slots.first()).toBeVisible();
  const free = blocks.locator('button[aria-pressed="false"]').filter({ hasText: /^\d{2}:\d{2}–\d{2}:\d{2}$/ });
  if ((await free.count()) > 0) {
    await free.first().click();
    await expect(blocks.locator('button[aria-pressed="true"]')).toHaveCount(1);
  }
  await page.screenshot({ path: 'test-results/offers-speed-step.png', fullPage: true });
});
