import type { Page } from '@playwright/test';
import { offlineMessage } from '../../../src/api/http.ts';
import { expect, tabTest as test } from '../fixtures.ts';
import { openWithSession } from '../journeys/shoppers.ts';
import { answeredOnce, changedOnce, connectionLostOnce, refusedByFault } from '../faults.ts';
import { sameDayOrderThroughApi, type PlacedOrder } from './orders.ts';

/**
 * The order status page's change panel (order-change.machine) and the Orders tab (my-orders.machine) where the server
 * fails or answers what the store rarely does: test faults made with page.route, each named so. The orders are placed
 * through the API; each test is named from the transitions' descriptions. The status page itself (order-status.machine)
 * is walked by its generated journeys (journeys/order-status.journeys.ts).
 */

const rescheduleUrl = '/api/account/order/reschedule';

let placed: PlacedOrder;
test.beforeAll(async () => {
  placed = await sameDayOrderThroughApi('reach.orders');
});

const statusRegion = (page: Page) => page.getByRole('region', { name: 'Order status' });

test('change delivery or cancel: the options fail to load (test faults) and Try again; a typed date that is no date, a day whose slots fail, a move without a slot and one that fails; cancel asked, kept, failed, then done (the canceled order no longer offers the panel); past the cutoff (test fault) only Close', async ({
  page,
}) => {
  await openWithSession(page, placed.session, `/order/status?orderId=${placed.orderId}`);
  const open = page.getByRole('button', { name: 'Change delivery or cancel' });
  const panel = page.getByRole('region', { name: 'Change delivery or cancel' });
  const close = panel.getByRole('button', { name: 'Close' });

  // Past the cutoff (the answer changed by the test): the reason and Close only.
  await changedOnce(page, rescheduleUrl, (json) => ({ ...json, data: { ...(json.data as object), can_change: false } }));
  await open.click();
  await expect(panel.getByRole('button', { name: 'Move delivery' })).toHaveCount(0);
  await close.click();

  await connectionLostOnce(page, rescheduleUrl);
  await open.click();
  await expect(panel.getByRole('alert')).toContainText(offlineMessage);
  await close.click();
  await answeredOnce(page, rescheduleUrl);
  await open.click();
  await expect(panel.getByRole('alert')).toContainText(refusedByFault);
  await panel.getByRole('button', { name: 'Try again' }).click();
  const move = panel.getByRole('button', { name: 'Move delivery' });
  await expect(move).toBeEnabled();
  await close.click();
  await open.click();
  await expect(move).toBeEnabled();

  // A typed date that is no date, then the next day typed: its slots fail twice, then come.
  const date = panel.getByLabel(/^Delivery date for /);
  const now = await date.inputValue();
  await date.fill('next week');
  await date.press('Enter');
  await expect(panel.getByRole('alert')).toContainText('MM/DD/YYYY');
  const [month, day, year] = now.split('/').map(Number);
  const later = (days: number) => {
    const next = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days));
    return `${String(next.getUTCMonth() + 1).padStart(2, '0')}/${String(next.getUTCDate()).padStart(2, '0')}/${next.getUTCFullYear()}`;
  };
  // A day later each time (the same day again would send nothing): lost, refused, then its slots.
  for (const [days, fault] of [
    [1, () => connectionLostOnce(page, rescheduleUrl)],
    [2, () => answeredOnce(page, rescheduleUrl)],
    [3, async () => undefined],
  ] as const) {
    await fault();
    const asked = page.waitForRequest((r) => r.url().includes(rescheduleUrl));
    await date.fill(later(days));
    await date.press('Enter');
    await asked;
    await expect(move).toBeEnabled();
  }

  // Same Day without a slot asks for one; a slot chosen, the move is lost once.
  await move.click();
  await expect(panel.getByRole('alert')).toBeVisible();
  const slots = panel.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
  await slots.first().click();
  await connectionLostOnce(page, rescheduleUrl);
  await move.click();
  await expect(panel.getByRole('alert')).toContainText(offlineMessage);
  await move.click();
  // Moved: what changed is said, and only Close is offered.
  await expect(move).toHaveCount(0);
  await expect(panel.getByRole('status')).toBeAttached();
  await close.click();

  // Cancel: kept, lost once, then canceled (the order, asked again, no longer offers the panel).
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' });
  await open.click();
  await expect(move).toBeEnabled();
  await panel.getByRole('button', { name: 'Cancel order' }).click();
  await confirm.getByRole('button', { name: 'No, keep it' }).click();
  await expect(confirm).toHaveCount(0);
  await panel.getByRole('button', { name: 'Cancel order' }).click();
  await connectionLostOnce(page, '/api/account/order/cancel');
  await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(panel.getByRole('alert')).toContainText(offlineMessage);
  await panel.getByRole('button', { name: 'Cancel order' }).click();
  await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(statusRegion(page).getByText('Canceled', { exact: true }).first()).toBeVisible();
});

test('the Orders tab: orders that fail to load (test faults) and Try again; older orders (the server saying there are more: test fault) lost, refused, then loaded', async ({
  page,
}) => {
  const ordersUrl = '/api/account/myorders';
  await connectionLostOnce(page, ordersUrl);
  await openWithSession(page, placed.session, '/setting/order');
  await expect(page.getByRole('alert')).toContainText(offlineMessage);
  await answeredOnce(page, ordersUrl);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toContainText(refusedByFault);
  await changedOnce(page, ordersUrl, (json) => ({ ...json, has_more: true }));
  await page.getByRole('button', { name: 'Try again' }).click();
  const more = page.getByRole('button', { name: 'More orders' });
  // The changed answer must have come first: a route added while Try again's call is on its way would take it instead.
  await expect(more).toBeVisible();
  await connectionLostOnce(page, ordersUrl);
  await more.click();
  await expect(page.getByRole('alert')).toContainText(offlineMessage);
  await answeredOnce(page, ordersUrl);
  await more.click();
  await expect(page.getByRole('alert')).toContainText(refusedByFault);
  await more.click();
  await expect(more).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(`^ORDER #${placed.orderId}\\b`) })).toBeVisible();
});
