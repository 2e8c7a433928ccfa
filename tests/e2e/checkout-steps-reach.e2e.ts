import type { Page } from '@playwright/test';
import { addressRuleMessages } from '../../src/rules/address-validation.ts';
import {
  changedOnce,
  answeredOnce,
  requestsTo,
  homeAndContinue,
  connectionLostOnce,
  openCheckoutAt,
  payOnDelivery,
  ribeyeCustomer,
  speedAndContinue,
} from './faults.ts';
import { fillBillingStreet, fillCardFields } from './checkout-steps.ts';
import { expect, test } from './fixtures.ts';
import { choose, saveAddressThroughApi } from './steps.ts';

/**
 * Checkout's address, speed and payment steps (checkoutAddress, addressForm, checkoutSpeed, deliveryGroup,
 * checkoutCard, paymentOptions, addCard) in the browser, their error and retry transitions taken by faults the
 * journeys inject (faults.ts; docs/decisions/048-reach-by-faults.md). Each test is named from the descriptions of the
 * transitions it takes. Her cart, schedule and addresses come from the API.
 */

const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const addressHeading = (page: Page) => page.getByRole('heading', { name: 'Select a Shipping Address' });
const form = (page: Page) => page.getByRole('tabpanel');

async function fillNewAddress(page: Page): Promise<void> {
  await form(page).getByLabel('First Name').fill('Ada');
  await form(page).getByLabel('Last Name').fill('Lovelace');
  await form(page)
    .getByLabel('Address', { exact: true })
    .fill(`${1 + Math.floor(Math.random() * 99_999)} Madison Ave`);
  await form(page).getByLabel('Address Nickname').fill('Studio');
  await form(page).getByLabel('Phone').fill('2125550123');
}

/** The server's speeds answer widened to Store Pickup at two shops and Courier Delivery on two dates, no seller blocks. */
function threeSpeeds(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.data as { speed: Record<string, unknown>[] } | undefined;
  const first = data?.speed[0];
  const shop = (first?.retailers as Record<string, unknown>[] | undefined)?.[0];
  if (!data || !first || !shop) return body;
  const second = { ...shop, id: Number(shop.id) + 100_000, name: 'Second shop', distance: 1, isPrimary: false, index: 1 };
  const method = (id: string, method: string, date: string) => ({
    id,
    method,
    amount: '9.99',
    fee: '0.00',
    delivery_date: date,
    pickup_date: null,
    dropoff_eta: null,
    duration: '2 ~ 3 DAYS',
    type: 'courier',
    vendor_loc_id: Number(shop.id),
    isPrimary: method === 'First day',
  });
  return {
    ...body,
    data: {
      speed: [
        first,
        { ...first, id: 2, name: 'Store Pickup', duration: 'READY IN 1 HOUR', isPrimary: false, retailers: [{ ...shop, distance: 2 }, second] },
        {
          ...first,
          id: 10,
          name: 'Courier Delivery',
          duration: '2 ~ 3 DAYS',
          isPrimary: false,
          retailers: [],
          ship_methods: [method('courier-a', 'First day', '2030-01-02'), method('courier-b', 'Second day', '2030-01-03')],
        },
      ],
      delivery_groups: [],
    },
  };
}

