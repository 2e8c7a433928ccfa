import { addressRuleMessages } from '../../src/rules/address-validation.ts';
import { answeredOnce, requestsTo, homeAndContinue, connectionLostOnce, openCheckoutAt, ribeyeCustomer, speedAndContinue } from './faults.ts';
import { fillBillingStreet, fillCardFields } from './checkout-steps.ts';
import { expect, test } from './fixtures.ts';

/**
 * The checkout's new-card form (addCard) in the browser, its error and retry transitions taken by faults the journey
 * injects (faults.ts; docs/decisions/048-reach-by-faults.md), named from the descriptions of the transitions it takes.
 * Her cart, schedule and address come from the API. The address, speed and payment steps' own transitions are the
 * generated journeys' (checkout-address, checkout-speed, payment-options and checkout-card journeys; decision 059).
 */

test.describe('checkout steps (reach by faults)', () => {
  // Each test takes a dozen faults in a row: room for a busy machine.
  test.setTimeout(120_000);
  test("the card provider could not be reached, named none, and back; a card saved with nothing filled in; back from the form; the billing city not the zip's; the provider refused the first token, then the second; the billing address refused, then could not be saved; the card refused by the store, then saved with the billing address saved before", async ({
    page,
  }) => {
    const session = await ribeyeCustomer('reach.payment');
    await openCheckoutAt(page, session);
    await homeAndContinue(page);
    await speedAndContinue(page);

    // Cards (the tab opens on them); ADD NEW CARD while the card provider cannot be reached (offline), then names none,
    // then back. (UPI and Payment on Delivery: payment-options.journeys.ts.)
    await connectionLostOnce(page, '/api/api/account/stripeDetails');
    await page.getByRole('button', { name: 'ADD NEW CARD' }).click();
    const gatewayRetry = page.getByRole('alert').getByRole('button', { name: 'Try again' });
    await expect(gatewayRetry).toBeVisible();
    const gatewayAsked = requestsTo(page, '/api/api/account/stripeDetails');
    await answeredOnce(page, '/api/api/account/stripeDetails', { code: -1, message: 'No card provider.' });
    await gatewayRetry.click();
    await expect.poll(() => gatewayAsked.count).toBe(1);
    await expect(gatewayRetry).toBeVisible();
    await page.getByRole('button', { name: 'Back to cards' }).click();
    await expect(page.getByRole('button', { name: 'ADD NEW CARD' })).toBeVisible();

    // The form: saved with nothing filled in (each field says what), then back without saving.
    await page.getByRole('button', { name: 'ADD NEW CARD' }).click();
    await expect(page.getByLabel('Card Holder')).toBeVisible();
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(page.getByLabel('Card Holder')).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Back to cards' }).click();
    await expect(page.getByRole('button', { name: 'ADD NEW CARD' })).toBeVisible();

    // A card with a billing address of its own: the zip fills the city; a city that is not the zip's is refused.
    await page.getByRole('button', { name: 'ADD NEW CARD' }).click();
    await fillCardFields(page);
    const billing = await fillBillingStreet(page);
    await connectionLostOnce(page, '/connect/index/getaddressbyzipcode');
    await billing.getByLabel('Zipcode').fill('10001');
    await billing.getByLabel('Zipcode').fill('1000');
    await billing.getByLabel('Zipcode').fill('10001');
    await expect(billing.getByLabel('City')).toHaveValue('New York');
    await billing.getByLabel('City').fill('Boston');
    await billing.getByLabel('Phone').fill('2125550100');
    const save = page.getByRole('button', { name: 'Save and Continue' });
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: addressRuleMessages.zipCityMismatch }).first()).toBeVisible();
    await billing.getByLabel('City').fill('New York');
    await billing.getByLabel('State').selectOption({ label: 'New York (NY)' });

    // The provider refused the first token (offline), then the second; the billing address refused, then not saved
    // (offline); the card refused by the store (offline); then saved, with the billing address saved before.
    const tokens = '/api/payments/tokenize';
    const retried = async () => expect(save).toBeEnabled();
    await connectionLostOnce(page, tokens);
    await save.click();
    await retried();
    let seen = 0;
    await page.route(
      (url) => url.pathname.includes(tokens),
      async (route) => {
        seen += 1;
        if (seen === 2) await route.abort('internetdisconnected');
        else await route.continue();
      },
      { times: 2 },
    );
    await save.click();
    await expect.poll(() => seen).toBe(2);
    await retried();
    await answeredOnce(page, '/connect/customer/addaddress', { code: -1, message: 'Not now.' });
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: /billing address/i })).toBeVisible();
    await retried();
    await connectionLostOnce(page, '/connect/customer/addaddress');
    await save.click();
    await retried();
    await connectionLostOnce(page, '/api/account/mycards');
    await save.click();
    await retried();
    await save.click();
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  });
});
