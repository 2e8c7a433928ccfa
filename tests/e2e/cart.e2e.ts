import type { Locator, Page } from '@playwright/test';
import { expect, tabTest as test } from './fixtures.ts';
import { addToCartThroughApi, newCustomer, openWithSession } from './journeys/shoppers.ts';
import { is } from 'superstruct';
import { cartReply } from '../../src/api/contract/cart-page.contract.ts';
import { cartStockMessage } from '../../src/rules/cart-checkout.ts';
import { changedOnce } from './faults.ts';
import { lowStock, moreInStockOnce } from './low-stock.ts';
import { choose, clickOpenDay, enterStore, uniqueEmail } from './steps.ts';

const ribeye = 'USDA Prime Ribeye Steak';
const salmon = 'Atlantic Salmon Fillet, Skin-On';

/** Finds a product through the search page, picks its speed, and adds it to the cart. */
async function addToCart(page: Page, query: string, name: string, speed: 'Same Day' | 'Next Day'): Promise<void> {
  await page.goto(`/store/search?q=${encodeURIComponent(query)}`);
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/store\/\d+$/);
  await choose(page, 'SPEED', speed);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
}

/** A guest after their first ADD TO CART: checkout with an email, then the cart (spec "Guest register"). */
async function registerAsGuest(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/guest\/register$/);
  await page.getByRole('main').getByLabel('Email').fill(uniqueEmail('cart'));
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

function sellers(page: Page): Locator {
  return page.getByRole('list', { name: 'Items by seller' }).getByRole('region');
}

/** The group holding `productName`. */
function groupOf(page: Page, productName: string): Locator {
  return sellers(page).filter({ hasText: productName });
}

/** Opens the group's calendar and picks its first enabled day (dates depend on today, so none is hard-coded). */
async function pickFirstDay(group: Locator, skip = 0): Promise<void> {
  await group.getByRole('button', { name: /^Choose delivery date for / }).click();
  await expect(group.getByRole('grid')).toBeVisible();
  await clickOpenDay(group, skip);
  await expect(group.getByRole('grid')).toHaveCount(0);
  await expect(group.getByLabel(/^Delivery date for /)).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
}

