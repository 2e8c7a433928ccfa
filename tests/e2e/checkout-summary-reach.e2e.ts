import type { Page } from '@playwright/test';
import { addCard } from './checkout-steps.ts';
import {
  answeredOnce,
  changedOnce,
  heldOnce,
  requestsTo,
  homeAndContinue,
  connectionLostOnce,
  openCheckoutAt,
  payOnDelivery,
  ribeyeCustomer,
  speedAndContinue,
} from './faults.ts';
import { expect, test } from './fixtures.ts';

/**
 * The Order Summary's own machine (checkoutSummary) in the browser, its error and retry transitions taken by faults
 * the journeys inject (faults.ts; docs/decisions/048-reach-by-faults.md). Each test is named from the descriptions of
 * the transitions it takes. Her cart, schedule and home address come from the API; the tabs before the summary are
 * clicked through (the summary opens only from them).
 */

const review = '/api/checkout/orderreview';
const showCart = '/api/cart/showcart';
const summaryHeading = (page: Page) => page.getByRole('heading', { name: 'Order Summary' });
const apply = (page: Page) => page.getByRole('button', { name: 'APPLY' });
const couponBox = (page: Page) => page.getByLabel('Coupon code');
const tipButton = (page: Page, percent: number) => page.getByRole('button', { name: `${percent}%`, exact: true });
const gift = (page: Page) => page.getByRole('switch', { name: 'This order is a gift' });
const substitution = (page: Page) => page.getByRole('combobox', { name: /^If .* is out of stock$/ });
const retry = (page: Page) => page.getByRole('alert').getByRole('button', { name: 'Try again' });

