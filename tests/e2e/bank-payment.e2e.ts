import type { Page } from '@playwright/test';
import { offlineMessage } from '../../src/api/http.ts';
import { connectionLostOnce, heldOnce } from './faults.ts';
import { expect, tabTest as test } from './fixtures.ts';
import { addAddress, chooseSpeed, placeOrder } from './checkout-steps.ts';
import { addToCartThroughApi, newCustomer, openWithSession } from './journeys/shoppers.ts';
import {
  addSameDayToCart,
  apiPost,
  enterStoreAsNewCustomer,
  mailedMatchFor,
  scheduleFirstGroupAndCheckout,
  scheduleGroup,
  sessionOf,
  uniqueEmail,
} from './steps.ts';

/**
 * Pay by bank (issue 23, item 9): a customer picks Chase from the bank list, types Stripe's test account that clears,
 * places the order and is told the bank payment is pending; the order waits as pending until the payment reconciler
 * (test mode's one-pass hook, as the background sweep makes each minute) finds the debit cleared, and then shows paid.
 */
// One after another in one worker: a test's reconciler pass (test-reconcile) settles every pending debit, another
// test's too, so run beside the pending → settled test it could clear that order before its status page is read.
test.describe.configure({ mode: 'default' });

/**
 * A new customer's ribeye, delivered once a debit has cleared, paid from Chase's `account`: the order's number.
 * `email` is the customer's own when given whole (the mails read are theirs), else a unique one from its prefix.
 */
async function orderPaidByBank(page: Page, email: string, account: string, screenshots = false): Promise<string> {
  const address = email.includes('@') ? email : uniqueEmail(email);
  await enterStoreAsNewCustomer(page, { firstName: 'Ada', lastName: 'Lovelace', email: address, password: 'correct horse 1' });
  await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
  await expect(page).toHaveURL(/\/cart$/);
  // Delivered once the debit has cleared: pay by bank is not offered for a sooner day (the last test).
  await scheduleFirstGroupAndCheckout(page, 6);
  await addAddress(page);
  await chooseSpeed(page);

  const banks = page.getByRole('group', { name: 'Pay From Your Bank Account' });
  await expect(banks.getByRole('radio')).toHaveCount(7);
  await banks.getByRole('radio', { name: 'Chase' }).check();
  const form = page.getByRole('form', { name: 'Pay from Chase' });
  const proceed = form.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeDisabled();
  await form.getByLabel('Routing Number').fill('110000001');
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid 9-digit routing number.');
  await form.getByLabel('Routing Number').fill('110000000');
  await form.getByLabel('Account Number').fill(account);
  await expect(proceed).toBeEnabled();
  await banks.scrollIntoViewIfNeeded();
  if (screenshots) await page.screenshot({ path: 'test-results/bank-payment-choose.png' });
  await proceed.click();

  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Your bank payment is pending.' })).toBeVisible();
  return ((await page.getByText(/^Order ID: \d+$/).textContent()) ?? '').replace('Order ID: ', '');
}

