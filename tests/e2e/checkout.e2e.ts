import type { Page } from '@playwright/test';
import { expect, tabTest as test } from './fixtures.ts';
import { addAddress, addCard, chooseSpeed, fillAddressForm, openNewCard, placeOrder, saveNewCard } from './checkout-steps.ts';
import { homeAndContinue, openCheckoutAt, payOnDelivery, ribeyeCustomer, speedAndContinue } from './faults.ts';
import { deleteAddressThroughApi, payOnDeliveryOrderThroughApi, saveHomeThroughApi, scheduleThroughApi } from './journeys/checkout-shoppers.ts';
import { addToCartThroughApi, newCustomer } from './journeys/shoppers.ts';
import { saveAddressThroughApi, sessionOf } from './steps.ts';
import { addressGoneMessage } from '../../src/rules/messages.ts';
import { payOnDeliveryMaxOpenOrders, payOnDeliveryMessages } from '../../src/rules/pay-on-delivery.ts';
import {
  addSameDayToCart,
  enterStore,
  enterStoreAsNewCustomer,
  orderConfirmationLinkFor,
  scheduleFirstGroupAndCheckout,
  uniqueEmail,
} from './steps.ts';

const ribeye = 'USDA Prime Ribeye Steak';

const addRibeye = (page: Page) => addSameDayToCart(page, 'ribeye', ribeye);
const scheduleAndCheckout = scheduleFirstGroupAndCheckout;

/** A guest of their own (a new email) with a Same Day ribeye scheduled, on the address tab; answers the email. */
async function asGuest(page: Page): Promise<string> {
  await enterStore(page);
  await addRibeye(page);
  await expect(page).toHaveURL(/\/guest\/register$/);
  const email = uniqueEmail('checkout');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await scheduleAndCheckout(page);
  return email;
}

