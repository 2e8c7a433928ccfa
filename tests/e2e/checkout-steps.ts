import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The checkout tabs as a shopper walks them (checkout and accessibility journeys). */

/** The address tab: ADD NEW ADDRESSES, a New York address (the zip fills city and state), saved and chosen. */
export async function addAddress(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/cart\/address$/);
  await expect(page.getByRole('heading', { name: 'Select a Shipping Address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'SAVE & CONTINUE' })).toBeDisabled();
  await page.getByRole('button', { name: 'ADD NEW ADDRESSES' }).click();
  await expect(page.getByRole('heading', { name: 'ADD NEW ADDRESSES' })).toBeVisible();
  await fillAddressForm(page);
  await expect(page.getByRole('button', { name: /^Home: Ada Lovelace/ })).toHaveAttribute('aria-pressed', 'true');
}

/**
 * The open ADD NEW ADDRESSES form: Ada Lovelace's New York address 'Home' (the zip fills city and state), then SAVE
 * ADDRESS, back to the address list. `keyboard`: no pointer at all, each field focused and typed (the one holding the
 * focus, as after a refused save, typed where it is) and SAVE ADDRESS pressed with Enter.
 */
export async function fillAddressForm(page: Page, { keyboard = false }: { keyboard?: boolean } = {}): Promise<void> {
  const form = page.getByRole('tabpanel');
  const enter = async (field: Locator, value: string) => {
    if (!keyboard) return field.fill(value);
    await field.focus();
    await page.keyboard.type(value);
  };
  await enter(form.getByLabel('First Name'), 'Ada');
  await enter(form.getByLabel('Last Name'), 'Lovelace');
  await enter(form.getByLabel('Address', { exact: true }), '350 5th Ave');
  await enter(form.getByLabel('Zipcode'), '10001');
  // The zip fills city and state from the lookup.
  await expect(form.getByLabel('City')).not.toHaveValue('');
  await enter(form.getByLabel('Address Nickname'), 'Home');
  await enter(form.getByLabel('Phone'), '2125550123');
  const save = page.getByRole('button', { name: 'SAVE ADDRESS' });
  if (keyboard) {
    await save.focus();
    await page.keyboard.press('Enter');
  } else {
    await save.click();
  }
  await expect(page.getByRole('heading', { name: 'Select a Shipping Address' })).toBeVisible();
}

/** SAVE & CONTINUE, then 'Choose Delivery Slots' with its default 1 Hour Delivery, then CONTINUE to the card tab. */
export async function chooseSpeed(page: Page): Promise<void> {
  await continueToSpeed(page);
  await continueToCard(page);
}

/** SAVE & CONTINUE on the address tab: 'Choose Delivery Slots' with its default 1 Hour Delivery and its fees. */
export async function continueToSpeed(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
  await expect(page).toHaveURL(/\/cart\/speed$/);
  await expect(page.getByRole('heading', { name: 'Choose Delivery Slots' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Select Speed' })).toContainText('1 Hour Delivery');
  await expect(page.getByText('Delivery Fees')).toBeVisible();
}

/** CONTINUE on the speed tab, to the card tab. */
export async function continueToCard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page).toHaveURL(/\/cart\/card$/);
}

/** ADD NEW CARD with the given test number, billing the same as shipping, then Save and Continue. */
export async function addCard(page: Page, number: string): Promise<void> {
  await openNewCard(page);
  await saveNewCard(page, number);
}

/** ADD NEW CARD on the card tab: the card form opens. */
export async function openNewCard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'ADD NEW CARD' }).click();
  await expect(page.getByLabel('Card Holder')).toBeVisible();
}

/** The open card form filled with the given test number, billing the same as shipping, then Save and Continue. */
export async function saveNewCard(page: Page, number: string): Promise<void> {
  await fillCardFields(page, number);
  await page.getByRole('checkbox', { name: 'Same As Shipping Address' }).check();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
}

/** ADD NEW CARD on a dine-in or pick-up checkout: no shipping address to copy, so the billing address is typed in. */
export async function addCardWithBilling(page: Page): Promise<void> {
  await openNewCard(page);
  await fillCardWithBilling(page);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
}

/** The open card form's own fields: Ada's card with the given test number (the offline gateway approves 4242…). */
export async function fillCardFields(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card Holder').fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/**
 * The billing address's name and street (350 5th Ave), its group returned: the zip, city and state are the caller's,
 * who may be checking what the zip fills in.
 */
export async function fillBillingStreet(page: Page): Promise<Locator> {
  const billing = page.getByRole('group', { name: 'Billing Address' });
  await billing.getByLabel('First Name').fill('Ada');
  await billing.getByLabel('Last Name').fill('Lovelace');
  await billing.getByLabel('Address', { exact: true }).fill('350 5th Ave');
  return billing;
}

/** The open card form filled with Ada's 4242 card and a billing address typed in whole (New York's 10001). */
export async function fillCardWithBilling(page: Page): Promise<void> {
  await fillCardFields(page);
  const billing = await fillBillingStreet(page);
  await billing.getByLabel('City').fill('New York');
  await billing.getByLabel('State').selectOption({ label: 'New York (NY)' });
  await billing.getByLabel('Zipcode').fill('10001');
  await billing.getByLabel('Phone').fill('2125550100');
}

/** The Order Summary: a 10 % tip, then PLACE ORDER (double-clicked: one order must come of it). */
export async function placeOrder(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Price summary' })).toBeVisible();
  await page.getByRole('button', { name: '10%' }).click();
  await expect(page.getByRole('button', { name: '10%' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
  await page.screenshot({ path: 'test-results/checkout-summary.png', fullPage: true });
  await page.getByRole('button', { name: 'PLACE ORDER' }).dblclick();
}

/** PLACE ORDER on an Order Summary without a tip (dine-in, pick-up, a wallet redemption), then 'Order Placed.'; its number. */
export async function placeAndConfirm(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
  const text = await page.getByText(/^Order ID: \d+/).innerText();
  const id = /(\d+)/.exec(text)?.[1];
  if (!id) throw new Error(`no order id in ${text}`);
  return id;
}
