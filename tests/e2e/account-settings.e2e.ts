import type { Page } from '@playwright/test';
import { expect, tabTest as test } from './fixtures.ts';
import {
  addSameDayToCart,
  enterStore,
  enterStoreAsNewCustomer,
  saveAddressThroughApi,
  scheduleFirstGroupAndCheckout,
  sessionOf,
  solveCaptcha,
  uniqueEmail,
} from './steps.ts';
import { newCustomer } from './journeys/shoppers.ts';
import { fillCardWithBilling } from './checkout-steps.ts';

const shots = 'scratch';

/** A new customer of their own (signed in, on the store) with a default Home and a Work address saved. */
async function customerWithAddresses(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterStoreAsNewCustomer(page, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('ada.settings'), password: 'correct horse 1' });
  const session = await sessionOf(page);
  await saveAddressThroughApi(session, { nickname: 'Home', default_address: '1' });
  await saveAddressThroughApi(session, { nickname: 'Work', street1: '1 Main St' });
}

/** One Same Day order paid on delivery, to the saved Home address; answers its number. */
async function placeOrder(page: Page): Promise<string> {
  await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
  await scheduleFirstGroupAndCheckout(page);
  await expect(page).toHaveURL(/\/cart\/address$/);
  await page.getByRole('button', { name: /^Home: Ada Lovelace/ }).click();
  await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
  await expect(page).toHaveURL(/\/cart\/speed$/);
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page).toHaveURL(/\/cart\/card$/);
  await page.getByRole('radio', { name: 'Payment on Delivery' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
  const text = await page.getByText(/^Order ID: \d+/).innerText();
  const id = /(\d+)/.exec(text)?.[1];
  if (!id) throw new Error(`no order id in ${text}`);
  return id;
}

async function screenshots(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

test.describe('account settings', () => {
  test('a visitor without a token is sent to sign in; an unknown tab is PAGE NOT FOUND', async ({ page }) => {
    await enterStore(page);
    await page.goto('/setting/user');
    await expect(page).toHaveURL(/\/signIn\?next=%2Fsetting%2Fuser$/);
    await page.goto('/setting/wallet');
    await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeVisible();
  });

  test('a visitor sent to sign in from an account page comes back to it once signed in (seam b6 #3)', async ({ page }) => {
    const customer = await newCustomer('settings-next');
    await enterStore(page);
    await page.goto('/setting/order');
    await expect(page).toHaveURL(/\/signIn\?next=%2Fsetting%2Forder$/);
    const form = page.getByRole('main');
    await form.getByLabel('Email or mobile').fill(customer.email);
    await form.getByLabel('Password', { exact: true }).fill(customer.password);
    const submit = form.getByRole('button', { name: 'SIGN IN' });
    await solveCaptcha(page, submit);
    await submit.click();
    await expect(page).toHaveURL(/\/setting\/order$/);
    await expect(page.getByRole('button', { name: /^Hey , Ada\b/ })).toBeVisible();

    // Another site named as `next` is never followed: signed in, the store opens instead.
    await page.goto('/signIn?next=%2F%09%2Fevil.example');
    await expect(page).toHaveURL(/\/store$/);
  });

  test('a customer finds the order placed on the Orders tab, and the tabs change the URL', async ({ page }) => {
    await customerWithAddresses(page);

    // Orders: through checkout's 'Your Orders' button.
    const orderId = await placeOrder(page);
    await page.getByRole('button', { name: 'Your Orders' }).click();
    await expect(page).toHaveURL(/\/setting\/order$/);
    await expect(page.getByRole('heading', { name: 'YOUR ORDERS' })).toBeVisible();
    const delivery = page.getByRole('region', { name: 'Delivery Orders' });
    const first = delivery.getByRole('button', { name: new RegExp(`^ORDER #${orderId}\\b`) });
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const details = delivery.getByRole('region', { name: `ORDER #${orderId}` });
    await expect(details.getByText('USDA Prime Ribeye Steak')).toBeVisible();
    await expect(details.getByText(/^\$\d+\.\d{2}$/).last()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pickup Orders' }).getByText('You have no pickup orders yet.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Dine-In' }).getByText('You have no dine-in orders yet.')).toBeVisible();
    await screenshots(page, 'setting-order');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    // Account: the tab changes the URL.
    await page.getByRole('tab', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/setting\/user$/);
    await expect(page.getByRole('region', { name: 'YOUR INFORMATION' }).getByText('Ada Lovelace')).toBeVisible();

    // The Orders tab from the tab bar, and /setting/chat shows the Account tab.
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/setting\/order$/);
    await expect(page.getByRole('button', { name: new RegExp(`^ORDER #${orderId}\\b`) })).toHaveAttribute('aria-expanded', 'true');
    await page.goto('/setting/chat');
    await expect(page).toHaveURL(/\/setting\/user$/);
    await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a customer edits, defaults and deletes addresses', async ({ page }) => {
    await customerWithAddresses(page);
    await page.goto('/setting/user');
    const info = page.getByRole('region', { name: 'YOUR INFORMATION' });
    await expect(info.getByText('Ada Lovelace')).toBeVisible();
    await expect(info.getByText('350 5th Ave, New York, NY 10001')).toBeVisible();
    await expect(info.getByText('••••••••')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'YOUR PREFRENCES' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'PAYMENT METHOD' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ADD CARD' })).toBeVisible();

    const table = page.getByRole('table', { name: 'MY SHIPPING ADDRESS' });
    const homeRow = table.getByRole('row', { name: /^Home:/ });
    const workRow = table.getByRole('row', { name: /^Work:/ });
    await expect(homeRow.getByText('Default', { exact: true })).toBeVisible();

    // Edit Work: a bad phone and an empty first name are both reported, then the fix is saved.
    await workRow.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'EDIT SHIPPING ADDRESS' });
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue('1 Main St');
    await form.getByLabel('Phone').fill('212555abcd');
    await form.getByLabel('First Name').fill('');
    await form.getByRole('button', { name: 'SAVE' }).click();
    await expect(form.getByText('Phone must be a number.')).toBeVisible();
    await expect(form.getByText('First name is required.')).toBeVisible();
    await form.getByLabel('First Name').fill('Grace');
    await form.getByLabel('Phone').fill('2125550177');
    await form.getByRole('button', { name: 'SAVE' }).click();
    await expect(form).toHaveCount(0);
    await expect(workRow.getByText('Grace Lovelace')).toBeVisible();
    await expect(workRow.getByText('2125550177')).toBeVisible();

    // Work becomes the default; the primary address follows.
    await workRow.getByRole('button', { name: 'Make default' }).click();
    await expect(workRow.getByText('Default', { exact: true })).toBeVisible();
    await expect(homeRow.getByText('Default', { exact: true })).toHaveCount(0);
    await expect(info.getByText('1 Main St, New York, NY 10001')).toBeVisible();

    // Delete asks first: Keep leaves Home as it was; confirmed, Home is deleted; after a reload Work is still there.
    const confirmDelete = page.getByRole('group', { name: 'Delete this address?' });
    await homeRow.getByRole('button', { name: 'Delete' }).click();
    await confirmDelete.getByRole('button', { name: 'Keep' }).click();
    await expect(confirmDelete).toHaveCount(0);
    await expect(homeRow.getByRole('button', { name: 'Delete' })).toBeVisible();
    await homeRow.getByRole('button', { name: 'Delete' }).click();
    await expect(homeRow).toBeVisible();
    await confirmDelete.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(homeRow).toHaveCount(0);
    await expect(table.getByRole('row', { name: /^Work:/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('table', { name: 'MY SHIPPING ADDRESS' }).getByRole('row', { name: /^Work:/ })).toBeVisible();
    await screenshots(page, 'setting-user');
  });

  test('removing a saved card asks first: Keep leaves it, Yes, remove removes it (walk 4)', async ({ page }) => {
    await customerWithAddresses(page);
    await page.goto('/setting/user');
    const cards = page.getByRole('region', { name: 'Payment method' });
    await cards.getByRole('button', { name: 'ADD CARD' }).click();
    await fillCardWithBilling(page);
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    const remove = cards.getByRole('button', { name: /^Remove .* ending 4242$/ });
    await expect(remove).toBeEnabled();

    const confirm = cards.getByRole('group', { name: 'Remove this card?' });
    await remove.click();
    await expect(confirm).toContainText('Remove Visa ending 4242?');
    await page.screenshot({ path: 'test-results/card-remove-confirm.png', fullPage: true });
    await confirm.getByRole('button', { name: 'Keep' }).click();
    await expect(confirm).toHaveCount(0);
    await page.reload();
    await expect(remove).toBeEnabled();

    await remove.click();
    await confirm.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(cards.getByRole('button', { name: /ending 4242$|^Removing…$/ })).toHaveCount(0);
    await page.reload();
    await expect(cards.getByRole('button', { name: 'ADD CARD' })).toBeVisible();
    await expect(cards.getByRole('button', { name: /ending 4242/ })).toHaveCount(0);
  });

  test('a 49-character last name wraps inside its address card: no page scrolls sideways at 390 px', async ({ page }) => {
    // One word of 49 letters: the longest last name the form takes is 50.
    const lastName = 'Wolfeschlegelsteinhausenbergerdorffvoralternwaren'.slice(0, 49);
    await page.setViewportSize({ width: 1280, height: 900 });
    await enterStoreAsNewCustomer(page, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('ada.long'), password: 'correct horse 1' });
    await saveAddressThroughApi(await sessionOf(page), { nickname: 'Home', default_address: '1', last_name: lastName });
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    // The checkout's address card (desktop): the name stays inside it.
    await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
    await scheduleFirstGroupAndCheckout(page);
    await expect(page).toHaveURL(/\/cart\/address$/);
    const card = page.getByRole('button', { name: new RegExp(`^Home: Ada ${lastName}`) });
    await expect(card).toBeVisible();
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.goto('/setting/user');
    await expect(page.getByRole('table', { name: 'MY SHIPPING ADDRESS' }).getByText(`Ada ${lastName}`)).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
  });

  test('a customer turns NEWSLETTER on and it stays on after a reload', async ({ page }) => {
    await customerWithAddresses(page);
    await page.goto('/setting/user');
    const newsletter = page.getByRole('switch', { name: 'NEWSLETTER' });
    await expect(newsletter).not.toBeChecked();
    await newsletter.click();
    await expect(newsletter).toBeChecked();
    await expect(newsletter).toBeEnabled();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'NEWSLETTER' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'NOTIFICATIONS' })).toBeChecked();
  });
});
