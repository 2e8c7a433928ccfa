import type { Page } from '@playwright/test';
import { create } from 'superstruct';
import { cartReply } from '../../src/api/contract/cart-page.contract.ts';
import { cartStockMessage } from '../../src/rules/cart-checkout.ts';
import { setStockThroughConsole } from './console-steps.ts';
import { chooseVisit } from './dine-in-steps.ts';
import { homeAndContinue, openCheckoutAt, payOnDelivery, speedAndContinue } from './faults.ts';
import { expect, tabTest as test } from './fixtures.ts';
import { saveHomeThroughApi, scheduleThroughApi } from './journeys/checkout-shoppers.ts';
import { addToCartThroughApi, newCustomer } from './journeys/shoppers.ts';
import { apiPost, enterStore, uniqueEmail } from './steps.ts';

/**
 * Decision 088 left: a line that sold out between CHECKOUT and the Order Summary was listed and priced there, and only
 * PLACE ORDER refused it; the cart badge counted it; a refusal naming a seller's slot had no way on.
 */
const ribeye = 'USDA Prime Ribeye Steak';
/** Products no other journey buys, lists or searches for: a seller's stock of them may be set to 0 for a while. */
const oxtail = 'Oxtail';
const skirtSteak = 'Skirt Steak';
const gramercy = { name: 'Gramercy Chop House', locId: 401 } as const;

/** The product's page from the search, and its ADD TO CART at Pick-Up (the option the header names). */
async function addAtPickUp(page: Page, query: string, name: string): Promise<void> {
  await page.goto(`/store/search?q=${encodeURIComponent(query)}`);
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole('combobox', { name: 'SPEED' })).toHaveText(/Pick-Up/);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
}

const totals = (page: Page) => page.getByRole('complementary', { name: 'Order totals' });
const itemsList = (page: Page) => page.getByRole('list', { name: 'Items' });

