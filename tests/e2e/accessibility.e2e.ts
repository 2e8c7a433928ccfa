import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, tabTest as test } from './fixtures.ts';
import { addAddress, continueToCard, continueToSpeed, openNewCard, placeOrder, saveNewCard } from './checkout-steps.ts';
import {
  addSameDayToCart,
  enterStore,
  enterStoreAsNewCustomer,
  saveAddressThroughApi,
  scheduleFirstGroupAndCheckout,
  sessionOf,
  uniqueEmail,
} from './steps.ts';

/**
 * WCAG 2.1 A and AA, as axe checks them on the rendered page. Judged once the page shows what a shopper waits for
 * (`ready`: its heading or its data) and nothing on it is still marked busy: lazy chunks and data have arrived.
 */
async function violationsOn(page: Page, ...ready: Locator[]): Promise<string[]> {
  for (const shown of ready) await expect(shown).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

/** The header's category bar: it loads its own data, after the page around it. */
const categoryBar = (page: Page) => page.getByRole('navigation', { name: 'Categories' });
const products = (page: Page) => page.getByRole('list', { name: 'Products' });

/** A new customer (its own, so tests share nothing) with a Same Day ribeye in the cart, on /cart. */
async function customerWithCart(page: Page): Promise<void> {
  await enterStoreAsNewCustomer(page, { firstName: 'Axe', lastName: 'Tester', email: uniqueEmail('axe'), password: 'correct horse 1' });
  await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
  await expect(page).toHaveURL(/\/cart$/);
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('the age gate', async ({ page }) => {
    await page.goto('/');
    expect.soft(await violationsOn(page, page.getByRole('heading', { name: 'Are you 21 or older?' })), '/').toEqual([]);
  });

  test('the store home', async ({ page }) => {
    await enterStore(page);
    const topProducts = page.getByRole('region', { name: 'Top products' }).getByRole('link').first();
    expect.soft(await violationsOn(page, topProducts, categoryBar(page)), '/store').toEqual([]);
  });

  test('a category listing', async ({ page }) => {
    await enterStore(page);
    await page.getByRole('link', { name: "Valentine's Collection" }).first().click();
    await expect(page).toHaveURL(/\/store\/category\//);
    expect.soft(await violationsOn(page, products(page).getByRole('link').first(), categoryBar(page)), 'listing').toEqual([]);
  });

  test('search results and a product', async ({ page }) => {
    await enterStore(page);
    await page.goto('/store/search?q=salmon');
    expect.soft(await violationsOn(page, products(page).getByRole('link').first(), categoryBar(page)), 'search').toEqual([]);
    await products(page).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/store\/\d+$/);
    expect.soft(await violationsOn(page, page.getByLabel('Price'), categoryBar(page)), 'product').toEqual([]);
  });

  for (const [path, title] of [
    ['/faq', 'FAQ'],
    ['/contact-us', 'Contact Us'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/no-such-page', 'PAGE NOT FOUND'],
    // A guest on the identity screens: the prompt to sign in or create an account.
    ['/kyc', 'Verify your identity'],
    ['/verifyFace', 'Verify Yourself Before Placing An Order'],
  ] as const) {
    test(`the page at ${path}`, async ({ page }) => {
      await enterStore(page);
      await page.goto(path);
      const heading = page.getByRole('heading', { name: title, exact: true, level: 1 });
      expect.soft(await violationsOn(page, heading, categoryBar(page)), path).toEqual([]);
    });
  }

  test('the store on a phone: the folded header and the category list opened', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await enterStore(page);
    const toggle = categoryBar(page).getByRole('button', { name: /^Categories/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const beef = categoryBar(page).getByRole('link', { name: 'Beef', exact: true });
    expect.soft(await violationsOn(page, beef, page.getByRole('region', { name: 'Top products' })), '/store on a phone').toEqual([]);
  });

  for (const [path, title] of [
    ['/signIn', 'Sign In'],
    ['/createAccount', 'Create Account'],
  ] as const) {
    test(`the page at ${path}`, async ({ page }) => {
      await enterStore(page);
      await page.goto(path);
      const heading = page.getByRole('heading', { name: title, exact: true, level: 1 });
      // The captcha widget draws its checkbox once it has its challenge.
      const captcha = page.locator('altcha-widget').getByText("I'm not a robot");
      expect.soft(await violationsOn(page, heading, captcha), path).toEqual([]);
    });
  }

  test('the cart, the address tab and the address form showing its errors', async ({ page }) => {
    await customerWithCart(page);
    expect
      .soft(
        await violationsOn(page, page.getByRole('list', { name: 'Items by seller' }), page.getByRole('region', { name: 'Price summary' })),
        '/cart',
      )
      .toEqual([]);
    await scheduleFirstGroupAndCheckout(page);
    await expect(page).toHaveURL(/\/cart\/address$/);
    expect.soft(await violationsOn(page, page.getByRole('heading', { name: 'Select a Shipping Address' })), '/cart/address').toEqual([]);
    await page.getByRole('button', { name: 'ADD NEW ADDRESSES' }).click();
    // Every message of the form at once, as a shopper who pressed save on an empty form sees them.
    await page.getByRole('button', { name: 'SAVE ADDRESS' }).click();
    expect.soft(await violationsOn(page, page.getByText('First name is required.')), 'address form with errors').toEqual([]);
  });

  test('the speed tab, the card tab and the new-card form', async ({ page }) => {
    await customerWithCart(page);
    await scheduleFirstGroupAndCheckout(page);
    await addAddress(page);
    await continueToSpeed(page);
    expect.soft(await violationsOn(page, page.getByText('Delivery Fees')), '/cart/speed').toEqual([]);
    await continueToCard(page);
    // The tab shows 'Loading your cards…' from its first frame until the saved cards arrive.
    await expect(page.getByRole('heading', { name: 'Choose a Card for Payment' })).toBeVisible();
    await expect(page.getByText('Loading your cards…')).toHaveCount(0);
    expect.soft(await violationsOn(page, page.getByRole('button', { name: 'ADD NEW CARD' })), '/cart/card').toEqual([]);
    await openNewCard(page);
    expect.soft(await violationsOn(page, page.getByLabel('Card Holder')), 'add card').toEqual([]);
  });

  test('the order summary, Order Placed. and the orders page', async ({ page }) => {
    await customerWithCart(page);
    await scheduleFirstGroupAndCheckout(page);
    await addAddress(page);
    await continueToSpeed(page);
    await continueToCard(page);
    await openNewCard(page);
    await saveNewCard(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/cart\/checkout$/);
    const summary = page.getByRole('region', { name: 'Price summary' });
    expect.soft(await violationsOn(page, page.getByRole('heading', { name: 'Order Summary' }), summary), '/cart/checkout').toEqual([]);
    await placeOrder(page);
    expect.soft(await violationsOn(page, page.getByRole('heading', { name: 'Order Placed.' })), 'Order Placed.').toEqual([]);
    await page.goto('/setting/order');
    const order = page.getByRole('region', { name: 'Delivery Orders' }).getByRole('button', { name: /^ORDER #\d+/ });
    expect.soft(await violationsOn(page, page.getByRole('heading', { name: 'YOUR ORDERS' }), order), '/setting/order').toEqual([]);
  });

  test('the account page with a saved address', async ({ page }) => {
    await enterStoreAsNewCustomer(page, { firstName: 'Axe', lastName: 'Tester', email: uniqueEmail('axe'), password: 'correct horse 1' });
    await saveAddressThroughApi(await sessionOf(page), { nickname: 'Home', default_address: '1' });
    await page.goto('/setting/user');
    const addresses = page.getByRole('table', { name: 'MY SHIPPING ADDRESS' }).getByRole('row', { name: /^Home:/ });
    expect.soft(await violationsOn(page, page.getByRole('heading', { name: 'YOUR INFORMATION' }), addresses), '/setting/user').toEqual([]);
  });
});