/** A Same Day group: the first day that still has a slot, and its first slot. */
async function pickDayAndSlot(group: Locator): Promise<void> {
  const slots = group.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
  for (let skip = 0; skip < 5; skip += 1) {
    await pickFirstDay(group, skip);
    const booked = group.getByText('All Slots are booked. Please try another date.');
    await expect(slots.first().or(booked)).toBeVisible();
    if (await slots.count()) break;
  }
  await slots.first().click();
  await expect(slots.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(group.getByText(/^Arrives \w{3} \d{2}\/\d{2} between \d{1,2}:\d{2} [AP]M and \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
}

function summaryAmount(page: Page, term: string | RegExp): Locator {
  return page
    .getByRole('region', { name: 'Price summary' })
    .locator('div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd')
    .first();
}

test.describe('cart', () => {
  test('two sellers → dates and a slot → a quantity change → WELCOME10 → CHECKOUT reaches /cart/address', async ({ page }) => {
    await enterStore(page);
    await addToCart(page, 'ribeye', ribeye, 'Same Day');
    await registerAsGuest(page);
    await addToCart(page, 'salmon', salmon, 'Next Day');
    await expect(page).toHaveURL(/\/cart$/);

    await expect(sellers(page)).toHaveCount(2);
    const butcher = groupOf(page, ribeye);
    const courier = groupOf(page, salmon);
    await expect(butcher.getByText('Same Day', { exact: true })).toBeVisible();
    await expect(courier.getByText('Next Day', { exact: true })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    await pickDayAndSlot(butcher);
    await pickFirstDay(courier);
    await expect(courier.getByText(/^Arrives \w{3} \d{2}\/\d{2}$/)).toBeVisible();

    // Three quick clicks show at once and reach the server as ONE updateitem with the final quantity.
    const updates: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/cart/updateitem')) updates.push(request.postDataJSON());
    });
    const updated = page.waitForResponse((response) => response.url().includes('/api/cart/updateitem'));
    const subtotal = summaryAmount(page, 'Subtotal');
    const before = await subtotal.innerText();
    const increase = butcher.getByRole('button', { name: `Increase quantity of ${ribeye}` });
    // One action of three clicks: three separate actions may be further apart than the cart's 800 ms on a busy machine.
    await increase.click({ clickCount: 3 });
    await expect(butcher.getByRole('status', { name: `Quantity of ${ribeye}` })).toHaveText('4');
    await updated;
    await expect(subtotal).not.toHaveText(before);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ qty: 4 });
    await expect(page.getByTestId('cart-count')).toHaveText('5');

    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByRole('button', { name: 'APPLY' }).click();
    await expect(page.getByText('Coupon WELCOME10 applied.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'REMOVE', exact: true })).toBeVisible();
    await expect(summaryAmount(page, 'Discount (WELCOME10)')).toHaveText(/^-\$\d+\.\d{2}$/);
    await page.screenshot({ path: 'test-results/cart-page.png', fullPage: true });

    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/cart\/address$/);
  });

  test("+ stops at the stock; asked past it (stock taken meanwhile), the line goes to the most in stock with 'Only 3 left in stock.'", async ({
    page,
  }) => {
    const customer = await newCustomer('cart-stock');
    const values = await addToCartThroughApi(customer.session, lowStock.query, lowStock.name);
    const qty = page.getByRole('status', { name: `Quantity of ${lowStock.name}` });
    const increase = page.getByRole('button', { name: `Increase quantity of ${lowStock.name}` });

    // Loaded before another shopper took some: the page shows more in stock than there is, so + goes past it.
    await moreInStockOnce(page);
    const savedAtStock = page.waitForResponse(
      (r) => r.url().includes('/api/cart/updateitem') && (r.request().postData() ?? '').includes(`"qty":${lowStock.stock}`),
    );
    await openWithSession(page, values, '/cart');
    await expect(qty).toHaveText('1');
    for (const shown of ['2', '3', '4']) {
      await increase.click();
      await expect(qty).toHaveText(shown);
    }
    // The server refuses 4: the line goes to the 3 there are (saved), not back to 1, and + stops there.
    await expect(page.getByRole('alert').getByText(`Only ${lowStock.stock} left in stock.`, { exact: true })).toBeVisible();
    await expect(qty).toHaveText(String(lowStock.stock));
    await expect(increase).toBeDisabled();
    await savedAtStock;
    await page.reload();
    await expect(qty).toHaveText(String(lowStock.stock));
    await expect(increase).toBeDisabled();
  });

  test("a line sold out since it was added reads 'Out of stock', keeps CHECKOUT on the cart until it is removed (walk 9 #2)", async ({ page }) => {
    const customer = await newCustomer('cart-sold-out');
    const values = await addToCartThroughApi(await addToCartThroughApi(customer.session, lowStock.query, lowStock.name), 'ribeye', ribeye);
    // Staff set the liver's stock to 0 after it was added (a test fault on every cart the cart's calls answer: the
    // journeys' store keeps its stock).
    await changedOnce(
      page,
      '/api/cart/',
      (json) => {
        if (!is(json, cartReply) || !json.data) return json;
        return {
          ...json,
          data: { ...json.data, result: json.data.result.map((line) => (line.name === lowStock.name ? { ...line, stock: 0 } : line)) },
        };
      },
      40,
    );
    await openWithSession(page, values, '/cart');
    const liver = page.getByRole('listitem').filter({ hasText: lowStock.name });
    await expect(liver.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Increase quantity of ${lowStock.name}` })).toBeDisabled();
    for (const group of await sellers(page).all()) await pickDayAndSlot(group);
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page.getByRole('alert').filter({ hasText: cartStockMessage })).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole('button', { name: `Remove ${lowStock.name}` }).click();
    await expect(page.getByText(lowStock.name)).toHaveCount(0);
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/cart\/address$/);
  });

  test("CHECKOUT without a date shows 'Required' beside the date and the slot", async ({ page }) => {
    await enterStore(page);
    await addToCart(page, 'ribeye', ribeye, 'Same Day');
    await registerAsGuest(page);
    const butcher = groupOf(page, ribeye);
    await expect(butcher.getByLabel(/^Delivery date for /)).toBeVisible();
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(butcher.getByText('Required', { exact: true })).toHaveCount(2);
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("removing every item shows 'Hey fill me, i am Empty'", async ({ page }) => {
    await enterStore(page);
    await addToCart(page, 'ribeye', ribeye, 'Same Day');
    await registerAsGuest(page);
    await page.getByRole('button', { name: `Remove ${ribeye}` }).click();
    await expect(page.getByRole('heading', { name: 'Hey fill me, i am Empty' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await page.getByRole('button', { name: 'Start Shopping' }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test("a seller's 'Shop more from' link → the listing of its line's category, filtered by that seller", async ({ page }, testInfo) => {
    await enterStore(page);
    await addToCart(page, 'ribeye', ribeye, 'Same Day');
    await registerAsGuest(page);
    const group = groupOf(page, ribeye);
    const seller = (await group.getByRole('heading', { level: 2 }).innerText()).trim();
    await group.getByRole('link', { name: `Shop more from ${seller}` }).click();
    await expect(page).toHaveURL(/\/store\/category\/Beef\/Beef\/\d+\?vendor=\d+$/);
    const vendorGroup = page.getByRole('complementary', { name: 'Filters' }).getByRole('group', { name: 'Vendor' });
    await expect(vendorGroup.getByRole('checkbox', { name: seller })).toBeChecked();
    const products = page.getByRole('list', { name: 'Products' });
    await expect(products.getByRole('link').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('vendor-filter.png'), fullPage: true });

    // Unticking the seller is a filter change like any other: back to the whole listing from page 0.
    await vendorGroup.getByRole('checkbox', { name: seller }).click();
    await expect(page).toHaveURL(/\/store\/category\/Beef\/Beef\/\d+$/);
    await expect(vendorGroup.getByRole('checkbox', { name: seller })).not.toBeChecked();
  });
});