test.describe('checkoutSummary (reach by faults)', () => {
  // Each test walks the tabs to the summary first: room for a busy machine.
  test.setTimeout(120_000);
  test('the order could not be priced (offline), the shopper tries again; the server refused to price it, again; while it is priced the shopper types a coupon, makes it a gift with a message, chooses a substitution and another tip; a coupon with an empty box is Required; applied while typing on, could not be applied, removed, could not be removed, refused at PLACE ORDER', async ({
    page,
  }) => {
    const session = await ribeyeCustomer('reach.summary');
    await openCheckoutAt(page, session);
    await homeAndContinue(page);
    await speedAndContinue(page);
    // The order could not be priced (offline): the reason and Try again.
    await connectionLostOnce(page, review);
    await payOnDelivery(page);
    await expect(retry(page)).toBeVisible();
    await retry(page).click();
    await expect(apply(page)).toBeEnabled();

    // The server refused to price it (a tip prices it again): its message, and Try again.
    await answeredOnce(page, review, { code: -1, message: 'The order cannot be priced right now.' });
    await tipButton(page, 10).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The order cannot be priced right now.' })).toBeVisible();
    await retry(page).click();
    await expect(apply(page)).toBeEnabled();

    // While it is priced again (held), the shopper goes on: coupon text, gift, message, substitution, another tip.
    const held = await heldOnce(page, review);
    await tipButton(page, 15).click();
    await held.arrived;
    await expect(apply(page)).toBeDisabled();
    await couponBox(page).fill('SPRING');
    await gift(page).check();
    await page.getByLabel('Gift message').fill('Happy birthday');
    await substitution(page).first().selectOption({ label: 'Refund if out of stock' });
    await tipButton(page, 20).click();
    held.release();
    await expect(tipButton(page, 20)).toHaveAttribute('aria-pressed', 'true');
    await expect(apply(page)).toBeEnabled();

    // Ready: the gift is unticked and ticked again, the message changed; APPLY with an empty box says Required.
    await gift(page).uncheck();
    await gift(page).check();
    await page.getByLabel('Gift message').fill('Happy birthday, Ada');
    await couponBox(page).fill('');
    await apply(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Required' })).toBeVisible();

    // WELCOME10 is applied while the shopper types on; the order is priced again with it.
    const applying = await heldOnce(page, showCart);
    await couponBox(page).fill('WELCOME10');
    await apply(page).click();
    await applying.arrived;
    await couponBox(page).fill('WELCOME10 ');
    applying.release();
    await expect(page.getByText('Applied:')).toBeVisible();
    await expect(apply(page)).toBeEnabled();

    // The coupon could not be applied (offline): the box says why.
    await connectionLostOnce(page, showCart);
    await couponBox(page).fill('EXPIRED20');
    await apply(page).click();
    await expect(couponBox(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(apply(page)).toBeEnabled();

    // The coupon could not be removed (offline), then it is removed.
    await connectionLostOnce(page, showCart);
    await page.getByRole('button', { name: 'REMOVE' }).click();
    await expect(page.getByRole('button', { name: 'REMOVE' })).toBeEnabled();
    await expect(page.getByText('Applied:')).toBeVisible();
    await page.getByRole('button', { name: 'REMOVE' }).click();
    await expect(page.getByText('Applied:')).toHaveCount(0);
    await expect(apply(page)).toBeEnabled();

    // Refused at PLACE ORDER: the server's message in the snackbar, the summary again.
    await answeredOnce(page, '/api/placeorder/placeorder', { code: -1, message: 'The store is closing for the night.' });
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The store is closing for the night.' })).toBeVisible();
    await expect(summaryHeading(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
  });

  test("a live card provider's bank check (answers marked 'stripe' by the test): its key could not be loaded; the test bank could not be reached; no key; the key, and a check whose script could not be loaded; the key, and a finished check (the provider's script stood in for); the server could not say how the payment ended", async ({
    page,
  }) => {
    const session = await ribeyeCustomer('reach.bank');
    await openCheckoutAt(page, session);
    await homeAndContinue(page);
    await speedAndContinue(page);
    // 4000 0027 6000 3184: Stripe's test card that always asks for 3-D Secure.
    await addCard(page, '4000 0027 6000 3184');
    await expect(summaryHeading(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
    const asStripe = (body: Record<string, unknown>) => {
      const authentication = body.authentication as Record<string, unknown> | undefined;
      return authentication ? { ...body, authentication: { ...authentication, gateway: 'stripe' } } : body;
    };
    const bank = page.getByRole('dialog', { name: 'Confirm this payment' });
    const confirms = requestsTo(page, '/api/placeorder/confirm');
    const stripeKey = '/api/api/account/stripeDetails';
    const withKey = { code: 1, data: { gateway: 'stripe', publishable_key: 'pk_test_reach' } };
    /** The test bank's COMPLETE cannot reach it (offline); the server, asked how the payment ended, still wants a check. */
    const completeUnreached = async (then: () => Promise<void>) => {
      const before = confirms.count;
      await connectionLostOnce(page, '/api/payments/test-authenticate');
      await then();
      await bank.getByRole('button', { name: 'COMPLETE' }).click();
      await expect.poll(() => confirms.count).toBeGreaterThanOrEqual(before + 2);
      await expect(bank).toBeVisible({ timeout: 20_000 });
    };

    // The key could not be loaded (offline): the server is asked how the payment ended; it wants the test bank's check.
    await changedOnce(page, '/api/placeorder/placeorder', asStripe);
    await connectionLostOnce(page, stripeKey);
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect.poll(() => confirms.count).toBe(1);
    await expect(bank).toBeVisible({ timeout: 20_000 });

    // No key: asked again.
    await completeUnreached(async () => {
      await changedOnce(page, '/api/placeorder/confirm', asStripe);
      await answeredOnce(page, stripeKey, { code: -1, message: 'No card provider key.' });
    });
    // The key, and the check's script could not be loaded (the test blocks the card provider's host).
    await page.route(
      (url) => url.hostname.endsWith('stripe.com'),
      (route) => route.abort('internetdisconnected'),
      { times: 1 },
    );
    await completeUnreached(async () => {
      await changedOnce(page, '/api/placeorder/confirm', asStripe);
      await answeredOnce(page, stripeKey, withKey);
    });
    // The key, and the check finished: the card provider's script is stood in for by one whose check always ends.
    await page.route(
      (url) => url.hostname.endsWith('stripe.com'),
      (route) =>
        route.fulfill({
          contentType: 'application/javascript',
          body: 'window.Stripe = function () { return { _registerWrapper() {}, registerAppInfo() {}, handleNextAction: async () => ({}) }; };',
        }),
    );
    await completeUnreached(async () => {
      await changedOnce(page, '/api/placeorder/confirm', asStripe);
      await answeredOnce(page, stripeKey, withKey);
    });

    // The server could not say how the payment ended (offline): the snackbar, and the summary again.
    await connectionLostOnce(page, '/api/placeorder/confirm');
    await bank.getByRole('button', { name: 'FAIL' }).click();
    await expect(bank).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
  });
});