test('bank payment pending → settled', async ({ page }) => {
  // The whole checkout, then the order status page twice: more than the default budget on a busy machine.
  test.slow();
  const orderId = await orderPaidByBank(page, 'bank', '000123456789', true);

  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/status\\?orderId=${orderId}$`));
  const status = page.getByRole('region', { name: 'Order status' });
  await expect(status.getByRole('definition').filter({ hasText: 'Pending payment' })).toBeVisible();

  // The reconciler's pass: the test bank's debit has cleared, so the order is paid.
  const { token } = await sessionOf(page);
  expect(await apiPost('/api/payments/test-reconcile', {}, token)).toMatchObject({ code: 1 });
  await page.reload();
  await expect(status.getByRole('definition').filter({ hasText: 'Processing' })).toBeVisible();
  await expect(status.getByText('Pending payment')).toHaveCount(0);
});

/**
 * A debit the bank returns later (QA walk): the status page says nothing was charged and that the items are back in
 * the cart (its badge counts them), and My Orders lists the order as 'Payment failed' instead of 'no orders yet'.
 */
test('bank payment fails later → nothing charged, items back in the cart, listed in My Orders', async ({ page }) => {
  test.slow();
  const orderId = await orderPaidByBank(page, 'bank-fails', '000111111116');
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  const { token } = await sessionOf(page);
  expect(await apiPost('/api/payments/test-reconcile', {}, token)).toMatchObject({ code: 1 });
  await page.getByRole('link', { name: 'Track your order' }).click();
  const status = page.getByRole('region', { name: 'Order status' });
  await expect(status.getByTestId('order-status')).toHaveText('Payment failed');
  await expect(status.getByTestId('order-total')).toHaveText(/^Nothing charged \(was \$[\d.]+\)$/);
  await expect(status.getByTestId('failed-payment-note')).toContainText('nothing was charged. Its items were put back in your cart.');
  await expect(status.getByText('Estimated Total')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.screenshot({ path: 'test-results/bank-payment-failed-status.png' });

  await page.getByRole('link', { name: 'All your orders' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^ORDER #${orderId}.*Payment failed`) })).toBeVisible();
  await expect(page.getByText('You have no delivery orders yet.')).toHaveCount(0);

  await page.goto(`/order/status?orderId=${orderId}`);
  await page.getByTestId('failed-payment-note').getByRole('link', { name: 'Go to your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('USDA Prime Ribeye Steak').first()).toBeVisible();
});

/**
 * A Same Day slot today (or any day before a debit clears) is not offered pay by bank: the bank list says why and
 * takes no choice, so the order cannot sit unpaid and unseen past its delivery.
 */
