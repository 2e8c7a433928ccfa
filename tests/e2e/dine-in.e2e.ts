import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { chooseVisit, pickDeliverySlot, tomorrow } from './dine-in-steps.ts';
import { expect, tabTest as test } from './fixtures.ts';
import { cardPrices, choose, enterStore, uniqueEmail } from './steps.ts';
import { areaOf, openWithSession } from './stored-session.ts';
import { newCustomer } from './journeys/shoppers.ts';
import { sessionStorageKey } from '../../src/machines/app/session-values.ts';
import { formatUsDate } from '../../src/rules/delivery-dates.ts';
import { priceBucketLabel, priceBuckets } from '../../src/rules/listing.ts';
import { visitNoLongerOfferedMessage } from '../../src/rules/refused-visit.ts';

test.describe('dine-in and pick-up', () => {
  test('Dine-In at a 4-star restaurant tomorrow at 7 pm: the header shows it and the catalogue holds only its dine-in offers', async ({ page }) => {
    await enterStore(page);
    // A delivery shopper's store home has the delivery ads.
    const freeDelivery = page.getByRole('img', { name: 'Free delivery over $75 this week' });
    await expect(page.getByRole('heading', { name: 'TOP PRODUCT IN YOUR AREA' })).toBeVisible();
    await expect(freeDelivery).toBeVisible();
    const dineInHome = page.waitForResponse((r) => r.url().includes('/connect/index/homepage') && r.url().includes('courier_type=dine-in'));
    await chooseVisit(page, 'Dine-In', '4 star', 'Gramercy Chop House', '7:00 PM');
    const choice = page.getByTestId('shipping-choice');
    await expect(choice).toContainText('DINE-IN AT Gramercy Chop House');
    await expect(choice).toContainText('7:00 PM');
    // A phone (walk 5): the day and time take a line of their own instead of being cut after the restaurant's name.
    await page.setViewportSize({ width: 390, height: 844 });
    const [place, when] = [choice.locator('span span').first(), choice.locator('span span').nth(1)];
    await expect(when).toHaveText(/7:00 PM$/);
    await expect(when).toBeVisible();
    const [whenBox, placeBox] = [await when.boundingBox(), await place.boundingBox()];
    expect(whenBox && placeBox && whenBox.x + whenBox.width <= 390 && whenBox.y >= placeBox.y + placeBox.height - 1).toBe(true);
    expect(await when.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/dine-in-header-390.png' });
    await expectBadgeInsideRow(page, 390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectBadgeInsideRow(page, 1280);
    await expect(when).toBeVisible();
    expect(await when.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    // Walk 6: a laptop's row has room for the whole place ('DINE-IN AT Gramercy Chop H…' before).
    await expect(place).toHaveText('DINE-IN AT Gramercy Chop House');
    expect(await place.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/dine-in-header-1280.png' });
    // The Dine-In home (its own reply): the restaurant's offers, and no delivery promotion.
    await dineInHome;
    await expect(page.getByRole('heading', { name: 'TOP PRODUCT IN YOUR AREA' })).toBeVisible();
    await expect(freeDelivery).toHaveCount(0);
    await expect(page.getByRole('img', { name: /delivery/i })).toHaveCount(0);

    await page.goto('/store/search?q=steak');
    const grid = page.getByRole('list', { name: 'Products' });
    await expect(grid.getByRole('link', { name: /USDA Prime Ribeye Steak/ })).toBeVisible();
    await expect(grid.getByText('Dine-In').first()).toBeVisible();
    await expect(grid.getByText('Same Day')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/dine-in-catalogue.png', fullPage: true });

    // The product page sells it for Dine-In at the chosen restaurant only, at the price its card showed (Gramercy's,
    // not the lowest of any restaurant in the area).
    const card = grid.getByRole('link', { name: /USDA Prime Ribeye Steak/ }).first();
    const cardPrice = (await card.innerText()).match(/\$[\d,]+\.\d{2}/)?.[0];
    await card.click();
    await expect(page.getByRole('combobox', { name: 'SPEED' })).toHaveText(/Dine-In/);
    await expect(page.getByLabel('Price')).toHaveText(cardPrice ?? 'the card shows no price');

    // Change goes back to the Delivery Options.
    await choice.getByRole('link', { name: 'Change delivery option' }).click();
    await expect(page).toHaveURL(/\/ship\/options$/);
  });

  test("a laptop's header shows the restaurant's whole name beside a long signed-in name (walk 6: 'Gramercy Chop Hou…' beside 'Ada Lovelace')", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openWithSession(page, (await newCustomer('header-long-name')).session, '/store');
    await chooseVisit(page, 'Dine-In', '4 star', 'Gramercy Chop House', '7:00 PM');
    const choice = page.getByTestId('shipping-choice');
    const place = choice.locator('span span').first();
    const greeting = page.getByRole('button', { name: 'Hey , Ada Lovelace' });
    const whole = (element: Locator) => element.evaluate((e) => e.scrollWidth <= e.clientWidth);
    await expect(greeting).toBeVisible();
    await expect(place).toHaveText('DINE-IN AT Gramercy Chop House');
    expect(await whole(place)).toBe(true);
    await page.screenshot({ path: 'test-results/header-long-name-1280.png' });
    // A tablet and a phone keep their rows: the place and the greeting on screen, nothing wider than the page.
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(place).toBeVisible();
      await expect(greeting).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/header-long-name-${width}.png` });
    }
    // Walk 8: a much longer name beside a longer restaurant's name pushed the cart off a laptop's screen.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('meat-and-fish.session') ?? '{}');
      localStorage.setItem('meat-and-fish.session', JSON.stringify({ ...stored, cust_name: 'Bartholomew-Alexander Featherstonehaugh' }));
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Hey , Bartholomew-Alexander Featherstonehaugh' })).toBeVisible();
    const cartLink = await page.getByRole('link', { name: /^Cart/ }).boundingBox();
    expect(cartLink && cartLink.x + cartLink.width).toBeLessThanOrEqual(1280 - 16);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
    await page.screenshot({ path: 'test-results/header-longer-name-1280.png' });
  });

  test("the header shows a restaurant's whole name beside a long signed-in name from 1024 to 1440 px (decision 087: cut near 1232)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openWithSession(page, { ...(await newCustomer('header-widths')).session, cust_name: 'Bartholomew-Alexander Featherstonehaugh' }, '/store');
    await chooseVisit(page, 'Dine-In', '3 star', 'The Oyster Room — Chelsea', '7:00 PM');
    const choice = page.getByTestId('shipping-choice');
    const place = choice.locator('span span').first();
    await expect(place).toHaveText('DINE-IN AT The Oyster Room — Chelsea');
    for (const width of [1024, 1100, 1200, 1232, 1250, 1280, 1366, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(place).toBeInViewport({ ratio: 1 });
      // Whole: nothing of it hidden past its box, and its box on screen beside the greeting and the cart.
      expect(await place.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight)).toBe(true);
      await expect(choice.getByRole('link', { name: 'Change delivery option' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: /^Hey , Bartholomew/ })).toBeVisible();
      await expectBadgeInsideRow(page, width);
      await page.screenshot({ path: `test-results/header-oyster-room-${width}.png` });
    }
  });

  test("Dine-In at Gramercy: the home's carousels and Similar Items show its offers at its prices, not the area's", async ({ page }) => {
    await enterStore(page);
    // The Dine-In home's own reply, before its cards are read (the delivery home's cards are on screen until it comes).
    const dineInHome = page.waitForResponse((r) => r.url().includes('/connect/index/homepage') && r.url().includes('courier_type=dine-in'));
    await chooseVisit(page, 'Dine-In', '4 star', 'Gramercy Chop House', '7:00 PM');
    await dineInHome;
    const price = /\$[\d,]+\.\d{2}/;
    // Read again until the card shows a price (a card drawn anew between two reads has none for a moment).
    const priceOf = async (card: Locator) => {
      let shown: string | undefined;
      await expect.poll(async () => (shown = (await card.innerText()).match(price)?.[0])).toBeDefined();
      return shown ?? 'the card shows no price';
    };

    // A home carousel card's price is the product page's at Gramercy (before, the lowest of any restaurant in the area).
    const homeCard = page.getByRole('region', { name: 'Top products' }).getByRole('link', { name: /USDA Prime Ribeye Steak/ });
    const homePrice = await priceOf(homeCard);
    await homeCard.click();
    await expect(page.getByRole('combobox', { name: 'SPEED' })).toHaveText(/Dine-In/);
    await expect(page.getByLabel('Price')).toHaveText(homePrice);

    // So is a Similar Items card's.
    const similar = page.getByRole('region', { name: 'Similar items' }).getByRole('link').first();
    const similarPrice = await priceOf(similar);
    await similar.click();
    await expect(page.getByRole('combobox', { name: 'SPEED' })).toHaveText(/Dine-In/);
    await expect(page.getByLabel('Price')).toHaveText(similarPrice);
  });

  test("Dine-In at Gramercy: the header search's total is the one its results page shows", async ({ page }) => {
    await enterStore(page);
    await chooseVisit(page, 'Dine-In', '4 star', 'Gramercy Chop House', '7:00 PM');
    // The header search counts Gramercy's Dine-In matches (before, the delivery catalogue's: 13 steaks, not 7).
    await page.getByRole('searchbox', { name: 'SEARCH PRODUCTS' }).fill('steak');
    const boxTotal = page
      .getByRole('search')
      .filter({ has: page.getByRole('searchbox', { name: 'SEARCH PRODUCTS' }) })
      .getByText(/^Total \d+ Result\.$/);
    await expect(boxTotal).toBeVisible();
    const total = await boxTotal.innerText();
    await page.getByRole('link', { name: 'Click Here to See Result' }).click();
    await expect(page).toHaveURL(/\/store\/search\?q=steak$/);
    await expect(
      page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: /^Total \d+ Result\.$/ }),
    ).toHaveText(total);
  });

  test("Dine-In at Gramercy: the Beef listing's filter panel offers the price ranges of its prices, not the area's", async ({ page }) => {
    await enterStore(page);
    await chooseVisit(page, 'Dine-In', '4 star', 'Gramercy Chop House', '7:00 PM');
    await page.goto('/store/category/Beef/Beef/1002');
    const grid = page.getByRole('list', { name: 'Products' });
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    await expect(grid.getByText('Dine-In').first()).toBeVisible();
    // Every card of the listing on this page (it sells 8 beef products): the ranges its cards' prices fall in.
    const prices = await cardPrices(page);
    const ranges = priceBuckets
      .filter((b) => prices.some((dollars) => dollars * 100 >= b.minCents && (b.maxCents === undefined || dollars * 100 < b.maxCents)))
      .map(priceBucketLabel);
    expect(ranges.length).toBeGreaterThan(0);
    // Before, the panel listed the area's ranges (the lowest price of any restaurant): '$100 - $200' too, which no
    // Gramercy card is in.
    const priceGroup = page.getByRole('complementary', { name: 'Filters' }).getByRole('group', { name: 'Price' });
    await expect(priceGroup.locator('label')).toHaveText(ranges);
    await page.screenshot({ path: 'test-results/dine-in-filter-ranges.png', fullPage: true });
    // A range checked lists Gramercy's cards in it, the panel unchanged.
    const top = ranges.at(-1) ?? '';
    const filtered = page.waitForResponse((r) => new URL(r.url()).pathname === '/connect/index/filters');
    await priceGroup.getByRole('checkbox', { name: top }).click();
    await expect(priceGroup.getByRole('checkbox', { name: top })).toBeChecked();
    await filtered;
    const inTop = priceBuckets.find((b) => priceBucketLabel(b) === top);
    for (const dollars of await cardPrices(page)) expect(dollars * 100).toBeGreaterThanOrEqual(inTop?.minCents ?? 0);
    await expect(priceGroup.getByRole('checkbox')).toHaveCount(ranges.length);
  });

  test('a stored Pick-Up at a restaurant of another area: the store drops it, says so and opens on Delivery, no error', async ({ page }) => {
    // Chosen for Chicago, the session then carried to New York's 10001 (as a session from before the area check).
    const pickUpInChicago = {
      couriertype: 'pickup',
      shippingType: 'pick-up',
      pickup: 1,
      retailer: 411,
      retailer_name: 'River North Steak & Sake',
      vendor_location_id: 411,
    } as const;
    const refused = page.waitForResponse((r) => r.url().includes('vendor_location_id=411') && r.status() === 400);
    await openWithSession(page, { ...(await areaOf('10001')), total_products_in_cart: 0, ...pickUpInChicago }, '/store');
    await refused;
    await expect(page.getByText(visitNoLongerOfferedMessage('Pick-Up', 'River North Steak & Sake'))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'TOP PRODUCT IN YOUR AREA' })).toBeVisible();
    await expect(page.getByTestId('shipping-choice')).toContainText('DELIVERY');
    // The home's refusal is not left on screen: the home asked again without the restaurant.
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The restaurant is forgotten where it was kept: the browser's storage and the area cookie.
    const stored = await page.evaluate((key) => window.localStorage.getItem(key) ?? '', sessionStorageKey);
    expect(stored).not.toContain('411');
    await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'mf_area')?.value).toBe('10001.101.');
  });

  test('Pick-Up: CHECKOUT goes straight from the cart to the card tab, and the order is placed without an address', async ({ page }) => {
    const orders: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/placeorder/placeorder')) orders.push(r.postDataJSON());
    });
    await enterStore(page);
    await chooseVisit(page, 'Pick-Up', '4 star', 'Gramercy Chop House', '1:00 PM');
    await expect(page.getByTestId('shipping-choice')).toContainText('PICK-UP AT Gramercy Chop House');

    await page.goto('/store/search?q=ribeye');
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('link', { name: /USDA Prime Ribeye Steak/ })
      .first()
      .click();
    await expect(page.getByRole('combobox', { name: 'SPEED' })).toHaveText(/Pick-Up/);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page).toHaveURL(/\/guest\/register$/);
    await page.getByRole('main').getByLabel('Email').fill(uniqueEmail('pickup'));
    await page.getByRole('button', { name: 'CONTINUE' }).click();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText(/Pick-up: .*1:00 PM/)).toBeVisible();
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/cart\/card$/);
    // Paid at the counter: the spec's label, with a panel in pick-up's words.
    await page.getByRole('radio', { name: 'Payment on Delivery' }).check();
    await expect(page.getByText('Pay at the counter when you pick up your order.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/cart\/checkout$/);
    await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
    // The summary names what is booked, as the order's change panel will (walk 7 #6: only the header said it).
    await expect(page.getByText(`Pick-up at Gramercy Chop House on ${formatUsDate(tomorrow().iso)}, 1:00 PM`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ speed_id: 2, retailer_id: 401, pickup_date: `${tomorrow().iso} 13:00` });
    expect(orders[0]).not.toHaveProperty('delivery_address_id');
  });

  test('Dine-In: the card tab offers cards and UPI, never Payment on Delivery for a table', async ({ page }) => {
    await enterStore(page);
    await chooseVisit(page, 'Dine-In', '4 star', 'Gramercy Chop House', '7:00 PM');
    await page.goto('/store/search?q=ribeye');
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('link', { name: /USDA Prime Ribeye Steak/ })
      .first()
      .click();
    await expect(page.getByRole('combobox', { name: 'SPEED' })).toHaveText(/Dine-In/);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page).toHaveURL(/\/guest\/register$/);
    await page.getByRole('main').getByLabel('Email').fill(uniqueEmail('dine-in'));
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/cart\/card$/);
    const options = page.getByRole('group', { name: 'Payment options' });
    await expect(options.getByRole('radio', { name: 'Cards' })).toBeChecked();
    await expect(options.getByRole('radio')).toHaveCount(2);
    await expect(options.getByRole('radio', { name: 'UPI' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Payment on/ })).toHaveCount(0);
  });

  test('the partner locator lists restaurants nearest first, and Dine here opens Dine-In with that restaurant', async ({ page }) => {
    await enterStore(page, '10003');
    await page.goto('/party/locator');
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items.first()).toContainText('Gramercy Chop House');
    await expect(items.first()).toContainText('miles away');
    await page.screenshot({ path: 'test-results/party-locator.png', fullPage: true });
    await page.getByRole('link', { name: 'Dine here: Hudson Prime Steakhouse' }).click();
    await expect(page).toHaveURL(/\/ship\/options\?retailer=402$/);
    await expect(page.getByRole('combobox', { name: 'Retailer' })).toHaveText(/Hudson Prime Steakhouse/);
  });

  test('Delivery Options (with its sample price dialog) and the locator pass axe (WCAG 2.1 AA)', async ({ page }) => {
    // Four axe scans of a large page: 62 s in CI at load 9, over 90 s at load 25 (each scan is main-thread work).
    test.slow();
    const violations = async () =>
      (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    await enterStore(page);
    await page.goto('/ship/options');
    await expect(page.getByRole('radio', { name: /Dine-In/ })).toHaveAttribute('aria-checked', 'true');
    await choose(page, 'Retailer', 'Gramercy Chop House (4 star)');
    expect(await violations()).toEqual([]);
    await page.getByRole('button', { name: 'What do the stars cost?' }).click();
    await expect(page.getByRole('dialog', { name: 'Sample star-rating prices' })).toBeVisible();
    expect(await violations()).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('radio', { name: /Delivery/ }).click();
    // Closed is not full (issue 23): the area shop's closed days are struck out and disabled ahead, with why under the
    // calendar and in the day's name and tooltip ('Hudson Street Butchers — West Village is closed on Sundays.').
    const note = page.getByText('Struck-out days cannot be chosen:');
    await expect(note).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: /^Hudson Street Butchers — West Village is closed on Sundays\.$/ })).toBeVisible();
    const closedDay = page.getByRole('grid').getByRole('button', { name: /, closed: Hudson Street Butchers — West Village is closed on Sundays\.$/ });
    // The month may have no Sunday left after today: the next one has.
    const turned = (await closedDay.count()) === 0;
    if (turned) await page.getByRole('button', { name: /next month/i }).click();
    await expect(closedDay.first()).toBeDisabled();
    await expect(closedDay.first()).toHaveAttribute('title', 'Hudson Street Butchers — West Village is closed on Sundays.');
    await page.screenshot({ path: 'test-results/delivery-options-closed-days.png', fullPage: true });
    if (turned) await page.getByRole('button', { name: /previous month/i }).click();
    // The first day with a free driver slot (a full day says 'All Slots are booked. Please try another date.').
    await pickDeliverySlot(page);
    expect(await violations()).toEqual([]);
    await page.goto('/party/locator');
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('/header goes to the store', async ({ page }) => {
    await enterStore(page);
    await page.goto('/header');
    await expect(page).toHaveURL(/\/store$/);
  });
});

/**
 * Walk 7: the cart count's circle was cut at the window's right edge (1280 and 390 px). It ends inside the header's
 * row, its 16 px padding to spare, and nothing widens the page.
 */
async function expectBadgeInsideRow(page: Page, width: number): Promise<void> {
  const badge = await page.getByTestId('cart-count').boundingBox();
  expect(badge && badge.x + badge.width).toBeLessThanOrEqual(width - 16);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
}