test.describe('checkout steps (reach by faults)', () => {
  // Each test takes a dozen faults in a row: room for a busy machine.
  test.setTimeout(120_000);
  test("the saved addresses could not be loaded, the shopper can still add one; back to the saved addresses; the form refused a city that is not the zip's; the save failed, the server refused the address, then saved it; the server refused the list; another zip's address is not allowed, nor SAVE & CONTINUE with it; the speeds could not be loaded, none offered, then offered; a seller's slot refused; another speed, shop and date picked (speeds widened by the test)", async ({
    page,
  }) => {
    const session = await ribeyeCustomer('reach.address');
    if (!session.Token || session.CustomerId === undefined) throw new Error('no customer');
    // Her office, in another zip of the city, is her default: it is chosen when the list loads.
    await saveAddressThroughApi(
      { token: session.Token, customerId: session.CustomerId },
      { nickname: 'Office', street1: '100 Delancey St', zipcode: '10002', default_address: '1' },
    );

    // The saved addresses could not be loaded (offline): the step shows without them.
    await connectionLostOnce(page, '/connect/customer/getaddresses');
    // Delivery Options allowed delivery and pickup: the speed tab offers both.
    await openCheckoutAt(page, { ...session, delivery: 1, pickup: 1 });
    await expect(page.getByRole('button', { name: 'ADD NEW ADDRESSES' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Home: / })).toHaveCount(0);

    // ADD NEW ADDRESSES, and back to the saved addresses; then again.
    await page.getByRole('button', { name: 'ADD NEW ADDRESSES' }).click();
    await page.getByRole('button', { name: 'Back to addresses' }).click();
    await expect(addressHeading(page)).toBeVisible();
    await page.getByRole('button', { name: 'ADD NEW ADDRESSES' }).click();
    await fillNewAddress(page);
    // The zip lookup failed (offline): the shopper fills in city and state; typed again, it fills them; a city that is
    // not the zip's is refused.
    await connectionLostOnce(page, '/connect/index/getaddressbyzipcode');
    await form(page).getByLabel('Zipcode').fill('10001');
    await form(page).getByLabel('Zipcode').fill('1000');
    await form(page).getByLabel('Zipcode').fill('10001');
    await expect(form(page).getByLabel('City')).toHaveValue('New York');
    await form(page).getByLabel('City').fill('Boston');
    await page.getByRole('button', { name: 'SAVE ADDRESS' }).click();
    await expect(snackbar(page, addressRuleMessages.zipCityMismatch)).toBeVisible();
    await form(page).getByLabel('City').fill('New York');
    await page.getByRole('checkbox', { name: 'Make this my default address' }).check();
    await page.getByRole('checkbox', { name: 'Make this my default address' }).uncheck();

    // The save failed (offline), then the server refused it: the form stays open; then it is saved.
    await connectionLostOnce(page, '/connect/customer/addaddress');
    await page.getByRole('button', { name: 'SAVE ADDRESS' }).click();
    await expect(page.getByRole('button', { name: 'SAVE ADDRESS' })).toBeEnabled();
    await answeredOnce(page, '/connect/customer/addaddress', { code: -1, message: 'This address cannot be saved right now.' });
    await page.getByRole('button', { name: 'SAVE ADDRESS' }).click();
    await expect(snackbar(page, 'This address cannot be saved right now.')).toBeVisible();
    // Saved: the list is asked for again, and the server refuses it (the step shows without saved addresses).
    await answeredOnce(page, '/connect/customer/getaddresses', { code: -1, message: 'Not now.' });
    await page.getByRole('button', { name: 'SAVE ADDRESS' }).click();
    await expect(addressHeading(page)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Studio: / })).toHaveCount(0);

    // Loaded again (the page reloads): her default office is chosen, in another zip than the one she shops.
    await page.reload();
    const office = page.getByRole('button', { name: /^Office: / });
    await expect(office).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
    await expect(snackbar(page, addressRuleMessages.deliveryZipMismatch)).toBeVisible();
    await office.click();
    await expect(snackbar(page, addressRuleMessages.selectionNotAllowed)).toBeVisible();

    // The speeds could not be loaded (offline), then none was offered, then they are.
    await connectionLostOnce(page, '/api/shipping');
    const home = page.getByRole('button', { name: /^Home: Ada Lovelace/ });
    await home.click();
    await expect(home).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
    const tryAgain = page.getByRole('alert').getByRole('button', { name: 'Try again' });
    await expect(tryAgain).toBeVisible();
    await answeredOnce(page, '/api/shipping', { code: -1, message: 'No delivery option is available for this cart.' });
    await tryAgain.click();
    await expect(snackbar(page, 'No delivery option is available for this cart.')).toBeVisible();
    await tryAgain.click();
    await expect(page.getByRole('combobox', { name: 'Select Speed' })).toContainText('1 Hour Delivery');

    // A seller's slot refused (offline): the reason shows above the blocks.
    await connectionLostOnce(page, '/api/cart/deliveryschedule');
    const slots = page.getByRole('region', { name: 'Select Date and Select Time' }).getByRole('button', { name: /^\d{2}:\d{2}–\d{2}:\d{2}$/ });
    await slots.last().click();
    await expect(page.getByRole('region', { name: 'Select Date and Select Time' }).getByRole('alert')).toBeVisible();

    // The speeds again (the location tab, SAVE & CONTINUE), the server's answer widened by the test to three speeds
    // (the seeded store offers one per cart): Store Pickup, then another shop; Courier Delivery, then another date.
    await changedOnce(page, '/api/shipping', threeSpeeds);
    await page.getByRole('tablist', { name: 'Checkout steps' }).getByRole('tab', { name: 'location' }).click();
    await homeAndContinue(page);
    await choose(page, 'Select Speed', 'Store Pickup (READY IN 1 HOUR)');
    await choose(page, 'Select Retailer', 'Second shop (1 mi)');
    await expect(page.getByRole('combobox', { name: 'Select Retailer' })).toContainText('Second shop');
    await choose(page, 'Select Speed', 'Courier Delivery (2 ~ 3 DAYS)');
    await page.getByRole('combobox', { name: 'Select Date' }).click();
    await page.getByRole('option').last().click();
    await expect(page.getByRole('combobox', { name: 'Select Date' })).toContainText('Second day');
  });

  test("UPI chosen: too short, could not be verified, refused by the bank, verified and Continue; Payment on Delivery chosen, then cards; the card provider could not be reached, named none, and back; a card saved with nothing filled in; back from the form; the billing city not the zip's; the provider refused the first token, then the second; the billing address refused, then could not be saved; the card refused by the store, then saved with the billing address saved before", async ({
    page,
  }) => {
    const session = await ribeyeCustomer('reach.payment');
    await openCheckoutAt(page, session);
    await homeAndContinue(page);
    await speedAndContinue(page);

    // UPI: too short, could not be verified (offline), refused by the bank, verified, Continue.
    await page.getByRole('radio', { name: 'UPI' }).check();
    const upi = page.getByRole('form', { name: 'UPI' });
    await upi.getByLabel('UPI ID').fill('ada');
    await upi.getByRole('button', { name: 'Verify' }).click();
    await expect(upi.getByRole('alert')).toHaveText('please provide valid UPI ID');
    await upi.getByLabel('UPI ID').fill('ada@bank');
    await connectionLostOnce(page, '/payuapi/payu/varifyUpi');
    await upi.getByRole('button', { name: 'Verify' }).click();
    await expect(upi.getByRole('alert')).toBeVisible();
    await expect(upi.getByRole('button', { name: 'Verify' })).toBeEnabled();
    await upi.getByLabel('UPI ID').fill('ada@fail');
    await upi.getByRole('button', { name: 'Verify' }).click();
    await expect(upi.getByRole('alert')).toHaveText('please provide valid UPI ID');
    await upi.getByLabel('UPI ID').fill('ada@bank');
    await upi.getByRole('button', { name: 'Verify' }).click();
    await expect(upi.getByRole('status')).toBeVisible();
    await upi.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();

    // The payment tab again: Payment on Delivery, then back to it and cards.
    const paymentTab = page.getByRole('tablist', { name: 'Checkout steps' }).getByRole('tab', { name: 'payment' });
    await paymentTab.click();
    await payOnDelivery(page);
    await paymentTab.click();
    await expect(page.getByRole('heading', { name: 'Choose Payment Options' })).toBeVisible();

    // Cards; ADD NEW CARD while the card provider cannot be reached (offline), then names none, then back.
    await page.getByRole('radio', { name: 'UPI' }).check();
    await page.getByRole('radio', { name: 'Cards' }).check();
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
