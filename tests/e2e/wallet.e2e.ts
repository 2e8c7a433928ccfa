import AxeBuilder from '@axe-core/playwright';
import { addDays } from '../../src/rules/delivery-dates.ts';
import { shippingFlagsFor } from '../../src/rules/dine-in.ts';
import type { Page } from '@playwright/test';
import { addAddress, addCard, addCardWithBilling, chooseSpeed, placeAndConfirm } from './checkout-steps.ts';
import { serveDineInOrder } from './console-steps.ts';
import { addDineIn, chooseVisit, fillVisit, tomorrow, walletRow } from './dine-in-steps.ts';
import { expect, tabTest as test } from './fixtures.ts';
import { signInAgain } from './identity-steps.ts';
import { addSameDayToCart, choose, enterStoreAsNewCustomer, scheduleFirstGroupAndCheckout, uniqueEmail } from './steps.ts';
import { areaOf, openWithSession } from './stored-session.ts';

const ribeye = 'USDA Prime Ribeye Steak';
const oysters = 'East Coast Oysters';
const restaurant = 'Gramercy Chop House';
/** Its location id (the seed's New York 4-star restaurant). */
const gramercy = 401;
/** The redemption's table: the day after tomorrow. */
const dayAfter = addDays(tomorrow().iso, 1);

/** WCAG 2.1 A and AA as axe judges the page now (the journey waits for what it shows first). */
async function wcagViolations(page: Page): Promise<string[]> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The set-up the journeys share: a new customer (email from `prefix`) on Dine-In at Gramercy tomorrow at 7 pm with a
 * ribeye dinner in the cart; with `served`, it is paid and served, so the wallet holds it. Returns the customer.
 */
async function ribeyeDinner(page: Page, prefix: string, served: boolean) {
  const shopper = { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(prefix), password: 'correct horse 1' };
  await enterStoreAsNewCustomer(page, shopper);
  await chooseVisit(page, 'Dine-In', '4 star', restaurant, '7:00 PM');
  await addDineIn(page, 'ribeye', ribeye);
  if (served) {
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await addCardWithBilling(page);
    await serveDineInOrder(await placeAndConfirm(page));
  }
  return shopper;
}

/** From the wallet's Dine-In panel: the ribeye redeemed for a table at Gramercy tomorrow at 1 pm, then the cart. */
async function redeemRibeye(page: Page) {
  await page.goto('/setting/order');
  const dineIn = page.getByRole('region', { name: 'Dine-In' });
  await dineIn.getByLabel('State').selectOption('NY');
  await dineIn.getByRole('button', { name: 'REDEEM NOW' }).click();
  await page.getByLabel('Date').fill(tomorrow().iso);
  await choose(page, 'Time', '1:00 PM');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await page
    .getByRole('article', { name: new RegExp(ribeye) })
    .getByRole('button', { name: 'ADD TO CART' })
    .click();
  await expect(page).toHaveURL(/\/cart$/);
}

