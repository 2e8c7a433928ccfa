import { create } from 'superstruct';
import { placeOrderReply } from '../../../src/api/contract/checkout.contract.ts';
import { tokenizeReply } from '../../../src/api/contract/payment.contract.ts';
import { offlineMessage } from '../../../src/api/http.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { addDays, storeToday } from '../../../src/rules/delivery-dates.ts';
import { speedIds } from '../../../src/rules/delivery-speeds.ts';
import { serveDineInOrder } from '../console-steps.ts';
import { tomorrow, walletRow } from '../dine-in-steps.ts';
import { expect, tabTest as test } from '../fixtures.ts';
import { addToCartThroughApi, newCustomer, openWithSession, postJson } from '../journeys/shoppers.ts';
import { apiPost, choose } from '../steps.ts';
import { answeredOnce, connectionLostOnce, refusedByFault } from '../faults.ts';

/**
 * The prepaid wallet (wallet-panel, wallet-retailers and wallet-products machines) where the server fails: each load
 * lost and refused (test faults), then as it answers; REDEEM NOW's pages opened directly. Her wallet holds a ribeye
 * dinner for two from Gramercy Chop House, bought and served through the API.
 */

const ribeye = 'USDA Prime Ribeye Steak';
const gramercy = 401;

let session: SessionValues;
test.beforeAll(async () => {
  const customer = (await newCustomer('reach.wallet')).session;
  const bought = await addToCartThroughApi(customer, 'ribeye', ribeye, { speed: 'dine-in', restaurant: gramercy });
  const card = create(
    await postJson('/api/payments/tokenize', { holder: 'Ada Lovelace', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }),
    tokenizeReply,
  ).data?.token;
  const placed = create(
    await apiPost(
      '/api/placeorder/placeorder',
      {
        cart_id: bought.cart_id,
        speed_id: speedIds.dineIn,
        retailer_id: gramercy,
        pickup_date: `${addDays(storeToday(new Date()), 1)} 19:00`,
        payment_mode: 2,
        card_token: card ?? null,
      },
      customer.Token ?? '',
    ),
    placeOrderReply,
  );
  if (placed.code !== 1 || !placed.order_id) throw new Error(`the dine-in order was refused: ${placed.message}`);
  await serveDineInOrder(placed.order_id);
  session = { ...customer, cart_id: undefined, total_products_in_cart: 0 };
});

test('REDEEM NOW opened directly: the shipping and product pages point back to the Dine-In panel', async ({ page }) => {
  await openWithSession(page, session, '/wallet/shipping');
  await expect(page.getByRole('link', { name: 'Your Orders' }).first()).toBeVisible();
  await page.goto('/wallet/product/1');
  await expect(page.getByRole('link', { name: 'Your Orders' }).first()).toBeVisible();
});

test('the wallet, its restaurants and its products could not be loaded (test faults: connection lost, then refused) and Try again; a restaurant picked, sort, date and time changed; ADD TO CART lost and refused (test faults)', async ({
  page,
}) => {
  const walletUrl = '/wallet/wallet/index';
  const retailersUrl = '/api/vendorsbyproduct/applyproducts';
  const productsUrl = '/api/walletproductlst/walletProducts';
  await connectionLostOnce(page, walletUrl);
  await openWithSession(page, session, '/setting/order');
  const dineIn = page.getByRole('region', { name: 'Dine-In' });
  await expect(dineIn.getByRole('alert')).toContainText(offlineMessage);
  await answeredOnce(page, walletUrl);
  await dineIn.getByRole('button', { name: 'Try again' }).click();
  await expect(dineIn.getByRole('alert')).toContainText(refusedByFault);
  await dineIn.getByRole('button', { name: 'Try again' }).click();
  await expect(walletRow(page, ribeye)).toBeVisible();
  await dineIn.getByLabel('State').selectOption('NY');

  // /wallet/shipping: the restaurants lost, refused, then shown.
  await connectionLostOnce(page, retailersUrl);
  await dineIn.getByRole('button', { name: 'REDEEM NOW' }).click();
  await expect(page).toHaveURL(/\/wallet\/shipping$/);
  await expect(page.getByRole('alert')).toContainText(offlineMessage);
  await answeredOnce(page, retailersUrl);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toContainText(refusedByFault);
  await page.getByRole('button', { name: 'Try again' }).click();
  const restaurant = page.getByRole('radio', { name: /Gramercy Chop House/ });
  await expect(restaurant).toBeChecked();
  await restaurant.click();
  await page.getByLabel('Date').fill(tomorrow().iso);
  await choose(page, 'Time', '1:00 PM');

  // /wallet/product/{id}: its restaurants lost, refused; its products lost, refused; then shown.
  await connectionLostOnce(page, retailersUrl);
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page).toHaveURL(/\/wallet\/product\/\d+$/);
  for (const fault of [
    () => answeredOnce(page, retailersUrl),
    () => connectionLostOnce(page, productsUrl),
    () => answeredOnce(page, productsUrl),
    async () => undefined,
  ]) {
    await expect(page.getByRole('alert')).toBeVisible();
    await fault();
    await page.getByRole('button', { name: 'Try again' }).click();
  }
  const card = page.getByRole('article', { name: new RegExp(ribeye) });
  await expect(card.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  await page.getByLabel('Sort by').selectOption({ label: 'Price Low to High' });
  await choose(page, 'Time', '2:00 PM');
  await page.getByLabel('Date').fill(addDays(tomorrow().iso, 1));

  const redeemUrl = '/wallet/wallet/walletAddToCart';
  for (const fault of [() => connectionLostOnce(page, redeemUrl), () => answeredOnce(page, redeemUrl, [{ code: -1, message: refusedByFault }])]) {
    await fault();
    const answered = page.waitForEvent('requestfinished', (r) => r.url().includes(redeemUrl)).catch(() => undefined);
    const lost = page.waitForEvent('requestfailed', (r) => r.url().includes(redeemUrl)).catch(() => undefined);
    await card.getByRole('button', { name: 'ADD TO CART' }).click();
    await Promise.race([answered, lost]);
    await expect(card.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
    await expect(page).toHaveURL(/\/wallet\/product\/\d+$/);
  }
});
