import type { Page, Route } from '@playwright/test';
import { answeredOnce, changedOnce, connectionLostOnce, requestsTo } from './faults.ts';
import { expect, test } from './fixtures.ts';
import { pauseClock, showsWithTime } from './page-clock.ts';
import { addToCartThroughApi, newCustomer, openWithSession } from './journeys/shoppers.ts';
import { choose, solveCaptcha } from './steps.ts';

/**
 * The store's own pages (zipSuggestion, sampleStores, searchBox, productReviews, addToCart, notifications, zipGate,
 * pageAccess) in the browser, their error and retry transitions taken by faults the journeys inject (faults.ts;
 * docs/decisions/048-reach-by-faults.md). Each test is named from the descriptions of the transitions it takes.
 */

const ribeye = 'USDA Prime Ribeye Steak';
const sake = 'Junmai Ginjo Sake';

async function openProduct(page: Page, query: string, name: string): Promise<void> {
  await page.goto(`/store/search?q=${query}`);
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test.describe('store pages (reach by faults)', () => {
  test("a served pincode near the shopper is offered (the server's answer given by the test) and taken; the stores could not be read, the shopper retries; the search failed (offline), the box emptied; the reviews could not be loaded, a page chosen from the failure, tried again; her review could not be sent (offline); the item could not be added (offline), refused, a toast closed by the shopper", async ({
    page,
  }) => {
    await answeredOnce(page, '/connect/index/suggestzipcode', {
      code: 1,
      data: { zipcode: '10001', city: 'New York', state: 'NY', from_city: 'Hoboken' },
    });
    await connectionLostOnce(page, '/connect/index/stores');
    await page.goto('/');
    await page.getByRole('button', { name: 'Yes, I am 21 or older' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
    await dialog.getByRole('button', { name: 'Use 10001 (New York, NY)' }).click();
    await expect(dialog.getByLabel('Pincode', { exact: true })).toHaveValue('10001');
    await dialog.getByRole('button', { name: 'Start Shopping' }).click();
    await expect(page.getByText('SHOPPING AT - 10001')).toBeVisible();

    // The stores could not be read: the reason and a retry.
    const stores = page.getByRole('region', { name: 'OUR STORES', exact: true });
    // The section loads its stores once it is scrolled into view.
    await stores.scrollIntoViewIfNeeded();
    await stores.getByRole('button', { name: 'Retry' }).click();
    await expect(stores.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(stores.getByRole('status')).toHaveCount(0);

    // The search failed (offline): the reason; the box emptied: nothing is searched.
    await connectionLostOnce(page, '/connect/index/search');
    const box = page.getByRole('searchbox', { name: 'SEARCH PRODUCTS' }).or(page.getByRole('textbox', { name: 'SEARCH PRODUCTS' }));
    await box.fill('ribeye');
    const searched = requestsTo(page, '/connect/index/search');
    await expect.poll(() => searched.count).toBe(1);
    await expect(page.getByText('Fetching Results Please Hold On...')).toHaveCount(0);
    await expect(page.getByText(/^Total \d+ Result\.$/)).toHaveCount(0);
    await box.fill('');

    // The reviews (the first answer saying she may review it, widened by the test): a page that could not be loaded
    // (offline), a page chosen from the failure, then again could not be loaded and tried again; her review could not
    // be sent (offline).
    const reviewsLoaded = page.waitForResponse((response) => response.url().includes('/connect/index/reviews'));
    await changedOnce(page, '/connect/index/reviews', (body) => ({ ...body, data: { ...(body.data as object), can_review: true } }));
    await openProduct(page, 'ribeye', ribeye);
    await reviewsLoaded;
    const pages = page.getByRole('navigation', { name: 'Review pages' });
    const retryReviews = page.getByRole('region', { name: 'Customer Reviews' }).getByRole('button', { name: 'Retry' });
    await expect(pages).toBeVisible();
    await connectionLostOnce(page, '/connect/index/reviews');
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(retryReviews).toBeVisible();
    // Page 3's answer in before the next fault is set up: its request may leave a moment after Retry goes (the pager
    // marks the page at once), and would otherwise be the one the fault drops.
    const thirdLoaded = page.waitForResponse((response) => response.url().includes('/connect/index/reviews'));
    await pages.getByRole('button', { name: '3', exact: true }).click();
    await thirdLoaded;
    await expect(pages.getByRole('button', { name: '3', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(retryReviews).toHaveCount(0);
    await connectionLostOnce(page, '/connect/index/reviews');
    await pages.getByRole('button', { name: '1', exact: true }).click();
    await expect(retryReviews).toBeVisible();
    await retryReviews.click();
    await expect(retryReviews).toHaveCount(0);
    await expect(pages.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByRole('radio', { name: '5 stars' }).check();
    await form.getByLabel('Title').fill('Best steak of the year');
    await form.getByLabel('Your review').fill('Seared it hot, rested it 10 minutes.');
    const sent = requestsTo(page, '/api/product/review');
    await connectionLostOnce(page, '/api/product/review');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect.poll(() => sent.count).toBe(1);
    await expect(form.getByRole('button', { name: 'Submit review' })).toBeEnabled();

    // ADD TO CART: could not be added (offline), a red toast the shopper closes; refused by the server.
    await choose(page, 'SPEED', 'Same Day');
    await connectionLostOnce(page, '/api/cart/addtocart');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    const toast = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Dismiss' }) });
    await expect(toast.first()).toBeVisible();
    await toast.first().getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toHaveCount(0);
    await answeredOnce(page, '/api/cart/addtocart', [{ code: -1, message: 'Only 0 left in stock.' }] as unknown as Record<string, unknown>);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Only 0 left in stock.' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  });

  test("an age-restricted product for a guest: asked to create an account, pressed again, then a speed (a second one added to the product's answer by the test), a quantity and a size picked instead", async ({
    page,
  }) => {
    await openWithSession(page, { zipcode: '10001', location: 101, zipState: 'NY', ageGateVerified: true }, '/store');
    // The seeded sake sells at one speed: its answer also offers each size by courier.
    await changedOnce(page, '/connect/index/product', (body) => {
      const sizes = (body.data as { child?: { speed_id: Record<string, unknown>[] }[] } | undefined)?.child ?? [];
      for (const size of sizes) {
        const first = size.speed_id[0];
        if (first) size.speed_id.push({ ...first, Type: 'courier' });
      }
      return body;
    });
    await openProduct(page, 'sake', sake);
    const add = page.getByRole('button', { name: 'ADD TO CART' });
    const asked = page.getByRole('link', { name: 'Create Account' }).last();
    await add.click();
    await expect(asked).toBeVisible();
    await add.click();
    await expect(asked).toBeVisible();
    // Another speed the size is offered at: back to choosing.
    await page.getByRole('combobox', { name: 'SPEED' }).click();
    await page.getByRole('option', { selected: false }).first().click();
    await expect(asked).toHaveCount(0);
    await add.click();
    await expect(asked).toBeVisible();
    await choose(page, 'QUANTITY', '2');
    await expect(asked).toHaveCount(0);
    await add.click();
    await expect(asked).toBeVisible();
    await page.getByRole('combobox', { name: 'SELECT SIZE' }).click();
    await page.getByRole('option').last().click();
    await expect(asked).toHaveCount(0);
  });

  test('the zipcode gate: the captcha could not be checked (offline), then refused; the zip could not be looked up (offline), then not served', async ({
    page,
  }) => {
    await page.goto('/home');
    const submit = page.getByRole('button', { name: 'Start Shopping' });
    await page.getByLabel('Zipcode').fill('10001');
    const rounds: [string, (p: Page) => Promise<void>][] = [
      ['/api/captcha/verify', (p) => connectionLostOnce(p, '/api/captcha/verify')],
      ['/api/captcha/verify', (p) => answeredOnce(p, '/api/captcha/verify', { code: -1, message: 'The captcha was not solved.' })],
      ['/connect/index/getaddressbyzipcode', (p) => connectionLostOnce(p, '/connect/index/getaddressbyzipcode')],
      [
        '/connect/index/getaddressbyzipcode',
        (p) => answeredOnce(p, '/connect/index/getaddressbyzipcode', { code: -1, message: 'We do not deliver there yet.' }),
      ],
    ];
    for (const [path, fault] of rounds) {
      const asked = requestsTo(page, path);
      await fault(page);
      await solveCaptcha(page, submit);
      await submit.click();
      await expect.poll(() => asked.count).toBe(1);
      // A new captcha is asked for: the submit waits for it.
      await expect(submit).toBeDisabled();
    }
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a signed-in customer on forgot password is sent to all products; the reset-password page without its link opens the landing page', async ({
    page,
  }) => {
    const customer = await newCustomer('reach.access');
    await openWithSession(page, customer.session, '/forgot/password');
    await expect(page).toHaveURL(/\/category\/ALL$/);
    await page.goto('/account/resetpassword');
    // The landing page; with the zip her session holds, it sends her on to the store.
    await expect(page).toHaveURL(/\/(store)?$/);
    await expect(page.getByRole('heading', { name: 'Update Password' })).toHaveCount(0);
  });

  test("no suggestion could be worked out (offline): the dialog shows none; 'Pin Code Changed' leaves by itself after 6 s (Playwright's clock moved on)", async ({
    page,
  }) => {
    const suggested = requestsTo(page, '/connect/index/suggestzipcode');
    await connectionLostOnce(page, '/connect/index/suggestzipcode');
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Yes, I am 21 or older' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
    await expect.poll(() => suggested.count).toBe(1);
    await expect(dialog.getByRole('button', { name: /^Use \d{5} / })).toHaveCount(0);
    await dialog.getByLabel('Pincode', { exact: true }).fill('10001');
    await dialog.getByRole('button', { name: 'Start Shopping' }).click();
    await expect(page.getByText('SHOPPING AT - 10001')).toBeVisible();
    await page.getByRole('button', { name: 'Change' }).click();
    await dialog.getByLabel('Pincode', { exact: true }).fill('60601');
    // Stopped from here: the notice's real 6 s could run out on a busy machine before it is looked at.
    await pauseClock(page);
    await dialog.getByRole('button', { name: 'Start Shopping' }).click();
    const changed = page.getByRole('status').filter({ hasText: 'Pin Code Changed' });
    await showsWithTime(page, changed);
    await page.clock.runFor(6_000);
    await expect(changed).toHaveCount(0);
  });

  test("the server no longer has her cart when the pincode changes (a 404 by the test); an empty cart simply follows her (the check's answer emptied by the test); then its move finds it gone (a 404 by the test)", async ({
    page,
  }) => {
    const customer = await newCustomer('reach.pincode');
    const session = await addToCartThroughApi(customer.session, 'ribeye', ribeye);
    const dialog = page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
    const changeTo = async (zip: string) => {
      await openWithSession(page, session, '/store');
      await expect(page.getByText('SHOPPING AT - 10001')).toBeVisible();
      await page.getByRole('button', { name: 'Change' }).click();
      await dialog.getByLabel('Pincode', { exact: true }).fill(zip);
      await dialog.getByRole('button', { name: 'Start Shopping' }).click();
    };
    const gone = (route: Route) => route.fulfill({ status: 404, json: { code: -1, message: 'No such cart.' } });

    // The check finds no cart (404): the id is forgotten and the area changes.
    await page.route((url) => url.pathname.includes('/api/cart/movearea'), gone, { times: 1 });
    await changeTo('60601');
    await expect(page.getByText('SHOPPING AT - 60601')).toBeVisible();

    // The check says the cart is empty: it follows her without a question (the move itself is refused: 404).
    // Routes registered last answer first: the check gets the empty answer, the move the 404.
    await page.route((url) => url.pathname.includes('/api/cart/movearea'), gone, { times: 1 });
    await answeredOnce(page, '/api/cart/movearea', { code: 1 });
    await changeTo('60601');
    await expect(page.getByText('SHOPPING AT - 60601')).toBeVisible();
  });

  test("forgot password refused by the server (the test's answer); signed in with her guest cart's lines capped (the answer's cart changes given by the test)", async ({
    page,
  }) => {
    const customer = await newCustomer('reach.auth');
    await openWithSession(page, { zipcode: '10001', location: 101, zipState: 'NY', ageGateVerified: true }, '/forgot/password');
    await answeredOnce(page, '/api/customer/forgot', { code: -1, message: 'Too many reset requests. Try again later.' });
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'SEND RESET LINK' }).click();
    await expect(page.getByText('Too many reset requests. Try again later.')).toBeVisible();

    await changedOnce(page, '/api/customer/login', (body) => ({
      ...body,
      result: { ...(body.result as object), cart_changes: [{ name: ribeye, size: '500 g', wanted: 3, qty: 1 }] },
    }));
    await page.goto('/signIn');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    const submit = page.getByRole('button', { name: 'SIGN IN' });
    await solveCaptcha(page, submit);
    await submit.click();
    await expect(page).not.toHaveURL(/\/signIn$/);
  });
});