test.describe('checkout', () => {
  test('a new card billed to a shipping address deleted in another tab names it and goes back to the addresses (walk 4 #4)', async ({ page }) => {
    await openCheckoutAt(page, await ribeyeCustomer('card-home-gone'));
    await homeAndContinue(page);
    await speedAndContinue(page);
    // Her home is deleted in another tab (/setting/user) while the payment tab is open.
    await deleteAddressThroughApi(await sessionOf(page), 'Home');
    await openNewCard(page);
    await saveNewCard(page, '4242 4242 4242 4242');
    await expect(page.getByText(addressGoneMessage).first()).toBeVisible();
    await expect(page.getByText('Internal server error occured')).toHaveCount(0);
    await expect(page).toHaveURL(/\/cart\/address$/);
    await expect(page.getByRole('heading', { name: 'Select a Shipping Address' })).toBeVisible();
  });

  test('a refusal naming the speed stays next to PLACE ORDER in words, PLACE ORDER waits, and its link opens the speed tab (walk 3 #1, #2)', async ({
    page,
  }) => {
    await openCheckoutAt(page, await ribeyeCustomer('refusal-stays'));
    await homeAndContinue(page);
    await speedAndContinue(page);
    await payOnDelivery(page);
    const words = 'This delivery speed is not available for the items in your cart.';
    // The server's 400 naming speed_id (a test fault: the seeded store offers this speed).
    await page.route(
      (url) => url.pathname.endsWith('/api/placeorder/placeorder'),
      (route) => route.fulfill({ status: 400, json: { code: 0, message: `speed_id: ${words}`, errors: [{ field: 'speed_id', message: words }] } }),
      { times: 1 },
    );
    const totals = page.getByRole('complementary', { name: 'Order totals' });
    await totals.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(totals.getByRole('alert').filter({ hasText: words })).toBeVisible();
    await expect(page.getByText(`speed_id: ${words}`)).toHaveCount(0);
    await expect(totals.getByRole('button', { name: 'PLACE ORDER' })).toBeDisabled();
    // Said once, beside the button: no snackbar repeats it over PLACE ORDER (decision 087 left).
    expect(await page.getByRole('alert').filter({ hasText: words }).count()).toBe(1);
    await totals.getByRole('button', { name: 'Choose another delivery speed' }).click();
    await expect(page.getByRole('heading', { name: 'Choose Delivery Slots' })).toBeVisible();
  });

  test('a stock refusal at PLACE ORDER leads back to the cart, and CHECKOUT there starts a new checkout at the address tab (walk 9 #2, #4)', async ({
    page,
  }) => {
    await openCheckoutAt(page, await ribeyeCustomer('stock-refusal'));
    await homeAndContinue(page);
    await speedAndContinue(page);
    await payOnDelivery(page);
    const words = `${ribeye} is out of stock.`;
    // Place order's stock refusal naming the cart line (a test fault: the seeded ribeye is deep in stock).
    await page.route(
      (url) => url.pathname.endsWith('/api/placeorder/placeorder'),
      (route) => route.fulfill({ json: { code: -1, message: words, problems: [{ cart_rid: 1, message: words }] } }),
      { times: 1 },
    );
    const totals = page.getByRole('complementary', { name: 'Order totals' });
    await totals.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(totals.getByRole('alert').filter({ hasText: words })).toBeVisible();
    await expect(totals.getByRole('button', { name: 'PLACE ORDER' })).toBeDisabled();
    await totals.getByRole('link', { name: 'Back to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    // The last checkout reached its summary: a new CHECKOUT still opens the address tab, its later tabs closed.
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/cart\/address$/);
    await expect(page.getByRole('heading', { name: 'Select a Shipping Address' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toHaveCount(0);
  });

  test('Payment on Delivery is refused on the payment tab once her 2 orders wait for it; a card is named on the summary (walk 4 #3)', async ({
    page,
  }) => {
    const { session } = await newCustomer('pod-limit');
    await saveHomeThroughApi(session);
    // Two ribeyes ordered before, paid on delivery (each waiting for the mailed confirmation): the limit is reached.
    let before = session;
    for (let i = 0; i < payOnDeliveryMaxOpenOrders; i++) before = await payOnDeliveryOrderThroughApi(before);
    const shopping = await addToCartThroughApi(before, 'ribeye', ribeye);
    await scheduleThroughApi(shopping);
    await openCheckoutAt(page, shopping);
    await homeAndContinue(page);
    await speedAndContinue(page);
    await page.getByRole('radio', { name: 'Payment on Delivery' }).check();
    const tab = page.getByRole('tabpanel');
    await expect(tab.getByRole('alert').filter({ hasText: payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders) })).toBeVisible();
    await expect(tab.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
    await page.screenshot({ path: 'test-results/pod-limit-payment-tab.png', fullPage: true });
    // Paying by card instead: the summary names the card above PLACE ORDER.
    await page.getByRole('radio', { name: 'Cards' }).check();
    await addCard(page, '4242 4242 4242 4242');
    const totals = page.getByRole('complementary', { name: 'Order totals' });
    await expect(totals.getByText('Payment: Visa ending in 4242')).toBeVisible();
    await expect(totals.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
    await page.screenshot({ path: 'test-results/summary-payment-card.png', fullPage: true });
  });

  test('a pay-on-delivery refusal at PLACE ORDER (the door has 2 waiting) stays beside it, PLACE ORDER waits, and its link opens the payment tab (walk 4 #3)', async ({
    page,
  }) => {
    const door = `${1 + Math.floor(Math.random() * 99_999)} 5th Ave`;
    // Two neighbours at her door each ordered a ribeye paid on delivery and confirmed it from the mail.
    for (const name of ['pod-door-a', 'pod-door-b']) {
      const neighbour = await newCustomer(name);
      const { Token: token, CustomerId: customerId } = neighbour.session;
      if (!token || customerId === undefined) throw new Error('no neighbour');
      await saveAddressThroughApi({ token, customerId }, { nickname: 'Home', street1: door });
      await payOnDeliveryOrderThroughApi(neighbour.session);
      await page.goto(await orderConfirmationLinkFor(neighbour.email));
      await page.getByRole('button', { name: 'Confirm my order' }).click();
      await expect(page.getByText(/is confirmed/)).toBeVisible();
    }
    const { session } = await newCustomer('pod-door-c');
    const { Token: token, CustomerId: customerId } = session;
    if (!token || customerId === undefined) throw new Error('no customer');
    await saveAddressThroughApi({ token, customerId }, { nickname: 'Home', street1: door });
    const shopping = await addToCartThroughApi(session, 'ribeye', ribeye);
    await scheduleThroughApi(shopping);
    await openCheckoutAt(page, shopping);
    await homeAndContinue(page);
    await speedAndContinue(page);
    // Her own orders leave room: the tab offers it; only place order knows the door's.
    await payOnDelivery(page);
    const totals = page.getByRole('complementary', { name: 'Order totals' });
    await expect(totals.getByText('Payment: Payment on Delivery')).toBeVisible();
    await page.screenshot({ path: 'test-results/summary-payment-on-delivery.png', fullPage: true });
    await totals.getByRole('button', { name: 'PLACE ORDER' }).click();
    const words = payOnDeliveryMessages.addressHasOpenOrders(payOnDeliveryMaxOpenOrders);
    await expect(totals.getByRole('alert').filter({ hasText: words })).toBeVisible();
    await expect(page.getByText(`payment_mode: ${words}`)).toHaveCount(0);
    await expect(totals.getByRole('button', { name: 'PLACE ORDER' })).toBeDisabled();
    await totals.getByRole('button', { name: 'Choose another way to pay' }).click();
    await expect(page.getByRole('heading', { name: 'Choose Payment Options' })).toBeVisible();
  });

  test('the address tab never preselects a saved address outside the shopping zip, before or after a reload (walk 4 #6)', async ({ page }) => {
    const session = await ribeyeCustomer('zip-preselect');
    const { Token: token, CustomerId: customerId } = session;
    if (!token || customerId === undefined) throw new Error('no customer');
    // Her default address is in Beverly Hills; she shops at 10001.
    await saveAddressThroughApi(
      { token, customerId },
      { nickname: 'LA', street1: '9500 Wilshire Blvd', city: 'Beverly Hills', state: 'CA', zipcode: '90210', default_address: '1' },
    );
    await openCheckoutAt(page, session);
    const la = page.getByRole('button', { name: /^LA: / });
    const home = page.getByRole('button', { name: /^Home: Ada Lovelace/ });
    const saveAndContinue = page.getByRole('button', { name: 'SAVE & CONTINUE' });
    for (const opened of ['opened', 'reloaded']) {
      if (opened === 'reloaded') await page.reload();
      await expect(la, opened).toHaveAttribute('aria-pressed', 'false');
      await expect(home, opened).toHaveAttribute('aria-pressed', 'false');
      await expect(saveAndContinue, opened).toBeDisabled();
    }
    await la.click();
    await expect(
      page.getByRole('alert').filter({ hasText: "Selection not Allowed as Shipping Zipcode dosen't Match with Shopping Zipcode" }),
    ).toBeVisible();
    await expect(la).toHaveAttribute('aria-pressed', 'false');
    await homeAndContinue(page);
  });

  test('a direct visit to the summary goes back to the current step', async ({ page }) => {
    await asGuest(page);
    await expect(page).toHaveURL(/\/cart\/address$/);
    await page.goto('/cart/checkout');
    await expect(page).toHaveURL(/\/cart\/address$/);
    await expect(page.getByRole('heading', { name: 'Select a Shipping Address' })).toBeVisible();
  });

  test("a guest pays with 4242 4242 4242 4242 and sees 'Order Placed.'", async ({ page }) => {
    const orders: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/placeorder/placeorder')) orders.push(r.postDataJSON());
    });
    await asGuest(page);
    await addAddress(page);
    await page.screenshot({ path: 'test-results/checkout-address.png', fullPage: true });
    await chooseSpeed(page);
    await addCard(page, '4242 4242 4242 4242');
    // Each line says what the seller may do if it is out when picked; the ribeye is refunded rather than swapped.
    const ifOut = page.getByLabel('If USDA Prime Ribeye Steak is out of stock');
    await expect(ifOut).toHaveValue('similar');
    await ifOut.selectOption({ label: 'Refund if out of stock' });
    await placeOrder(page);
    await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
    // PLACE ORDER is gone: the heading takes the focus, not the page's body (QA walk 9 S7).
    await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeFocused();
    await expect(page.getByText(/^Order ID: \d+/)).toBeVisible();
    await page.screenshot({ path: 'test-results/checkout-placed.png', fullPage: true });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ substitutions: [{ preference: 'refund' }] });
    const placedId = ((await page.getByText(/^Order ID: \d+$/).textContent()) ?? '').replace('Order ID: ', '');
    await page.getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(page).toHaveURL(/\/category\/ALL$/);
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    // The guest's order page: no link to an account's order list (walk 8), which would ask a guest to sign in.
    await page.goto(`/order/status?orderId=${placedId}`);
    await expect(page.getByRole('heading', { name: `ORDER #${placedId}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All your orders' })).toHaveCount(0);
  });

  test('keyboard (walk 5): a refused CHECKOUT, SAVE ADDRESS and Save and Continue each move focus to the first wrong field; an opened form takes focus on its heading', async ({
    page,
  }) => {
    await enterStore(page);
    await addRibeye(page);
    await expect(page).toHaveURL(/\/guest\/register$/);
    await page.getByRole('main').getByLabel('Email').fill(uniqueEmail('keyboard'));
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const group = page.getByRole('list', { name: 'Items by seller' }).getByRole('region').first();
    const checkout = page.getByRole('button', { name: 'CHECKOUT' });
    await checkout.focus();
    await page.keyboard.press('Enter');
    await expect(group.getByLabel(/^Delivery date for /)).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/keyboard-cart-checkout-1280.png' });
    await scheduleAndCheckout(page);

    await expect(page.getByRole('heading', { name: 'Select a Shipping Address' })).toBeVisible();
    await page.getByRole('button', { name: 'ADD NEW ADDRESSES' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'ADD NEW ADDRESSES' })).toBeFocused();
    await page.getByRole('button', { name: 'SAVE ADDRESS' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('tabpanel');
    await expect(form.getByLabel('First Name')).toBeFocused();
    await expect(form.getByText('Phone is required.')).toBeVisible();
    // One announcement for the eight messages; each field reads its own.
    await expect(page.getByRole('alert')).toHaveText(['Please correct the fields marked below.']);
    await page.screenshot({ path: 'test-results/keyboard-address-refused-1280.png' });
    // Corrected by keyboard alone, typing first where the focus landed.
    await fillAddressForm(page, { keyboard: true });
    await expect(page.getByRole('button', { name: /^Home: Ada Lovelace/ })).toHaveAttribute('aria-pressed', 'true');
    await chooseSpeed(page);

    await page.getByRole('button', { name: 'ADD NEW CARD' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Add New Card' })).toBeFocused();
    await page.getByRole('button', { name: 'Save and Continue' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Card Holder')).toBeFocused();
    await expect(page.getByRole('alert')).toHaveText(['Please correct the fields marked below.']);
    await page.screenshot({ path: 'test-results/keyboard-card-refused-1280.png' });
  });

  test('a gift message shows its limit; a 1,200-character one is kept whole, named too long, and PLACE ORDER waits', async ({ page }) => {
    await asGuest(page);
    await addAddress(page);
    await chooseSpeed(page);
    await addCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
    await page.getByRole('switch', { name: 'This order is a gift' }).check();
    const message = page.getByLabel('Gift message');
    await expect(page.getByText('0 of 500 characters')).toBeVisible();
    await message.fill('x'.repeat(1200));
    // QA walk: it was cut to 500 without a word.
    await expect(message).toHaveValue('x'.repeat(1200));
    await expect(page.getByText('1200 of 500 characters')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Gift message must be at most 500 characters.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeDisabled();
    await message.fill('Happy birthday!');
    await expect(page.getByText('15 of 500 characters')).toBeVisible();
    await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
  });

  test("a card declined when it is saved shows 'Your card was declined.'; another number then saves", async ({ page }) => {
    await asGuest(page);
    await addAddress(page);
    await chooseSpeed(page);
    // 4000 0000 0000 0002 is refused when it is saved: the card screen says so and nothing moves on.
    await addCard(page, '4000 0000 0000 0002');
    await expect(page.getByText(/Your card was declined\./).first()).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/cart\/card$/);
    // The form keeps what was typed: a new number and Save and Continue move on to the summary.
    await page.getByLabel('Card Number').fill('4000 0000 0000 0341');
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(page).toHaveURL(/\/cart\/checkout$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  });

  test('a card declined when the order is charged lands on /payment/fail', async ({ page }) => {
    await asGuest(page);
    await addAddress(page);
    await chooseSpeed(page);
    // 4000 0000 0000 0341 saves, then is declined when the order is charged.
    await addCard(page, '4000 0000 0000 0341');
    await placeOrder(page);
    await expect(page).toHaveURL(/\/payment\/fail\?orderId=\d+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(page.getByText(/^Order ID: \d+$/)).toBeVisible();
    await page.screenshot({ path: 'test-results/checkout-payment-fail.png', fullPage: true });
    await page.getByRole('button', { name: 'Start Shopping' }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test('a card whose bank asks for a check: COMPLETE places the order', async ({ page }) => {
    await asGuest(page);
    await addAddress(page);
    await chooseSpeed(page);
    // 4000 0025 0000 3155: Stripe's test card that needs 3-D Secure; test mode shows a stand-in for the bank's page.
    await addCard(page, '4000 0025 0000 3155');
    await placeOrder(page);
    const bank = page.getByRole('dialog', { name: 'Confirm this payment' });
    await expect(bank).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: 'test-results/checkout-bank-check.png' });
    await bank.getByRole('button', { name: 'COMPLETE' }).click();
    await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
  });

  test('a card whose bank asks for a check: FAIL lands on /payment/fail', async ({ page }) => {
    await asGuest(page);
    await addAddress(page);
    await chooseSpeed(page);
    // 4000 0027 6000 3184: Stripe's test card that always asks for 3-D Secure.
    await addCard(page, '4000 0027 6000 3184');
    await placeOrder(page);
    const bank = page.getByRole('dialog', { name: 'Confirm this payment' });
    await expect(bank).toBeVisible({ timeout: 20_000 });
    await bank.getByRole('button', { name: 'FAIL' }).click();
    await expect(page).toHaveURL(/\/payment\/fail\?orderId=\d+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  });

  test('Payment on Delivery places an order, which the guest confirms from the mailed link', async ({ page }) => {
    const email = await asGuest(page);
    await addAddress(page);
    await chooseSpeed(page);
    await page.getByRole('radio', { name: 'Payment on Delivery' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('complementary', { name: 'Order totals' }).getByText('Payment: Payment on Delivery')).toBeVisible();
    // The summary's coupon box asks the server, which refuses an expired code and prices the order again.
    // Type only once the summary is priced (APPLY enabled): while the server prices it the box drops what is typed
    // (an app issue, see the report for issue 10).
    const apply = page.getByRole('button', { name: 'APPLY' });
    await expect(apply).toBeEnabled();
    await page.getByLabel('Coupon code').fill('EXPIRED20');
    await apply.click();
    await expect(page.getByRole('alert').filter({ hasText: 'This coupon has expired.' })).toBeVisible();
    // The seed's ribeye (500 g, $36.59) meets WELCOME10's $30 minimum: 10 % comes off in the price summary.
    await expect(apply).toBeEnabled();
    await page.getByLabel('Coupon code').fill('WELCOME10');
    await apply.click();
    await expect(page.getByRole('status').filter({ hasText: 'Coupon WELCOME10 applied.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Price summary' }).getByText('Discount (WELCOME10)')).toBeVisible();
    await placeOrder(page);
    await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
    // Pay on delivery from a guest's email: the order stands once the mailed link is used.
    await expect(page.getByRole('status').filter({ hasText: 'Check your email: open the link we sent you within 30 minutes' })).toBeVisible();
    const orderId = /(\d+)/.exec(await page.getByText(/^Order ID: \d+/).innerText())?.[1] ?? '';
    await page.goto(await orderConfirmationLinkFor(email));
    await expect(page.getByRole('heading', { name: 'Confirm your order' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm my order' }).click();
    await expect(page.getByText(`Thank you: order ${orderId} is confirmed. You pay when it is delivered.`)).toBeVisible();
  });

  test('a customer buys again with the saved address and the saved card', async ({ page }) => {
    await enterStoreAsNewCustomer(page, { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('customer'), password: 'correct horse 1' });

    await addRibeye(page);
    // A signed-in customer is taken to the cart by ADD TO CART itself (leaving earlier would cancel the request).
    await expect(page).toHaveURL(/\/cart$/);
    await scheduleAndCheckout(page);
    await addAddress(page);
    await chooseSpeed(page);
    await addCard(page, '4242 4242 4242 4242');
    await placeOrder(page);
    await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Your Orders' })).toBeVisible();

    await addRibeye(page);
    // A signed-in customer is taken to the cart by ADD TO CART itself (leaving earlier would cancel the request).
    await expect(page).toHaveURL(/\/cart$/);
    await scheduleAndCheckout(page);
    await expect(page).toHaveURL(/\/cart\/address$/);
    // The saved (primary or just saved) address is there and chosen.
    const saved = page.getByRole('button', { name: /^Home: Ada Lovelace/ });
    await saved.click();
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await chooseSpeed(page);
    await page.getByRole('radiogroup', { name: 'Saved cards' }).getByRole('radio').first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await placeOrder(page);
    await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
    // The customer's order tracking link: the order, paid, with its item and delivery.
    const orderId = ((await page.getByText(/^Order ID: \d+$/).textContent()) ?? '').replace('Order ID: ', '');
    await page.getByRole('link', { name: 'Track your order' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/status\\?orderId=${orderId}$`));
    await expect(page.getByRole('heading', { name: `ORDER #${orderId}` })).toBeVisible();
    const status = page.getByRole('region', { name: 'Order status' });
    await expect(status.getByText('Processing').first()).toBeVisible();
    await expect(status.getByRole('cell', { name: /USDA Prime Ribeye Steak/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All your orders' })).toBeVisible();
    await page.screenshot({ path: 'test-results/order-status.png', fullPage: true });
  });

  test('on a phone a title bar with a back arrow leads from the address tab back', async ({ page }) => {
    await asGuest(page);
    await expect(page).toHaveURL(/\/cart\/address$/);
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/checkout-mobile.png', fullPage: true });
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });
});