test.describe('prepaid wallet', () => {
  test('Dine-In at a 4-star restaurant tomorrow at 7 pm: a steak dinner and oysters go into the wallet, one steak is redeemed, and Consumed and Remaining change', async ({
    page,
    browser,
  }) => {
    const orders: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/placeorder/placeorder')) orders.push(r.postDataJSON());
    });
    const shopper = { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('wallet'), password: 'correct horse 1' };
    await enterStoreAsNewCustomer(page, shopper);

    // Delivery Options: Dine-In at Gramercy Chop House (4 star, New York), tomorrow at 7 pm.
    await chooseVisit(page, 'Dine-In', '4 star', restaurant, '7:00 PM');
    await expect(page.getByTestId('shipping-choice')).toContainText(`DINE-IN AT ${restaurant}`);

    // The catalogue sells the restaurant's dine-in offers: a steak dinner for two and a dozen oysters.
    await addDineIn(page, 'ribeye', ribeye);
    await addDineIn(page, 'oysters', oysters);
    await page
      .getByRole('button', { name: `Increase quantity of ${ribeye}` })
      .first()
      .click();
    await expect(page.getByRole('status', { name: `Quantity of ${ribeye}`, exact: true })).toHaveText('2');

    // The cart: the restaurant's group shows the visit, no delivery date; CHECKOUT goes straight to the card tab.
    await expect(page.getByRole('heading', { name: restaurant })).toBeVisible();
    await expect(page.getByText(/Your table: .*7:00 PM/)).toBeVisible();
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/cart\/card$/);
    await addCardWithBilling(page);
    const orderId = await placeAndConfirm(page);
    expect(orders[0]).toMatchObject({ speed_id: 3, retailer_id: gramercy, pickup_date: `${tomorrow().iso} 19:00` });
    // Paid, not served yet: the wallet says the order comes to it when the restaurant serves it (QA walk 5 defect 7).
    await page.goto('/setting/order');
    await expect(page.getByTestId('wallet-waiting')).toHaveText('Your paid dine-in order comes to your wallet when the restaurant serves it.');
    await expect(page.getByText('Nothing in your wallet yet')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/wallet-waiting-for-serve.png', fullPage: true });
    // The restaurant serves it: only then do its portions reach the wallet.
    await serveDineInOrder(orderId);

    // The Dine-In panel: the wallet holds both portions.
    await page.goto('/setting/order');
    const dineIn = page.getByRole('region', { name: 'Dine-In' });
    await expect(walletRow(page, ribeye)).toBeVisible();
    await expect(walletRow(page, ribeye).getByRole('cell', { name: '2 portions' })).toHaveCount(2);
    await expect(walletRow(page, ribeye).getByRole('cell', { name: '0 portions' })).toHaveCount(1);
    await expect(walletRow(page, oysters).getByRole('cell', { name: '1 portion', exact: true })).toHaveCount(2);
    const redeem = dineIn.getByRole('button', { name: 'REDEEM NOW' });
    await expect(redeem).toBeDisabled();
    await expect(dineIn.getByLabel('State')).toHaveAccessibleDescription('Selecting state is mandatory');
    await dineIn.getByLabel('State').selectOption('NY');
    await expect(dineIn.getByTestId('wallet-total')).toHaveText('3 portions');
    await expect(redeem).toBeEnabled();
    await page.screenshot({ path: 'test-results/wallet-dine-in-panel.png', fullPage: true });
    expect(await wcagViolations(page)).toEqual([]);
    await redeem.click();

    // /wallet/shipping: the partner restaurants of the wallet's state and category, a date and time, CONTINUE.
    await expect(page).toHaveURL(/\/wallet\/shipping$/);
    // The one restaurant of the wallet's state and category is already chosen; the visit's time is not.
    await expect(page.getByRole('radio', { name: new RegExp(restaurant) })).toBeChecked();
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(page.getByText('Dining date and time is required')).toBeVisible();
    // The day after tomorrow: its cancel is open all today (the cutoff is 3 pm the day before), for the cancel below.
    await page.getByLabel('Date').fill(dayAfter);
    // The time list offers the restaurant's own tables (Gramercy: noon to 10:30 pm, the last at 9:30 pm).
    await expect(page.getByText(`${restaurant} is open 12:00 PM to 10:30 PM`)).toBeVisible();
    await choose(page, 'Time', '1:00 PM');
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
    await expect(page.getByText(new RegExp(`Eat in at ${restaurant}, .*1:00 PM: redeemed from your wallet`))).toBeVisible();
    // Walk 5: the header says where the shopper now eats in, and when.
    await expect(page.getByTestId('shipping-choice')).toContainText(new RegExp(`DINE-IN AT ${restaurant}.*1:00 PM`));
    await page.screenshot({ path: 'test-results/wallet-cart.png', fullPage: true });

    // Walk 5 #1 case B: signed in again in another browser (nothing stored there), the cart still knows the visit,
    // kept with it on the server, and PLACE ORDER places the redemption without the browser sending one.
    let redemption: string | undefined;
    const other = await browser.newContext();
    try {
      const phone = await other.newPage();
      phone.on('request', (r) => {
        if (r.url().includes('/api/placeorder/placeorder')) orders.push(r.postDataJSON());
      });
      await openWithSession(phone, await areaOf('10001'), '/signIn');
      await signInAgain(phone, shopper.email, shopper.password);
      await phone.goto('/cart');
      await expect(phone.getByText(new RegExp(`Eat in at ${restaurant}, .*1:00 PM: redeemed from your wallet`))).toBeVisible();
      await phone.screenshot({ path: 'test-results/wallet-cart-other-browser.png', fullPage: true });
      await phone.getByRole('button', { name: 'CHECKOUT' }).click();
      await expect(phone).toHaveURL(/\/cart\/card$/);
      // Nothing to pay: the wallet covers it, no card is asked for.
      await expect(phone.getByRole('heading', { name: 'Nothing to Pay' })).toBeVisible();
      await phone.getByRole('button', { name: 'Continue' }).click();
      // The $0 summary offers nothing that cannot apply: no coupon to take off, no choice if the redeemed steak is out.
      await expect(phone.getByRole('list', { name: 'Items' })).toContainText(ribeye);
      await expect(phone.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
      await expect(phone.getByLabel('Coupon code')).toHaveCount(0);
      await expect(phone.getByLabel(`If ${ribeye} is out of stock`)).toHaveCount(0);
      redemption = await placeAndConfirm(phone);
      await phone.screenshot({ path: 'test-results/wallet-placed-other-browser.png', fullPage: true });
    } finally {
      await other.close();
    }
    // This browser sent no visit: the server placed it at the one the cart kept (the wallet's date and time).
    expect(orders[1]).not.toHaveProperty('pickup_date');
    expect(redemption).toBeDefined();

    // Consumed 1, Remaining 1.
    await page.goto('/setting/order');
    await expect(walletRow(page, ribeye)).toBeVisible();
    await expect(walletRow(page, ribeye).getByRole('cell', { name: '1 portion', exact: true })).toHaveCount(2);
    await expect(walletRow(page, ribeye).getByRole('cell', { name: '2 portions' })).toHaveCount(1);

    // Canceling the redemption: the confirm, the page and its totals say the portion went back to the wallet, never a
    // payment refunded nor '(was Nothing to pay)' (QA walk 5 defect 2).
    await page.goto(`/order/status?orderId=${redemption ?? ''}`);
    // A table has nothing to move: the panel offers the cancel only.
    await page.getByRole('button', { name: 'Cancel this order' }).click();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const asked = page.getByRole('alertdialog', { name: 'Cancel this order?' });
    await expect(asked).toContainText(`Cancel this order? 1 portion of ${ribeye} goes back to your wallet.`);
    await expect(asked).not.toContainText('refunded');
    await page.screenshot({ path: 'test-results/wallet-cancel-ask.png', fullPage: true });
    await asked.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Canceled');
    await expect(page.getByTestId('order-total')).toHaveText('Nothing to pay');
    await expect(page.getByTestId('cap-rule')).toHaveText(`The order ended: nothing was charged. 1 portion of ${ribeye} is back in your wallet.`);
    await page.screenshot({ path: 'test-results/wallet-cancel-done.png', fullPage: true });
    await page.goto('/setting/order');
    await expect(walletRow(page, ribeye).getByRole('cell', { name: '2 portions' })).toHaveCount(2);
  });

  test('Walk 5 #1 case A: a Same Day salmon in the cart, then a wallet redemption: the delivered checkout places both, the visit read from the cart', async ({
    page,
  }) => {
    const orders: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/placeorder/placeorder')) orders.push(r.postDataJSON());
    });
    await ribeyeDinner(page, 'wallet-mix', true);

    // A delivered line first, then the redemption: the cart holds both, the wallet group with its visit.
    await addSameDayToCart(page, 'salmon', 'Atlantic Salmon');
    await expect(page).toHaveURL(/\/cart$/);
    await redeemRibeye(page);
    await expect(page.getByText(new RegExp(`Eat in at ${restaurant}, .*1:00 PM: redeemed from your wallet`))).toBeVisible();
    // The cart held a delivered line: its Delivery choice stays, so the salmon keeps its speeds.
    await expect(page.getByTestId('shipping-choice')).toContainText('DELIVERY');
    await page.screenshot({ path: 'test-results/wallet-cart-with-delivery.png', fullPage: true });

    // The delivered checkout (address, speed, card) sends no visit: the server takes the one the cart kept.
    await scheduleFirstGroupAndCheckout(page);
    await addAddress(page);
    await chooseSpeed(page);
    await addCard(page, '4242 4242 4242 4242');
    const orderId = await placeAndConfirm(page);
    expect(orders[1]).toMatchObject({ speed_id: 1 });
    expect(orders[1]).not.toHaveProperty('pickup_date');

    // Walk 6: the order page says the $0.00 ribeye came from the wallet, beside the paid salmon.
    await page.goto(`/order/status?orderId=${orderId}`);
    const redeemed = page.getByRole('row').filter({ hasText: ribeye }).filter({ hasText: '$0.00' });
    await expect(redeemed).toContainText('Redeemed from your wallet');
    await expect(page.getByText('Redeemed from your wallet')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/wallet-order-beside-paid.png', fullPage: true });
  });

  test('Walk 6 #3: Dine-In lines signed into from another browser on Dine-In with no time have no table: the cart asks for it before CHECKOUT and keeps it; a browser on Delivery takes them to Delivery (decision 086 left)', async ({
    page,
    browser,
  }) => {
    const shopper = await ribeyeDinner(page, 'dinein-no-table', false);

    // Another browser, on Dine-In at the restaurant with no time stored: the account's cart holds the Dine-In ribeye,
    // with no table.
    const dineInHere = {
      ...shippingFlagsFor('dine-in'),
      couriertype: 'dine-in' as const,
      retailer: 401,
      retailer_name: restaurant,
      vendor_location_id: 401,
    };
    const other = await browser.newContext();
    try {
      const phone = await other.newPage();
      await openWithSession(phone, { ...(await areaOf('10001')), ...dineInHere }, '/signIn');
      await signInAgain(phone, shopper.email, shopper.password);
      await phone.goto('/cart');
      await expect(phone.getByText('Your table: choose a date and time')).toBeVisible();
      const group = phone.getByRole('group', { name: `When you eat in at ${restaurant}` });
      await phone.getByRole('button', { name: 'CHECKOUT' }).click();
      await expect(phone).toHaveURL(/\/cart$/);
      await expect(group.getByRole('alert')).toHaveText("Choose your table's date and time.");
      await expect(phone.getByRole('complementary', { name: 'Order summary' }).getByRole('alert')).toHaveText("Choose your table's date and time.");
      await expect(group.getByLabel('Date')).toBeFocused();
      await phone.screenshot({ path: 'test-results/dinein-cart-no-table.png', fullPage: true });

      await group.getByLabel('Date').fill(dayAfter);
      await choose(phone, 'Time', '7:00 PM');
      await group.getByRole('button', { name: 'Save date and time' }).click();
      await expect(phone.getByText(/Your table: .*7:00 PM/)).toBeVisible();
      await expect(group).toHaveCount(0);
    } finally {
      await other.close();
    }
    // Kept on the server: this browser reads it too.
    await page.goto('/cart');
    await expect(page.getByText(/Your table: .*7:00 PM/)).toBeVisible();

    // A third browser, on Delivery: signing in takes the account's cart to Delivery (the ribeye to a delivery offer of
    // its size, its new price said), never a Dine-In group beside delivered lines that no speed can take.
    const laptop = await browser.newContext();
    try {
      const tab = await laptop.newPage();
      await openWithSession(tab, await areaOf('10001'), '/signIn');
      await signInAgain(tab, shopper.email, shopper.password);
      // Only moved (no guest cart joined it): 'moved', never 'combined' (decision 087 left).
      await expect(tab.getByText(new RegExp(`^Your cart was moved to Delivery: ${ribeye}`))).toBeVisible();
      await tab.goto('/cart');
      await expect(tab.getByRole('group', { name: `Change quantity of ${ribeye}` })).toBeVisible();
      await expect(tab.getByText(/Your table/)).toHaveCount(0);
      await scheduleFirstGroupAndCheckout(tab);
      await expect(tab).toHaveURL(/\/cart\/address$/);
      await tab.screenshot({ path: 'test-results/dinein-signed-in-on-delivery.png', fullPage: true });
    } finally {
      await laptop.close();
    }
  });

  test("Walk 8 #3: a redemption added in another browser: this tab's switch to Pick-Up reads the account's cart and names it, and CHECKOUT refuses the Dine-In line on Pick-Up, saying what to do", async ({
    page,
    browser,
  }) => {
    test.slow();
    // This tab: on Dine-In at Gramercy, with no cart (its order closed it).
    const shopper = await ribeyeDinner(page, 'wallet-switch', true);

    // Another browser: the same account redeems the ribeye for a Dine-In table.
    const other = await browser.newContext();
    try {
      const phone = await other.newPage();
      await openWithSession(phone, await areaOf('10001'), '/signIn');
      await signInAgain(phone, shopper.email, shopper.password);
      await redeemRibeye(phone);
      await expect(phone.getByText(new RegExp(`Eat in at ${restaurant}, .*1:00 PM: redeemed from your wallet`))).toBeVisible();
    } finally {
      await other.close();
    }

    // Back here, Pick-Up at Gramercy: the account's cart (not this tab's memory of none) is asked, and the redemption,
    // a table, is named as what Pick-Up cannot take.
    await fillVisit(page, 'Pick-Up', '4 star', restaurant, '1:00 PM');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    const question = page.getByRole('dialog', { name: 'Change to Pick-Up?' });
    await expect(question.getByRole('alert', { name: 'Leaving your cart' })).toContainText(ribeye);
    await page.screenshot({ path: 'test-results/wallet-switch-asks.png', fullPage: true });
    // Kept, named for the option the redemption was added for (the account's cart's, not this tab's Delivery since its
    // order: decision 089): a redemption is never set aside, it stays in the cart.
    await question.getByRole('button', { name: new RegExp(`^Change to Pick-Up and keep 1 item for Dine-In at ${restaurant}`) }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByTestId('shipping-choice')).toContainText(`PICK-UP AT ${restaurant}`);

    // The cart holds the Dine-In redemption while this tab is on Pick-Up: CHECKOUT refuses it and says what to do.
    await page.goto('/cart');
    await expect(page.getByText(new RegExp(`Eat in at ${restaurant}, .*1:00 PM: redeemed from your wallet`))).toBeVisible();
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page.getByRole('complementary', { name: 'Order summary' }).getByRole('alert')).toHaveText(
      'Your cart holds Dine-In items, but you are on Pick-Up. Choose again in Delivery Options (Change, in the header), or remove them.',
    );
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { name: 'Nothing to Pay' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/wallet-switch-checkout-refused.png', fullPage: true });
  });

  test('a Dine-In table refused at PLACE ORDER for its time: the refusal says where to choose it, and leads back to the cart (decision 086 left)', async ({
    page,
  }) => {
    await ribeyeDinner(page, 'dinein-no-time-at-place', false);
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await addCardWithBilling(page);
    await expect(page).toHaveURL(/\/cart\/checkout$/);

    // The table's time lost on the way (as a stale tab would send it): place order refuses the table.
    const placeOrder = /\/api\/placeorder\/placeorder/;
    await page.route(placeOrder, async (route) => {
      const body: unknown = route.request().postDataJSON();
      if (typeof body !== 'object' || body === null) throw new Error('placeorder sent no body');
      const without = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'pickup_date'));
      await route.continue({ postData: JSON.stringify(without) });
    });
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    // Beside PLACE ORDER, and only there: no snackbar repeats it over the button (decision 087 left).
    const refusal = page.getByRole('region', { name: 'Order Summary' }).getByRole('alert');
    await expect(refusal).toContainText(`Dining date and time is required: choose your table's date and time under ${restaurant} in your cart.`);
    await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeDisabled();
    expect(await page.getByRole('alert').filter({ hasText: 'Dining date and time is required' }).count()).toBe(1);
    await page.screenshot({ path: 'test-results/dinein-place-order-no-time.png', fullPage: true });
    await page.unroute(placeOrder);
    await refusal.getByRole('link', { name: 'Back to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText(/Your table: .*7:00 PM/)).toBeVisible();
  });

  test('Walk 5 #1, a redemption kept with no visit (redeemed before the cart kept one): its cart group asks for the date and time, as the wallet does, and the order places', async ({
    page,
  }) => {
    await ribeyeDinner(page, 'wallet-no-visit', true);

    // The redemption as a client of before the cart kept visits sent it: no dinein_time.
    const walletAdd = /\/wallet\/wallet\/walletAddToCart\?/;
    await page.route(walletAdd, async (route) => {
      const body: unknown = route.request().postDataJSON();
      if (typeof body !== 'object' || body === null) throw new Error('walletAddToCart sent no body');
      const older = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'dinein_time'));
      await route.continue({ postData: JSON.stringify(older) });
    });
    await redeemRibeye(page);
    await page.unroute(walletAdd);

    // The cart kept no visit: the group asks for one with the wallet's own date and time.
    const group = page.getByRole('group', { name: `When you eat in at ${restaurant}` });
    await expect(page.getByText(`Eat in at ${restaurant}: redeemed from your wallet, nothing to deliver. Choose when you eat in:`)).toBeVisible();
    await page.screenshot({ path: 'test-results/wallet-cart-no-visit.png', fullPage: true });
    await group.getByRole('button', { name: 'Save date and time' }).click();
    await expect(group.getByRole('alert')).toHaveText('Dining date and time is required');
    await group.getByLabel('Date').fill(dayAfter);
    await choose(page, 'Time', '7:00 PM');
    await group.getByRole('button', { name: 'Save date and time' }).click();
    await expect(page.getByText(new RegExp(`Eat in at ${restaurant}, .*7:00 PM: redeemed from your wallet`))).toBeVisible();
    await expect(group).toHaveCount(0);
    await page.screenshot({ path: 'test-results/wallet-cart-visit-chosen.png', fullPage: true });

    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing to Pay' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await placeAndConfirm(page)).toMatch(/^\d+$/);
  });
});