test('bank payment not offered for a delivery before the debit clears', async ({ page }) => {
  test.slow();
  await enterStoreAsNewCustomer(page, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('bank-soon'), password: 'correct horse 1' });
  await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
  await scheduleFirstGroupAndCheckout(page);
  await addAddress(page);
  await chooseSpeed(page);

  const banks = page.getByRole('group', { name: 'Pay From Your Bank Account' });
  await expect(banks.getByText(/^Pay From Your Bank Account takes up to 4 business days to clear/)).toBeVisible();
  await expect(banks.getByRole('radio', { name: 'Chase' })).toBeDisabled();
  await expect(page.getByRole('form', { name: 'Pay from Chase' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/bank-payment-too-soon.png' });
});

/** On the cart: the seller group holding `product`, its first day with a free slot at least `laterDays` open days on. */
async function scheduleGroupOf(page: Page, product: string, laterDays: number): Promise<void> {
  await scheduleGroup(page.getByRole('list', { name: 'Items by seller' }).getByRole('region').filter({ hasText: product }), laterDays);
}

/**
 * Walk 3 (2): two Same Day sellers, the main one (Hudson) delivering after the debit clears, Fulton before it. Place
 * order checks every seller's date, so the payment tab does too: the notice shows and the banks take no choice.
 */
test('bank payment not offered when any seller of a mixed cart delivers before the debit clears', async ({ page }) => {
  test.slow();
  const customer = await newCustomer('bank-mixed');
  const ribeye = 'USDA Prime Ribeye Steak';
  const salmon = 'Atlantic Salmon Fillet, Skin-On';
  const session = await addToCartThroughApi(await addToCartThroughApi(customer.session, 'ribeye', ribeye), 'salmon', salmon);
  await openWithSession(page, session, '/cart');
  await expect(page.getByRole('list', { name: 'Items by seller' }).getByRole('region')).toHaveCount(2);
  await scheduleGroupOf(page, ribeye, 6);
  await scheduleGroupOf(page, salmon, 0);
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await addAddress(page);
  await chooseSpeed(page);

  const banks = page.getByRole('group', { name: 'Pay From Your Bank Account' });
  await expect(banks.getByText(/^Pay From Your Bank Account takes up to 4 business days to clear/)).toBeVisible();
  await expect(banks.getByRole('radio', { name: 'Chase' })).toBeDisabled();
});

/**
 * A shopper who changed their mind cancels an order paid by bank while its debit is still on its way (decision 087
 * left it): the order page offers Cancel order (the delivery cannot move until the debit clears), the order ends at
 * once and says plainly the debit will be refunded when it clears; once the bank clears it (test mode's reconciler
 * pass, as the background sweep makes), the page says it was refunded. On the way: the cancel kept (back to the
 * reason, Cancel still offered), and one the connection loses (said there, and tried again).
 */
test('bank payment pending → canceled on the order page → refunded once the debit clears', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('bank-cancel');
  const orderId = await orderPaidByBank(page, email, '000123456789');
  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/status\\?orderId=${orderId}$`));
  const status = page.getByRole('region', { name: 'Order status' });
  await expect(status.getByRole('definition').filter({ hasText: 'Pending payment' })).toBeVisible();

  await status.getByRole('button', { name: 'Change delivery or cancel' }).click();
  const panel = status.getByRole('region', { name: 'Change delivery or cancel' });
  await expect(
    panel.getByText('Your bank payment is pending: the delivery can be moved once it clears. You can still cancel the order.'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Move delivery' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Cancel order' }).click();
  const onItsWay = 'Your bank debit is still on its way: it will be refunded when it clears.';
  const confirm = panel.getByRole('alertdialog', { name: 'Cancel this order?' });
  await expect(confirm).toHaveText(new RegExp(`^Cancel this order\\? ${onItsWay}`));
  // Kept: back to why it cannot move, Cancel order still offered; a cancel the connection loses says so there too.
  await confirm.getByRole('button', { name: 'No, keep it' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(panel.getByText(/^Your bank payment is pending: the delivery can be moved once it clears/)).toBeVisible();
  await panel.getByRole('button', { name: 'Cancel order' }).click();
  await connectionLostOnce(page, '/api/account/order/cancel');
  await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(panel.getByRole('alert')).toContainText(offlineMessage);
  await panel.getByRole('button', { name: 'Cancel order' }).click();
  // The page reads the canceled order again, which no longer offers the panel: held until its words are seen.
  const reread = await heldOnce(page, '/api/account/orderstatus');
  await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Your order was canceled. ${onItsWay}`);
  await reread.arrived;
  reread.release();
  await expect(page.getByTestId('order-status')).toHaveText('Canceled');
  await expect(page.getByTestId('cap-rule')).toHaveText(`The order ended. ${onItsWay}`);
  await expect(page.getByTestId('refund')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/bank-payment-canceled-on-its-way.png', fullPage: true });

  // The bank clears the debit: the reconciler's pass refunds it in full.
  const { token } = await sessionOf(page);
  expect(await apiPost('/api/payments/test-reconcile', {}, token)).toMatchObject({ code: 1 });
  await page.reload();
  await expect(page.getByTestId('cap-rule')).toHaveText('The order ended. Your payment has been refunded in full.');
  await expect(page.getByTestId('refund')).toHaveText(/^Refunded \$[\d.]+ to your payment: in full, when the order ended\.$/);
  await page.screenshot({ path: 'test-results/bank-payment-canceled-refunded.png', fullPage: true });
  // And the shopper is mailed that the money came back, with the amount the page names (088 left: no mail said so).
  const refunded = ((await page.getByTestId('refund').textContent()) ?? '').match(/\$[\d.]+/)?.[0] ?? '';
  const mailed = await mailedMatchFor(
    email,
    new RegExp(`^Your bank debit for order #${orderId} has cleared after the order was canceled\\. .*$`, 'm'),
  );
  expect(mailed).toBe(
    `Your bank debit for order #${orderId} has cleared after the order was canceled. We refunded ${refunded} to your payment, in full.`,
  );
});
