import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addAddress } from './checkout-steps.ts';
import { addSameDayToCart, createCustomer, enterStore, scheduleFirstGroupAndCheckout } from './steps.ts';

/** WCAG 2.1 A and AA, as axe checks them on the rendered page. */
async function violationsOn(page: Page): Promise<string[]> {
  // Let lazy chunks, images and data settle before judging the page.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

async function addCardDetails(page: Page): Promise<void> {
  await page.getByLabel('Card Holder').fill('Axe Tester');
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('checkbox', { name: 'Same As Shipping Address' }).check();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
}

function unique(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('the age gate, the store, a listing, search, a product and the information pages', async ({ page }) => {
    await page.goto('/');
    expect.soft(await violationsOn(page), '/').toEqual([]);
    await enterStore(page);
    expect.soft(await violationsOn(page), '/store').toEqual([]);
    await page.getByRole('link', { name: "Valentine's Collection" }).first().click();
    await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
    expect.soft(await violationsOn(page), 'listing').toEqual([]);
    await page.goto('/store/search?q=salmon');
    await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
    expect.soft(await violationsOn(page), 'search').toEqual([]);
    await page.getByRole('list', { name: 'Products' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/store\/\d+$/);
    expect.soft(await violationsOn(page), 'product').toEqual([]);
    for (const path of ['/faq', '/contact-us', '/privacy-policy', '/no-such-page']) {
      await page.goto(path);
      expect.soft(await violationsOn(page), path).toEqual([]);
    }
    // A phone: the folded header and the category list opened.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/store');
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: /^Categories/ }).click();
    expect.soft(await violationsOn(page), '/store on a phone').toEqual([]);
  });

  test('sign in, create account, the cart, checkout and the account pages', async ({ page }) => {
    await enterStore(page);
    await page.goto('/signIn');
    expect.soft(await violationsOn(page), '/signIn').toEqual([]);
    await page.goto('/createAccount');
    expect.soft(await violationsOn(page), '/createAccount').toEqual([]);
    await page.goto('/store');
    await createCustomer(page, { firstName: 'Axe', lastName: 'Tester', email: unique('axe'), password: 'correct horse 1' });
    await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
    await expect(page).toHaveURL(/\/cart$/);
    expect.soft(await violationsOn(page), '/cart').toEqual([]);
    await scheduleFirstGroupAndCheckout(page);
    await expect(page).toHaveURL(/\/cart\/address$/);
    expect.soft(await violationsOn(page), '/cart/address').toEqual([]);
    await page.getByRole('button', { name: 'ADD NEW ADDRESSES' }).click();
    // Every message of the form at once, as a shopper who pressed save on an empty form sees them.
    await page.getByRole('button', { name: 'SAVE ADDRESS' }).click();
    await expect(page.getByText('First name is required.')).toBeVisible();
    expect.soft(await violationsOn(page), 'address form with errors').toEqual([]);
    await page.getByRole('button', { name: 'Back to addresses' }).click();
    await addAddress(page);
    await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
    await expect(page.getByRole('heading', { name: 'Choose Delivery Slots' })).toBeVisible();
    expect.soft(await violationsOn(page), '/cart/speed').toEqual([]);
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(page).toHaveURL(/\/cart\/card$/);
    expect.soft(await violationsOn(page), '/cart/card').toEqual([]);
    await page.getByRole('button', { name: 'ADD NEW CARD' }).click();
    expect.soft(await violationsOn(page), 'add card').toEqual([]);
    await addCardDetails(page);
    await expect(page).toHaveURL(/\/cart\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
    expect.soft(await violationsOn(page), '/cart/checkout').toEqual([]);
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
    expect.soft(await violationsOn(page), 'Order Placed.').toEqual([]);
    await page.goto('/setting/user');
    await expect(page.getByRole('heading', { name: 'YOUR INFORMATION' })).toBeVisible();
    expect.soft(await violationsOn(page), '/setting/user').toEqual([]);
    await page.goto('/setting/order');
    await expect(page.getByRole('heading', { name: 'YOUR ORDERS' })).toBeVisible();
    expect.soft(await violationsOn(page), '/setting/order').toEqual([]);
  });
});
