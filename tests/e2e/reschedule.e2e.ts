import type { Locator, Page } from '@playwright/test';
import { create } from 'superstruct';
import { rescheduleOptionsReply } from '../../src/api/contract/reschedule.contract.ts';
import { addDays } from '../../src/rules/delivery-dates.ts';
import { addAddress, addCard, chooseSpeed, placeOrder } from './checkout-steps.ts';
import { setDayClosedAsSeller } from './console-steps.ts';
import { baseUrl } from './stored-session.ts';
import { expect, test } from './fixtures.ts';
import { addSameDayToCart, apiPost, enterStoreAsNewCustomer, sessionOf, uniqueEmail } from './steps.ts';

/**
 * Issue 24 item 6: a shopper moves a Same Day order to another date and slot from its status page, before the
 * seller's cutoff; then, with the store's clock moved two weeks on (test mode's /api/test/clock, as the server tests
 * move their manual clock), the page offers no panel and says the cutoff has passed.
 */

/**
 * The cart's date picker: next month's `nth` day that can be chosen (at least three days ahead whatever today is, so
 * its cutoff is still ahead), and its first slot with a seat.
 */
async function scheduleNextMonth(page: Page, nth: number, nextMonth = true): Promise<void> {
  const group = page.getByRole('list', { name: 'Items by seller' }).getByRole('region').first();
  const slots = group.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
  await group.getByRole('button', { name: /^Choose delivery date for / }).click();
  // Else the month the calendar opens on: the earliest date's.
  if (nextMonth) await group.getByRole('button', { name: 'Go to the Next Month' }).click();
  await group.getByRole('grid').getByRole('button', { disabled: false }).nth(nth).click();
  await slots.first().click();
  await expect(slots.first()).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
}

/** The date the panel says the delivery moved to ('Your delivery is now on 07/09/2030, 10:00–12:00.'), as the table shows it. */
async function movedTo(panel: Locator): Promise<string> {
  const date = (await panel.getByRole('status').innerText()).match(/now on (\d{2}\/\d{2}\/\d{4})/)?.[1];
  expect(date).toBeDefined();
  return date ?? '';
}