test.describe('the Order Summary and the cart badge of a line sold out after CHECKOUT', () => {
  test("delivery: the summary marks the sold-out line, prices without it, keeps PLACE ORDER off and leads back to the cart; the badge doesn't count it", async ({
    page,
  }) => {
    const values = await addToCartThroughApi(
      await addToCartThroughApi((await newCustomer('summary-sold-out')).session, 'ribeye', ribeye),
      'oxtail',
      oxtail,
    );
    await scheduleThroughApi(values);
    await saveHomeThroughApi(values);
    const token = values.Token ?? '';
    const cart = create(await apiPost('/api/cart/showcart', { cart_id: values.cart_id ?? '' }, token), cartReply).data;
    const oxtailLine = cart?.result.find((line) => line.name === oxtail);
    const ribeyeLine = cart?.result.find((line) => line.name === ribeye);
    if (!oxtailLine || !ribeyeLine) throw new Error('the cart lacks its lines');

    await openCheckoutAt(page, values);
    await homeAndContinue(page);
    await speedAndContinue(page);
    // The seller sells her last oxtail while the shopper chooses how to pay.
    const soldOut = { locId: oxtailLine.vendor_loc_id, productName: oxtail, speed: 'local' } as const;
    const stock = await setStockThroughConsole('seller', soldOut, 0);
    try {
      await payOnDelivery(page);
      const oxtailItem = itemsList(page).getByRole('listitem').filter({ hasText: oxtail });
      await expect(oxtailItem.getByText('Out of stock', { exact: true })).toBeVisible();
      // Priced without it: the subtotal is the ribeye's alone.
      await expect(totals(page).getByRole('definition').first()).toHaveText(`$${ribeyeLine.row_total}`);
      await expect(totals(page).getByRole('alert').filter({ hasText: cartStockMessage })).toBeVisible();
      await expect(totals(page).getByRole('button', { name: 'PLACE ORDER' })).toBeDisabled();
      // The header counts what the order would hold: the ribeye (it said 2 when the summary opened).
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      await page.screenshot({ path: 'test-results/summary-sold-out-delivery.png', fullPage: true });

      await totals(page).getByRole('link', { name: 'Back to cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('listitem').filter({ hasText: oxtail }).getByText('Out of stock', { exact: true })).toBeVisible();
      // The cart's read sets the header's count to what the shopper will get: the ribeye (it said 2 before).
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      await page.getByRole('button', { name: `Remove ${oxtail}` }).click();
      await expect(page.getByText(oxtail)).toHaveCount(0);
      await expect(page.getByTestId('cart-count')).toHaveText('1');
    } finally {
      await setStockThroughConsole('seller', soldOut, stock);
    }
  });

  test('pick-up: a line sold out since CHECKOUT is marked on the summary and priced out, PLACE ORDER off, with the way back to the cart', async ({
    page,
  }) => {
    await enterStore(page);
    await chooseVisit(page, 'Pick-Up', '4 star', gramercy.name, '1:00 PM');
    await addAtPickUp(page, 'ribeye', ribeye);
    await page.getByRole('main').getByLabel('Email').fill(uniqueEmail('pickup-sold-out'));
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await addAtPickUp(page, 'skirt steak', skirtSteak);
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await page.goto('/cart');
    const ribeyeTotal = await page
      .getByRole('listitem')
      .filter({ hasText: ribeye, hasNotText: skirtSteak })
      .getByText(/^\$\d+\.\d\d$/)
      .innerText();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/cart\/card$/);
    // The restaurant sells its last skirt steak while the shopper chooses how to pay.
    const soldOut = { locId: gramercy.locId, productName: skirtSteak, speed: 'pickup' } as const;
    const stock = await setStockThroughConsole('staff', soldOut, 0);
    try {
      await page.getByRole('radio', { name: 'Payment on Delivery' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/cart\/checkout$/);
      await expect(itemsList(page).getByRole('listitem').filter({ hasText: skirtSteak }).getByText('Out of stock', { exact: true })).toBeVisible();
      await expect(totals(page).getByRole('definition').first()).toHaveText(ribeyeTotal);
      await expect(totals(page).getByRole('alert').filter({ hasText: cartStockMessage })).toBeVisible();
      await expect(totals(page).getByRole('button', { name: 'PLACE ORDER' })).toBeDisabled();
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      await page.screenshot({ path: 'test-results/summary-sold-out-pickup.png', fullPage: true });
      await totals(page).getByRole('link', { name: 'Back to cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('listitem').filter({ hasText: skirtSteak }).getByText('Out of stock', { exact: true })).toBeVisible();
      await expect(page.getByTestId('cart-count')).toHaveText('1');
    } finally {
      await setStockThroughConsole('staff', soldOut, stock);
    }
  });

  test("a refusal naming a seller's slot (just taken) stays beside PLACE ORDER, said once, and opens Choose Delivery Slots", async ({ page }) => {
    const values = await addToCartThroughApi((await newCustomer('slot-taken')).session, 'ribeye', ribeye);
    await scheduleThroughApi(values);
    await saveHomeThroughApi(values);
    await openCheckoutAt(page, values);
    await homeAndContinue(page);
    await speedAndContinue(page);
    await payOnDelivery(page);
    const cart = create(await apiPost('/api/cart/showcart', { cart_id: values.cart_id ?? '' }, values.Token ?? ''), cartReply).data;
    const group = cart?.delivery_groups[0];
    if (!group) throw new Error('the cart has no seller');
    const words = 'That delivery slot is full. Please choose another time.';
    // Place order's refusal naming the seller's group (a test fault: the journeys' slots are deep, and taking one
    // from another shopper would race the journeys running beside this one).
    await page.route(
      (url) => url.pathname.endsWith('/api/placeorder/placeorder'),
      (route) => route.fulfill({ json: { code: -1, message: words, problems: [{ vendor_loc_id: group.vendor_loc_id, message: words }] } }),
      { times: 1 },
    );
    await totals(page).getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(totals(page).getByRole('alert').filter({ hasText: words })).toBeVisible();
    // Said once: no snackbar repeats it over PLACE ORDER.
    await expect(page.getByText(words)).toHaveCount(1);
    await expect(totals(page).getByRole('button', { name: 'PLACE ORDER' })).toBeDisabled();
    await totals(page).getByRole('button', { name: 'Choose another delivery slot' }).click();
    await expect(page.getByRole('heading', { name: 'Choose Delivery Slots' })).toBeVisible();
  });
});