test('a shopper reschedules before the cutoff and is told why not after it', async ({ page }) => {
  test.slow();
  await enterStoreAsNewCustomer(page, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('reschedule'), password: 'correct horse 1' });
  await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
  await expect(page).toHaveURL(/\/cart$/);
  await scheduleNextMonth(page, 2);
  await addAddress(page);
  await chooseSpeed(page);
  await addCard(page, '4242 4242 4242 4242');
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
  const orderId = ((await page.getByText(/^Order ID: \d+/).innerText()).match(/\d+/) ?? [''])[0];

  await page.goto(`/order/status?orderId=${orderId}`);
  const status = page.getByRole('region', { name: 'Order status' });
  await status.getByRole('button', { name: 'Change delivery or cancel' }).click();
  const panel = status.getByRole('region', { name: 'Change delivery or cancel' });
  await panel.getByRole('button', { name: /^Choose delivery date for / }).click();
  // The calendar opens on the order's month: a later day of it (the order has the month's third).
  await panel.getByRole('grid').getByRole('button', { disabled: false }).nth(4).click();
  const slots = panel.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
  await slots.last().click();
  await expect(slots.last()).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: 'test-results/reschedule-choose.png', fullPage: true });
  await panel.getByRole('button', { name: 'Move delivery' }).click();
  await expect(panel.getByRole('status')).toContainText('Your delivery is now on');
  // Decision 044: the move is on the order's timeline, by the shopper, saying where it went.
  const latest = status.getByRole('list', { name: 'Order timeline' }).locator('li[aria-current="step"]');
  await expect(latest).toContainText('Delivery moved');
  await expect(latest).toContainText('by you');
  await expect(latest).toContainText('Now on ');
  await page.screenshot({ path: 'test-results/reschedule-moved.png', fullPage: true });
  // The order's table shows the new date without a reload (the page asked the order again).
  await expect(status.getByRole('table')).toContainText(await movedTo(panel));

  // The same from the Orders tab: the order's panel says where it went, and its table follows without a reload.
  await page.goto('/setting/order');
  const listed = page.getByRole('region', { name: `ORDER #${orderId}` });
  await listed.getByRole('button', { name: 'Change delivery or cancel' }).click();
  const tabPanel = listed.getByRole('region', { name: 'Change delivery or cancel' });
  await tabPanel.getByRole('button', { name: /^Choose delivery date for / }).click();
  await tabPanel.getByRole('grid').getByRole('button', { disabled: false }).nth(6).click();
  const tabSlots = tabPanel.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
  await tabSlots.first().click();
  await expect(tabSlots.first()).toHaveAttribute('aria-pressed', 'true');
  await tabPanel.getByRole('button', { name: 'Move delivery' }).click();
  await expect(tabPanel.getByRole('status')).toContainText('Your delivery is now on');
  const finalDate = await movedTo(tabPanel);
  await expect(listed.getByRole('table')).toContainText(finalDate);
  await page.screenshot({ path: 'test-results/reschedule-moved-orders-tab.png', fullPage: true });
  await page.goto(`/order/status?orderId=${orderId}`);

  // Past the order's (moved) date, however far next month is: from Nov 30 after 3 pm Eastern the calendar opens on
  // December, so 'next month' is January, beyond the two weeks this shifted before (walk 6's helper found it).
  const delivery = Date.parse(finalDate);
  const shiftDays = Math.ceil((delivery - Date.now()) / 86_400_000) + 1;
  expect(shiftDays).toBeLessThanOrEqual(62);
  const { token } = await sessionOf(page);
  expect(await apiPost('/api/test/clock', { shift_minutes: shiftDays * 24 * 60 }, token)).toMatchObject({ code: 1 });
  try {
    await page.reload();
    // Past the cutoff nothing can move or be canceled: no panel offering nothing (walk 9 S16), the reason where its
    // button was, on the status page and in My Orders.
    const closedWords = "This order can no longer be changed: the seller's cutoff (3 pm Eastern the day before delivery) has passed.";
    await expect(status.getByTestId('change-closed')).toHaveText(closedWords);
    await expect(status.getByRole('button', { name: /^Change delivery|^Cancel this order/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/reschedule-refused.png', fullPage: true });
    await page.goto('/setting/order');
    await expect(listed.getByTestId('change-closed')).toHaveText(closedWords);
    await expect(listed.getByRole('button', { name: /^Change delivery|^Cancel this order/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/reschedule-refused-orders-tab.png', fullPage: true });
  } finally {
    await apiPost('/api/test/clock', { shift_minutes: 0 }, token);
  }
});

/** Where the order's delivery is booked now (the shopper's reschedule options): its seller's location and date. */
async function bookedOn(orderId: string, token: string): Promise<{ locId: number; date: string }> {
  const response = await fetch(baseUrl(`/api/account/order/reschedule?order_id=${orderId}`), { headers: { authorization: `Bearer ${token}` } });
  const options = create(await response.json(), rescheduleOptionsReply).data;
  if (!options) throw new Error(`no reschedule options for order ${orderId}`);
  return { locId: options.vendor_loc_id, date: options.delivery_date };
}

test('a day its seller closed past the cutoff: the order page offers another date and a cancel (QA walk 6)', async ({ page }) => {
  test.slow();
  await enterStoreAsNewCustomer(page, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('closed-day'), password: 'correct horse 1' });
  await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
  await expect(page).toHaveURL(/\/cart$/);
  // The earliest open day: the test clock moves on at most two weeks, to the day before it.
  await scheduleNextMonth(page, 0, false);
  await addAddress(page);
  await chooseSpeed(page);
  await addCard(page, '4242 4242 4242 4242');
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
  const orderId = ((await page.getByText(/^Order ID: \d+/).innerText()).match(/\d+/) ?? [''])[0];
  const { token } = await sessionOf(page);
  const booked = await bookedOn(orderId, token);

  // The seller closes the order's day; the shopper's clock moves on to 3:30 pm the day before it (or stays, when that
  // has passed already): past the cutoff.
  await setDayClosedAsSeller(booked.locId, booked.date, true);
  const pastCutoff = Date.parse(`${addDays(booked.date, -1)}T20:30:00Z`);
  expect(await apiPost('/api/test/clock', { shift_minutes: Math.max(0, Math.ceil((pastCutoff - Date.now()) / 60_000)) }, token)).toMatchObject({
    code: 1,
  });
  try {
    await page.goto(`/order/status?orderId=${orderId}`);
    const status = page.getByRole('region', { name: 'Order status' });
    const latest = status.getByRole('list', { name: 'Order timeline' }).locator('li[aria-current="step"]');
    await expect(latest).toContainText('The seller closed that day: please choose another date');
    // One sentence naming who closed the day, then its time: no '… by the seller' joined after it (walk 8 #9).
    await expect(latest).not.toContainText('by the seller');
    await status.getByRole('button', { name: 'Change delivery or cancel' }).click();
    const panel = status.getByRole('region', { name: 'Change delivery or cancel' });
    await expect(panel).toContainText('Please choose another date for it, or cancel the order, whatever the cutoff.');
    await expect(panel.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    await page.screenshot({ path: 'test-results/reschedule-closed-day.png', fullPage: true });
    await panel.getByRole('button', { name: /^Choose delivery date for / }).click();
    // A later open day (the calendar opens on the order's), and a slot with a seat.
    await panel.getByRole('grid').getByRole('button', { disabled: false }).nth(2).click();
    const slots = panel.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
    await slots.first().click();
    await expect(slots.first()).toHaveAttribute('aria-pressed', 'true');
    await panel.getByRole('button', { name: 'Move delivery' }).click();
    await expect(panel.getByRole('status')).toContainText('Your delivery is now on');
    await expect(latest).toContainText('Delivery moved');
    await expect(status.getByRole('table')).toContainText(await movedTo(panel));
    await page.screenshot({ path: 'test-results/reschedule-closed-day-moved.png', fullPage: true });
  } finally {
    await apiPost('/api/test/clock', { shift_minutes: 0 }, token);
    await setDayClosedAsSeller(booked.locId, booked.date, false);
  }
});
