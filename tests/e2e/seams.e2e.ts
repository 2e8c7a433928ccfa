import type { Page } from '@playwright/test';
import { assert } from 'superstruct';
import { moveAreaReply, type AreaLine } from '../../src/api/contract/cart-area.contract.ts';
import { listingReply, type ListingData } from '../../src/api/contract/catalogue.contract.ts';
import { categoryPath } from '../../src/rules/category-paths.ts';
import { priceBucketLabel, priceBuckets } from '../../src/rules/listing.ts';
import { withVendorQuery } from '../../src/rules/listing-query.ts';
import { dollarsToCents } from '../../src/rules/money.ts';
import { expect, test } from './fixtures.ts';
import { cartOrderedMessage } from '../../src/rules/messages.ts';
import { cartReply } from '../../src/api/contract/cart-page.contract.ts';
import { keptLineUnavailable } from '../../src/rules/area-change.ts';
import { addCardWithBilling, placeAndConfirm } from './checkout-steps.ts';
import { handOverPickUp } from './console-steps.ts';
import { addDineIn, addVisitLine, chooseTomorrow, chooseVisit, fillDelivery, fillVisit } from './dine-in-steps.ts';
import { faceCameraLaunchOptions, idCardFront, submitKyc } from './identity-steps.ts';
import { addCourierLine, addToCartThroughApi, areaOf, newCustomer, openWithSession, postJson } from './journeys/shoppers.ts';
import { saveHomeThroughApi, scheduleThroughApi } from './journeys/checkout-shoppers.ts';
import { changedOnce, homeAndContinue, openCheckoutAt, ribeyeCustomer, threeSpeeds } from './faults.ts';
import { newYorkOnly } from './new-york-only.ts';
import { addSameDayToCart, choose, enterStoreAsNewCustomer, uniqueEmail } from './steps.ts';

/**
 * Issue 23, a shopper's whole walk with nothing wrong at the seams: a new pincode asks before anything leaves the cart
 * (and keeping the old one keeps everything), and KYC from a signed-in session with a cart ends back on the cart.
 */
test.use({ launchOptions: faceCameraLaunchOptions });

const ribeye = 'USDA Prime Ribeye Steak';
/** A butcher's product no partner restaurant sells (they sell steaks, seafood and drinks: decision 014). */
const chicken = 'Whole Free-Range Chicken';
const strip = 'New York Strip Steak';
/** What 60601 truly cannot sell (the journeys' store delivers it in New York only): named as leaving, or kept for 10001. */
const bones = newYorkOnly.name;

/** A line on the cart page, by its quantity stepper. */
const cartLine = (page: Page, name: string) => page.getByRole('group', { name: `Change quantity of ${name}` });

/** A Pick-Up at Gramercy Chop House with a ribeye in the cart: paid at the counter (Payment on Delivery; Dine-In has none). */
async function pickUpRibeye(page: Page) {
  await chooseVisit(page, 'Pick-Up', '4 star', 'Gramercy Chop House', '1:00 PM');
  await addVisitLine(page, 'ribeye', ribeye, /Pick-Up/);
}

async function changeZipTo(page: Page, zip: string) {
  await page.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
  await dialog.getByLabel('Pincode', { exact: true }).fill(zip);
  await dialog.getByRole('button', { name: 'Start Shopping' }).click();
}

test('a new pincode asks before the cart changes: what Chicago sells stays (the ribeye at its Chicago price), what it cannot is listed, and Keep changes nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const withRibeye = await addToCartThroughApi(await areaOf('10001'), 'ribeye', ribeye);
  const withBones = await addToCartThroughApi(withRibeye, newYorkOnly.query, bones);
  const { session, name: shipped } = await addCourierLine(withBones);
  await openWithSession(page, session, '/store');
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  // Asked first: the courier's steak stays; the New York butcher's ribeye stays too, at a Chicago butcher's price
  // (named before anything moves); only the marrow bones, which nobody delivers in Chicago, are named as leaving.
  await changeZipTo(page, '60601');
  const question = page.getByRole('dialog', { name: 'Change to 60601?' });
  await expect(question).toBeVisible();
  const staying = question.getByRole('region', { name: 'Staying in your cart' });
  await expect(staying).toContainText(shipped);
  await expect(staying).toContainText(ribeye);
  const prices = question.getByRole('region', { name: 'Price changes' });
  await expect(prices).toContainText('New prices with 60601:');
  await expect(prices).toContainText(new RegExp(`${ribeye}: \\$\\d+\\.\\d{2} → \\$\\d+\\.\\d{2}`));
  // QA walk: the ribeye's new seller, and that its delivery date and time are chosen again, were not said.
  const sellers = question.getByRole('region', { name: 'Seller changes' });
  await expect(sellers).toContainText(`${ribeye} comes from Halsted Meat Market — Lincoln Park there`);
  await expect(sellers).toContainText('Their delivery date and time will be chosen again.');
  await expect(sellers).not.toContainText(shipped);
  const leaving = question.getByRole('alert', { name: 'Leaving your cart' });
  await expect(leaving).toContainText('60601 cannot sell these, so they will be removed from your cart:');
  await expect(leaving).toContainText(bones);
  await expect(leaving).not.toContainText(ribeye);
  await page.screenshot({ path: 'test-results/seams-zip-question.png' });

  // Keep: the old pincode and the whole cart, on the server too.
  await question.getByRole('button', { name: 'Keep 10001 and my whole cart' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByText('SHOPPING AT - 10001')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 3 items' }).click();
  await expect(cartLine(page, ribeye)).toBeVisible();
  await expect(cartLine(page, bones)).toBeVisible();
  await expect(cartLine(page, shipped)).toBeVisible();

  // Agreed: Chicago, with the steak and the ribeye it sells; the bones left with the shopper's consent.
  await changeZipTo(page, '60601');
  await question.getByRole('button', { name: 'Change to 60601 and remove 1 item' }).click();
  await expect(page.getByText('Pin Code Changed')).toBeVisible();
  await expect(page.getByText('SHOPPING AT - 60601')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(cartLine(page, shipped)).toBeVisible();
  await expect(cartLine(page, ribeye)).toBeVisible();
  await expect(cartLine(page, bones)).toHaveCount(0);
  await expect(page.getByText('Hey fill me, i am Empty')).toHaveCount(0);
});

test('KYC from a signed-in session with a cart returns to the cart with the KYC success message', async ({ page }) => {
  // Sign-up, a product, three photos and the face match: as long as the KYC journeys, on a machine shared with others.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterStoreAsNewCustomer(page, { firstName: 'Jane', lastName: 'Sample', email: uniqueEmail('jane.seams'), password: 'correct horse 1' });
  await addSameDayToCart(page, 'ribeye', ribeye);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  expect(await submitKyc(page, await idCardFront('14/03/1990'))).toMatchObject({ code: 1, data: { faceMatch: true } });
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(/^Kyc Successful Face Match is \d+(\.\d+)? %$/)).toBeVisible();
  await expect(page.getByText('Sign Up Successful - Please Sign In with your credentials.')).toHaveCount(0);
  // Still signed in, the cart still there.
  await expect(page.getByText('Hey , Jane').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.screenshot({ path: 'test-results/seams-kyc-cart.png' });
});

test('lines a new pincode cannot sell can be kept for the old one, and come back there', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const withBones = await addToCartThroughApi(await areaOf('10001'), newYorkOnly.query, bones);
  const { session, name: shipped } = await addCourierLine(withBones);
  await openWithSession(page, session, '/store');

  await changeZipTo(page, '60601');
  const away = page.getByRole('dialog', { name: 'Change to 60601?' });
  await away.getByRole('button', { name: 'Change to 60601 and keep 1 item for 10001' }).click();
  await expect(page.getByText('SHOPPING AT - 60601')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // Back in New York: the question says the bones come back, and they do.
  await changeZipTo(page, '10001');
  const back = page.getByRole('dialog', { name: 'Change to 10001?' });
  await expect(back.getByRole('region', { name: 'Back in your cart' })).toContainText('Kept for 10001, these come back to your cart:');
  await expect(back.getByRole('region', { name: 'Back in your cart' })).toContainText(bones);
  await back.getByRole('button', { name: 'Change to 10001', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(cartLine(page, bones)).toBeVisible();
  await expect(cartLine(page, shipped)).toBeVisible();
});

test('every line kept for the old pincode: the empty cart lists them under its message, badge 0, each removable', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const session = await addToCartThroughApi(await areaOf('10001'), newYorkOnly.query, bones);
  await openWithSession(page, session, '/store');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // Chicago cannot sell the New York butcher's marrow bones: kept for 10001, the cart itself is empty.
  await changeZipTo(page, '60601');
  await page.getByRole('dialog', { name: 'Change to 60601?' }).getByRole('button', { name: 'Change to 60601 and keep 1 item for 10001' }).click();
  await expect(page.getByText('SHOPPING AT - 60601')).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 0 items' }).click();
  await expect(page.getByRole('heading', { name: 'Hey fill me, i am Empty' })).toBeVisible();
  const kept = page.getByRole('region', { name: 'Kept for 10001' });
  await expect(kept).toContainText(bones);
  await expect(kept).toContainText('These come back to your cart when you choose 10001 again. They are kept until');
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CHECKOUT' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('seams-empty-cart-kept.png'), fullPage: true });

  // Removed: the section goes, on the server too (the reloaded cart lists nothing kept); the empty cart stays.
  await kept.getByRole('button', { name: `Remove ${bones} kept for 10001` }).click();
  await expect(kept).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Hey fill me, i am Empty' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hey fill me, i am Empty' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kept for 10001' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await page.getByRole('button', { name: 'Start Shopping' }).click();
  await expect(page).toHaveURL(/\/store$/);
});

test("kept lines show in the cart and can be removed; a seller's link opens its listing at its own prices, and the card adds its offer", async ({
  page,
}, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const withBones = await addToCartThroughApi(await areaOf('10001'), newYorkOnly.query, bones);
  const { session, name: shipped } = await addCourierLine(withBones);
  await openWithSession(page, session, '/store');

  // Chicago, keeping the New York butcher's marrow bones for 10001: the cart lists them in its own section.
  await changeZipTo(page, '60601');
  await page.getByRole('dialog', { name: 'Change to 60601?' }).getByRole('button', { name: 'Change to 60601 and keep 1 item for 10001' }).click();
  await expect(page.getByText('SHOPPING AT - 60601')).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  const kept = page.getByRole('region', { name: 'Kept for 10001' });
  await expect(kept).toContainText(bones);
  await expect(kept).toContainText('These come back to your cart when you choose 10001 again. They are kept until');
  await expect(cartLine(page, shipped)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('seams-kept-lines.png'), fullPage: true });

  // The courier's "Shop more from" opens a listing filtered by it, the filter shown ticked.
  const courierGroup = page.getByRole('listitem').filter({ has: cartLine(page, shipped) });
  const seller = (await courierGroup.getByRole('heading', { level: 2 }).innerText()).trim();
  await courierGroup.getByRole('link', { name: `Shop more from ${seller}` }).click();
  await expect(page).toHaveURL(/\/store\/category\/[^/]+\/[^/]+\/\d+\?vendor=\d+$/);
  const vendorGroup = page.getByRole('complementary', { name: 'Filters' }).getByRole('group', { name: 'Vendor' });
  await expect(vendorGroup.getByRole('checkbox', { name: seller })).toBeChecked();
  const products = page.getByRole('list', { name: 'Products' });
  const firstCard = products.getByRole('link').first();
  await expect(firstCard).toHaveAttribute('href', /\/store\/\d+\?vendor_loc_id=\d+$/);
  await page.screenshot({ path: testInfo.outputPath('seams-vendor-listing.png'), fullPage: true });

  // The card opens the product with the seller's offer chosen; ADD TO CART adds it to that seller's group.
  const chosen = ((await firstCard.getAttribute('href')) ?? '').match(/vendor_loc_id=(\d+)/)?.[1];
  await firstCard.click();
  await expect(page).toHaveURL(/vendor_loc_id=\d+$/);
  const added = page.waitForRequest((r) => r.url().includes('/api/cart/addtocart') && r.method() === 'POST');
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  expect((await added).postDataJSON()).toMatchObject({ vendor_loc_id: Number(chosen) });
  // A guest cart: the shopper is asked for an email first (spec), then the cart.
  await expect(page).toHaveURL(/\/guest\/register$/);
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();

  // Removing the kept bones takes the section away; the cart's lines stay.
  await page
    .getByRole('region', { name: 'Kept for 10001' })
    .getByRole('button', { name: `Remove ${bones} kept for 10001` })
    .click();
  await expect(page.getByRole('region', { name: 'Kept for 10001' })).toHaveCount(0);
  await expect(cartLine(page, shipped)).toBeVisible();
});

test('a new delivery option asks before the cart changes: Keep changes nothing, the lines can wait for Delivery and come back, a dine-in line goes to Delivery at its price there', async ({
  page,
}) => {
  // Sign-up, three visits to /ship/options and a dine-in line: longer than the default on a shared machine.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  // Signed in: a dine-in line needs an account.
  const customer = await newCustomer('seams-option');
  await openWithSession(page, await addToCartThroughApi(customer.session, chicken, chicken), '/store');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // No restaurant sells the butcher's delivered chicken: asked first, nothing stored yet.
  await fillVisit(page, 'Dine-In', '4 star', 'Gramercy Chop House', '7:00 PM');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  const question = page.getByRole('dialog', { name: 'Change to Dine-In?' });
  const leaving = question.getByRole('alert', { name: 'Leaving your cart' });
  await expect(leaving).toContainText('Dine-In cannot sell these, so they will be removed from your cart:');
  await expect(leaving).toContainText(chicken);
  await page.screenshot({ path: 'test-results/seams-option-question.png' });
  await question.getByRole('button', { name: 'Keep Delivery and my whole cart' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/ship\/options$/);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // Changed, the chicken kept for Delivery: the store opens for Dine-In with an empty cart.
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await question.getByRole('button', { name: 'Change to Dine-In and keep 1 item for Delivery' }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  // The cart lists the chicken as kept for Delivery, the option it is sold for, not 'for 10001' (the zip she is at).
  await page.getByRole('link', { name: 'Cart, 0 items' }).click();
  await expect(page.getByRole('region', { name: 'Kept for Delivery' })).toContainText(chicken);
  await expect(page.getByRole('region', { name: 'Kept for 10001' })).toHaveCount(0);

  // A dine-in line, then Delivery again: the chicken comes back, and the ribeye (sold for delivery in 10001) stays,
  // named with its dine-in and delivery prices before anything moves; nothing leaves.
  await addDineIn(page, 'ribeye', ribeye);
  await expect(cartLine(page, ribeye)).toBeVisible();
  // '500 g · $65.79 each': the dine-in price the question starts from.
  const [dineInPrice] = /\$[\d,]+\.\d{2}/.exec(await page.getByText(/ · \$[\d,]+\.\d{2} each$/).innerText()) ?? [];
  await fillDelivery(page);
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  const toDelivery = page.getByRole('dialog', { name: 'Change to Delivery?' });
  await expect(toDelivery.getByRole('region', { name: 'Back in your cart' })).toContainText(chicken);
  await expect(toDelivery.getByRole('region', { name: 'Staying in your cart' })).toContainText('Everything in your cart comes with you to Delivery:');
  await expect(toDelivery.getByRole('region', { name: 'Staying in your cart' })).toContainText(ribeye);
  await expect(toDelivery.getByRole('alert', { name: 'Leaving your cart' })).toHaveCount(0);
  const priceChange = toDelivery.getByRole('region', { name: 'Price changes' });
  await expect(priceChange).toContainText('New prices with Delivery:');
  const changed = priceChange.getByRole('listitem');
  await expect(changed).toHaveText(new RegExp(`^${ribeye}: \\$[\\d,]+\\.\\d{2} → \\$[\\d,]+\\.\\d{2}$`));
  const [, from, to] = /: (\S+) → (\S+)$/.exec(await changed.innerText()) ?? [];
  expect(from).toBe(dineInPrice);
  expect(to).not.toBe(from);
  await page.screenshot({ path: 'test-results/seams-option-back.png' });
  // Nothing moved before the answer: the cart still holds the dine-in line alone.
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await toDelivery.getByRole('button', { name: 'Change to Delivery', exact: true }).click();
  await expect(page).toHaveURL(/\/store$/);
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(cartLine(page, chicken)).toBeVisible();
  await expect(cartLine(page, ribeye)).toBeVisible();
  await expect(page.getByText(` · ${to} each`)).toBeVisible();
});

test("Pick-Up at a restaurant that sells the delivered ribeye keeps it: nothing is named as leaving, and it costs the restaurant's price", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer('seams-pickup');
  await openWithSession(page, await addToCartThroughApi(customer.session, 'ribeye', ribeye), '/store');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await fillVisit(page, 'Pick-Up', '4 star', 'Gramercy Chop House', '1:00 PM');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  const question = page.getByRole('dialog', { name: 'Change to Pick-Up?' });
  await expect(question.getByRole('region', { name: 'Staying in your cart' })).toContainText(ribeye);
  await expect(question).toContainText('Everything in your cart comes with you to Pick-Up:');
  await expect(question.getByRole('alert', { name: 'Leaving your cart' })).toHaveCount(0);
  // The butcher's price and Gramercy's, named before anything moves (checked against its product page below).
  const priceChange = question.getByRole('region', { name: 'Price changes' }).getByRole('listitem');
  await expect(priceChange).toHaveText(new RegExp(`^${ribeye}: \\$[\\d,]+\\.\\d{2} → \\$[\\d,]+\\.\\d{2}$`));
  const [, pickUpPrice] = / → (\S+)$/.exec(await priceChange.innerText()) ?? [];
  // QA walk 3: the new seller's line was said to have its "delivery date and time" chosen again, on a pick-up.
  const sellers = question.getByRole('region', { name: 'Seller changes' });
  await expect(sellers).toContainText(`${ribeye} comes from Gramercy Chop House there`);
  await expect(sellers).toContainText('They are ready at the pick-up time you chose.');
  await expect(sellers).not.toContainText('delivery');
  await page.screenshot({ path: 'test-results/seams-pickup-question.png' });
  await question.getByRole('button', { name: 'Change to Pick-Up', exact: true }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // Gramercy's pick-up price for the ribeye's first size, as its product page shows it, is what the cart charges.
  await page.goto('/store/search?q=ribeye');
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('link', { name: new RegExp(ribeye) })
    .first()
    .click();
  await expect(page.getByRole('combobox', { name: 'SPEED' })).toHaveText(/Pick-Up/);
  const price = page.getByLabel('Price');
  await expect(price).toHaveText(/^\$\d/);
  const gramercyPrice = await price.innerText();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(cartLine(page, ribeye)).toBeVisible();
  await expect(page.getByText(`${gramercyPrice} each`)).toBeVisible();
  expect(pickUpPrice).toBe(gramercyPrice);
});

test('the change question scrolls inside a short window: at 780 × 437 its buttons are reachable (walk 8 #5)', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer('seams-short-window');
  const withRibeye = await addToCartThroughApi(customer.session, 'ribeye', ribeye);
  await openWithSession(page, await addToCartThroughApi(withRibeye, 'filet mignon', 'Filet Mignon, Center Cut'), '/store');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await fillVisit(page, 'Pick-Up', '4 star', 'Gramercy Chop House', '1:00 PM');
  // The window of a browser tab opened by a tool (walk 8): before, the question was 678 px tall, its buttons below it.
  await page.setViewportSize({ width: 780, height: 437 });
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  const question = page.getByRole('dialog', { name: 'Change to Pick-Up?' });
  await expect(question.getByRole('region', { name: 'Price changes' })).toBeVisible();
  const box = await question.boundingBox();
  expect(box && box.y).toBeGreaterThanOrEqual(0);
  expect(box && box.y + box.height).toBeLessThanOrEqual(437);
  for (const name of ['Keep Delivery and my whole cart', 'Change to Pick-Up']) {
    const button = question.getByRole('button', { name, exact: true });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await page.screenshot({ path: 'test-results/seams-short-window-question.png' });
  await question.getByRole('button', { name: 'Change to Pick-Up', exact: true }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('a new pincode in another area names the Pick-Up it ends before anything moves, and the cart goes to Delivery as said', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer('seams-zip-ends-pickup');
  await openWithSession(page, customer.session, '/store');
  await pickUpRibeye(page);
  await changeZipTo(page, '60614');
  const question = page.getByRole('dialog', { name: 'Change to 60614?' });
  // QA walk 3: the question said only 'Everything in your cart comes with you', and the pick-up ended unsaid.
  await expect(question.getByRole('alert').first()).toHaveText(
    'Your Pick-Up at Gramercy Chop House ends: at 60614 your cart is on Delivery, and your items come by delivery.',
  );
  await expect(question.getByRole('region', { name: 'Seller changes' })).toContainText('Their delivery date and time will be chosen again.');
  await page.screenshot({ path: 'test-results/seams-zip-ends-pickup.png' });
  await question.getByRole('button', { name: 'Change to 60614', exact: true }).click();
  await expect(page.getByText('SHOPPING AT - 60614')).toBeVisible();
  await expect(page.getByText(/DELIVERY/).first()).toBeVisible();
});

test('lines kept for Delivery while Dine-In is ordered are not lost: after the order they are back in the next cart', async ({ page }) => {
  // Sign-up, a visit to /ship/options, a dine-in line and a whole checkout: longer than the default on a shared machine.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer('seams-kept-order');
  await openWithSession(page, await addToCartThroughApi(customer.session, chicken, chicken), '/store');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // Dine-In, the delivered chicken (no restaurant sells it) kept for Delivery; a dine-in ribeye ordered, paid by card
  // (a table is not offered Payment on Delivery).
  await fillVisit(page, 'Dine-In', '4 star', 'Gramercy Chop House', '7:00 PM');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await page
    .getByRole('dialog', { name: 'Change to Dine-In?' })
    .getByRole('button', { name: 'Change to Dine-In and keep 1 item for Delivery' })
    .click();
  await expect(page).toHaveURL(/\/store$/);
  await addDineIn(page, 'ribeye', ribeye);
  await expect(page.getByRole('region', { name: 'Kept for Delivery' })).toContainText(chicken);
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/cart\/card$/);
  await addCardWithBilling(page);
  await placeAndConfirm(page);

  // The store is on Delivery again, and the chicken kept for it is in the shopper's next cart, no longer aside.
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(cartLine(page, chicken)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kept for Delivery' })).toHaveCount(0);
  await expect(page.getByText('Hey fill me, i am Empty')).toHaveCount(0);
});

test("the switch question keeps lines for the option they were bought for, the account's cart's, not the one this tab remembered (walk 9)", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer('seams-kept-for-own');
  // Another browser filled the account's cart on Delivery: a chicken no restaurant sells.
  await addToCartThroughApi(customer.session, chicken, chicken);
  // This tab remembered Pick-Up at Gramercy Chop House and holds no cart of its own.
  const pickUpAtGramercy = {
    couriertype: 'pickup',
    shippingType: 'pick-up',
    pickup: 1,
    retailer: 401,
    retailer_name: 'Gramercy Chop House',
    vendor_location_id: 401,
  } as const;
  await openWithSession(page, { ...customer.session, total_products_in_cart: 0, ...pickUpAtGramercy }, '/ship/options');
  await expect(page.getByRole('heading', { name: 'Choose a Delivery Options' })).toBeVisible();
  await page.getByRole('radio', { name: /Dine-In/ }).click();
  await page.getByRole('button', { name: '4 star', exact: true }).click();
  await choose(page, 'Retailer', 'Gramercy Chop House (4 star)');
  await chooseTomorrow(page);
  await choose(page, 'Time', '7:00 PM');
  await page.getByRole('button', { name: 'CONTINUE' }).click();

  // The chicken was bought for Delivery: the question keeps it for Delivery (it said 'for Pick-Up', this tab's option).
  const question = page.getByRole('dialog', { name: 'Change to Dine-In?' });
  const keep = question.getByRole('button', { name: 'Change to Dine-In and keep 1 item for Delivery' });
  await expect(keep).toBeVisible();
  await expect(question.getByRole('button', { name: /keep 1 item for Pick-Up/ })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/seams-switch-keeps-for-own-option.png' });
  await keep.click();
  await expect(page).toHaveURL(/\/store$/);
  // The cart's kept section says the same option.
  await page.goto('/cart');
  await expect(page.getByRole('region', { name: 'Kept for Delivery' })).toContainText(chicken);
});

test('the cart page asks on the option the shopper is on; a kept line with none in stock is named as not available and can be removed (QA walk 3)', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer('seams-kept-stock');
  await openWithSession(page, await addToCartThroughApi(customer.session, chicken, chicken), '/store');
  await fillVisit(page, 'Dine-In', '4 star', 'Gramercy Chop House', '7:00 PM');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await page
    .getByRole('dialog', { name: 'Change to Dine-In?' })
    .getByRole('button', { name: 'Change to Dine-In and keep 1 item for Delivery' })
    .click();
  await expect(page).toHaveURL(/\/store$/);

  // The cart is read on Dine-In at Gramercy (lines kept for that option would come back); the chicken's offer is
  // answered as sold out, as the walk's salmon was (the journeys' store keeps every offer deep; cart-kept-lines.test.ts
  // checks the server's side: the line comes back on Delivery once restocked).
  await changedOnce(page, '/api/cart/showcart', (json) => {
    assert(json, cartReply);
    if (!json.data) return json;
    return { ...json, data: { ...json.data, kept_lines: (json.data.kept_lines ?? []).map((l) => ({ ...l, in_stock: false })) } };
  });
  const read = page.waitForRequest((request) => request.url().includes('/api/cart/showcart'));
  await page.goto('/cart');
  expect((await read).postDataJSON()).toMatchObject({ courier_type: 'dine-in', vendor_location_id: expect.any(Number) });
  const kept = page.getByRole('region', { name: 'Kept for Delivery' });
  await expect(kept).toContainText(chicken);
  await expect(kept).toContainText(keptLineUnavailable);
  await page.screenshot({ path: 'test-results/seams-kept-unavailable.png' });
  await kept.getByRole('button', { name: `Remove ${chicken} kept for Delivery` }).click();
  await expect(kept).toHaveCount(0);
});

test('a pick-up reads as one: no Delivery Fee or Driver Tip in the cart, the summary or the order, and "Picked up" once handed over', async ({
  page,
}) => {
  // Sign-up, a visit to /ship/options, a card, the checkout and four moves by the store: longer than the default.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer('seams-picked-up');
  await openWithSession(page, customer.session, '/store');
  await pickUpRibeye(page);

  // Nobody delivers a pick-up and no driver is tipped: the price summaries list only what can apply to it.
  const visitRows = ['Subtotal', 'Discount', 'Taxes', 'Fees', 'Grand Total'];
  const summaryTerms = page.getByRole('region', { name: 'Price summary' }).locator('dt');
  await expect(summaryTerms).toHaveText(visitRows);
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/cart\/card$/);
  await addCardWithBilling(page);
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(summaryTerms).toHaveText(visitRows);
  const orderId = await placeAndConfirm(page);

  // The restaurant accepts, packs (weighing the ribeye), readies and hands it over.
  await handOverPickUp(orderId);
  await page.goto(`/order/status?orderId=${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Picked up');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: ribeye });
  await expect(row.locator('[data-label="STATUS"]')).toHaveText('Picked up');
  await expect(page.getByLabel('Order totals').locator('dt')).toHaveText(['Subtotal', 'Discount', 'Taxes', 'Fees', /Total$/]);
  // The weighed line's note says its estimate and weight; what it cost is its TOTAL, beside it, not said again.
  const note = row.getByTestId('line-note');
  await expect(note).toHaveText(/^about .* · weighed [\d.]+ lb$/);
  await page.screenshot({ path: 'test-results/seams-picked-up-status.png', fullPage: true });
});

test('a cart ordered in another tab: the other tabs learn it, go back to the cart with a word, and show the cart of now', async ({
  page,
  context,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer('seams-two-tabs');
  await openWithSession(page, customer.session, '/store');
  // Pick-Up: paid at the counter (Payment on Delivery), so no card is needed in either tab.
  await pickUpRibeye(page);

  // Two more tabs of the same browser: one goes on to the payment tab, one stays on the cart.
  const checkingOut = await context.newPage();
  await checkingOut.goto('/cart');
  await expect(cartLine(checkingOut, ribeye)).toBeVisible();
  await checkingOut.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(checkingOut).toHaveURL(/\/cart\/card$/);
  const onCart = await context.newPage();
  await onCart.goto('/cart');
  await expect(cartLine(onCart, ribeye)).toBeVisible();

  // The first tab orders the cart.
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await page.getByRole('radio', { name: 'Payment on Delivery' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await placeAndConfirm(page);

  // The checking-out tab is back on the cart, told the cart was ordered: the placed Pick-Up reset the stored option,
  // which an open checkout follows, and it reads the cart before it says the option changed (decision 086 left).
  const emptyCart = checkingOut.getByRole('heading', { name: 'Hey fill me, i am Empty' });
  await expect(checkingOut).toHaveURL(/\/cart$/);
  await expect(checkingOut.getByRole('alert').filter({ hasText: cartOrderedMessage })).toBeVisible();
  await expect(checkingOut.getByText('Your delivery option changed in another tab', { exact: false })).toHaveCount(0);
  await expect(emptyCart).toBeVisible();
  await expect(checkingOut.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(checkingOut.getByRole('button', { name: 'CHECKOUT' })).toHaveCount(0);

  // The tab on the cart learns it when it takes the focus again (Playwright keeps every page focused: the event is sent).
  await onCart.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(onCart.getByRole('alert').filter({ hasText: cartOrderedMessage })).toBeVisible();
  await expect(onCart.getByRole('heading', { name: 'Hey fill me, i am Empty' })).toBeVisible();
  await expect(onCart.getByRole('button', { name: 'CHECKOUT' })).toHaveCount(0);
});

test('one customer in two browsers: one cart of now in both, before and after an order placed in one of them', async ({ page, browser }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer('seams-two-browsers');
  await openWithSession(page, customer.session, '/store');
  await pickUpRibeye(page);

  // Another browser signed in to the same account, holding no cart of its own: its cart page opens the account's cart.
  const other = await browser.newContext();
  try {
    const elsewhere = await other.newPage();
    await openWithSession(elsewhere, customer.session, '/cart');
    await expect(cartLine(elsewhere, ribeye)).toBeVisible();

    // The first browser orders it; back in the other one, the cart says so and is empty.
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await page.getByRole('radio', { name: 'Payment on Delivery' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await placeAndConfirm(page);
    await elsewhere.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(elsewhere.getByRole('alert').filter({ hasText: cartOrderedMessage })).toBeVisible();
    await expect(elsewhere.getByRole('heading', { name: 'Hey fill me, i am Empty' })).toBeVisible();

    // The other browser starts the next cart; the browser that ordered shows that same cart, and adds to it.
    await addSameDayToCart(elsewhere, 'chicken', chicken);
    await expect(cartLine(elsewhere, chicken)).toBeVisible();
    await page.goto('/cart');
    await expect(cartLine(page, chicken)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await addSameDayToCart(page, 'strip', strip);
    await expect(cartLine(page, strip)).toBeVisible();
    await expect(cartLine(page, chicken)).toBeVisible();

    // One cart: the other browser, back on its cart, shows both lines.
    await elsewhere.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(cartLine(elsewhere, strip)).toBeVisible();
    await expect(cartLine(elsewhere, chicken)).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a reload on the speed tab shows the speed and date chosen there, as going Back from payment does', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The seeded store offers one speed per cart: its answer widened to three (faults.ts), on each of the three loads.
  await changedOnce(page, '/api/shipping', threeSpeeds, 3);
  await openCheckoutAt(page, await ribeyeCustomer('seams.speed-reload'));
  await homeAndContinue(page);
  const speed = page.getByRole('combobox', { name: 'Select Speed' });
  const date = page.getByRole('combobox', { name: 'Select Date' });
  await expect(speed).toContainText('1 Hour Delivery');
  await choose(page, 'Select Speed', 'Courier Delivery (2 ~ 3 DAYS)');
  await date.click();
  await page.getByRole('option').last().click();
  await expect(date).toContainText('Second day');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Payment Options' })).toBeVisible();

  // Back on the speed tab: her choice, not 1 Hour Delivery.
  await page.getByRole('tabpanel').getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose Delivery Slots' })).toBeVisible();
  await expect(speed).toContainText('Courier Delivery');
  await expect(date).toContainText('Second day');

  // Reloaded there (same tab): the speed tab itself opens with them.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Choose Delivery Slots' })).toBeVisible();
  await expect(speed).toContainText('Courier Delivery');
  await expect(date).toContainText('Second day');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Payment Options' })).toBeVisible();
});

test('a reload on the speed tab before CONTINUE keeps the speed and date picked there, and a change made after Back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The seeded store offers one speed per cart: its answer widened to three (faults.ts), on each of the four loads.
  await changedOnce(page, '/api/shipping', threeSpeeds, 4);
  await openCheckoutAt(page, await ribeyeCustomer('seams.speed-unsaved'));
  await homeAndContinue(page);
  const speed = page.getByRole('combobox', { name: 'Select Speed' });
  const date = page.getByRole('combobox', { name: 'Select Date' });
  await expect(speed).toContainText('1 Hour Delivery');
  await choose(page, 'Select Speed', 'Courier Delivery (2 ~ 3 DAYS)');
  await date.click();
  await page.getByRole('option', { name: /Second day/ }).click();
  await expect(date).toContainText('Second day');

  // Reloaded (or the phone discarded the tab) before CONTINUE: her choice, not 1 Hour Delivery.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Choose Delivery Slots' })).toBeVisible();
  await expect(speed).toContainText('Courier Delivery');
  await expect(date).toContainText('Second day');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Payment Options' })).toBeVisible();

  // Back from payment, the first day picked instead and reloaded: the first day, not the second she went on with.
  await page.getByRole('tabpanel').getByRole('button', { name: 'Back', exact: true }).click();
  await expect(date).toContainText('Second day');
  await date.click();
  await page.getByRole('option', { name: /First day/ }).click();
  await expect(date).toContainText('First day');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Choose Delivery Slots' })).toBeVisible();
  await expect(speed).toContainText('Courier Delivery');
  await expect(date).toContainText('First day');
});

test('a cart of two sellers: the speed tab names both under Select Retailer, each with its address, not one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const twoSellers = await addToCartThroughApi(await ribeyeCustomer('seams.two-sellers-speed'), 'salmon', 'Atlantic Salmon Fillet, Skin-On');
  await openCheckoutAt(page, twoSellers);
  await homeAndContinue(page);
  await expect(page.getByRole('combobox', { name: 'Select Speed' })).toContainText('1 Hour Delivery');
  const sellers = page.getByRole('list', { name: 'Select Retailer' }).getByRole('listitem');
  await expect(sellers).toHaveCount(2);
  await expect(sellers.filter({ hasText: 'Hudson Street Butchers — West Village' })).toContainText('512 Hudson St');
  await expect(sellers.filter({ hasText: 'Fulton Fish Co. — Lower East Side' })).toContainText('88 Essex St');
  // A delivery brings both sellers' lines: nothing to pick.
  await expect(page.getByRole('combobox', { name: 'Select Retailer' })).toHaveCount(0);
});

test('a courier cart: the speed tab names its seller under Select Retailer with its address, not "—"', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { session } = await addCourierLine((await newCustomer('seams.courier-seller')).session);
  await scheduleThroughApi(session);
  await saveHomeThroughApi(session);
  await openCheckoutAt(page, session);
  await homeAndContinue(page);
  await expect(page.getByRole('combobox', { name: 'Select Speed' })).toContainText('Courier Delivery');
  const sellers = page.getByRole('list', { name: 'Select Retailer' }).getByRole('listitem');
  await expect(sellers).toHaveCount(1);
  // The seller the date block below names, with its shop's address (a street, a zip).
  const vendor = (await page.getByRole('heading', { level: 4 }).first().textContent()) ?? '';
  expect(vendor).not.toBe('');
  await expect(sellers.first()).toContainText(vendor);
  await expect(sellers.first()).toContainText(/ · .+ \d{5}$/);
});

test('a new pincode names what a move caps at the new offer’s stock and what cannot move for want of stock', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  let session = await addToCartThroughApi(await areaOf('10001'), 'ribeye', ribeye);
  session = await addToCartThroughApi(session, 'ribeye', ribeye);
  session = await addToCartThroughApi(session, newYorkOnly.query, bones);
  await openWithSession(page, session, '/store');
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  // The server's answer as it comes when Chicago's ribeye has 1 left and the bones' offer none (the journeys' store
  // keeps every offer deep; offer-moves-stock.test.ts checks the server's side).
  await changedOnce(page, '/api/cart/movearea', (json) => {
    assert(json, moveAreaReply);
    if (!json.data) return json;
    const capped = (line: AreaLine, qty: number) => (line.name === ribeye ? { ...line, new_qty: qty } : line);
    return {
      ...json,
      data: {
        ...json.data,
        keep: json.data.keep.map((l) => capped(l, 1)),
        drop: json.data.drop.map((l) => (l.name === bones ? { ...l, new_qty: 0 } : l)),
      },
    };
  });
  await changeZipTo(page, '60601');
  const question = page.getByRole('dialog', { name: 'Change to 60601?' });
  const quantities = question.getByRole('region', { name: 'Quantity changes' });
  await expect(quantities).toContainText('Quantities with 60601:');
  await expect(quantities.getByRole('listitem')).toHaveText([
    `${ribeye}: 1 instead of 2 (the most we can sell)`,
    `${bones}: none left in stock, so it cannot move`,
  ]);
  await question.getByRole('button', { name: 'Keep 10001 and my whole cart' }).click();
  await expect(question).toBeHidden();
});

test('kept lines coming back name what their stock caps, and one with none in stock stays kept, not listed as back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  let session = await addToCartThroughApi(await areaOf('10001'), newYorkOnly.query, bones);
  session = await addToCartThroughApi(session, newYorkOnly.query, bones);
  const { session: withCourier } = await addCourierLine(session);
  await openWithSession(page, withCourier, '/store');
  await changeZipTo(page, '60601');
  const away = page.getByRole('dialog', { name: 'Change to 60601?' });
  await away.getByRole('button', { name: 'Change to 60601 and keep 1 item for 10001' }).click();
  await expect(page.getByText('SHOPPING AT - 60601')).toBeVisible();

  // The server's answer as it comes when the bones' offer has 1 left, then none (the journeys' store keeps every offer
  // deep; cart-area.test.ts checks the server's side).
  const restoreWith = (qty: number) => (json: Record<string, unknown>) => {
    assert(json, moveAreaReply);
    if (!json.data) return json;
    return { ...json, data: { ...json.data, restore: (json.data.restore ?? []).map((l) => (l.name === bones ? { ...l, new_qty: qty } : l)) } };
  };
  await changedOnce(page, '/api/cart/movearea', restoreWith(1));
  await changeZipTo(page, '10001');
  const back = page.getByRole('dialog', { name: 'Change to 10001?' });
  await expect(back.getByRole('region', { name: 'Quantity changes' }).getByRole('listitem')).toHaveText([
    `${bones}: 1 instead of 2 (the most we can sell)`,
  ]);
  await expect(back.getByRole('region', { name: 'Back in your cart' })).toContainText(bones);
  await back.getByRole('button', { name: 'Keep 60601 and my whole cart' }).click();
  await expect(back).toBeHidden();

  await changedOnce(page, '/api/cart/movearea', restoreWith(0));
  await changeZipTo(page, '10001');
  const none = page.getByRole('dialog', { name: 'Change to 10001?' });
  await expect(none.getByRole('region', { name: 'Quantity changes' }).getByRole('listitem')).toHaveText([
    `${bones}: none in stock now, so it stays kept`,
  ]);
  await expect(none.getByRole('region', { name: 'Back in your cart' })).toHaveCount(0);
  await none.getByRole('button', { name: 'Keep 60601 and my whole cart' }).click();
  await expect(none).toBeHidden();
});

/** The price ranges a listing's cards fall in (each card's lowest price), in the panel's words. */
function cardRanges(data: ListingData): string[] {
  const lowest = data.products.map((p) => Math.min(...p.child.map((c) => dollarsToCents(c.price) ?? Number.POSITIVE_INFINITY)));
  return priceBuckets
    .filter((b) => lowest.some((cents) => cents >= b.minCents && (b.maxCents === undefined || cents < b.maxCents)))
    .map(priceBucketLabel);
}

test("a seller's listing (the vendor filter) offers the price ranges of the seller's own prices, not the area's", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const session = await areaOf('10001');
  // Shellfish from the courier (vendor 9): its prices start at $10, while the area's start under it.
  const [shellfish, courierVendor] = [1006, 9];
  const listed = async (extra: Record<string, unknown>) => {
    const reply = listingReply.create(
      await postJson('/connect/index/filters', {
        zipcode: session.zipcode,
        loc_id: session.location,
        parent_category_id: shellfish,
        page: 0,
        limit: 50,
        ...extra,
      }),
    );
    if (!reply.data) throw new Error('no listing');
    return reply.data;
  };
  const seller = cardRanges(await listed({ vendor: [courierVendor] }));
  const area = cardRanges(await listed({ minprice: 0 }));
  // The case is one where they differ (else the page could not tell them apart).
  expect(seller.length).toBeGreaterThan(0);
  expect(seller).not.toEqual(area);

  await openWithSession(page, session, withVendorQuery(categoryPath('Shellfish', shellfish), [courierVendor]));
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters.getByRole('group', { name: 'Vendor' }).getByRole('checkbox').first()).toBeChecked();
  await expect(filters.getByRole('group', { name: 'Price' }).getByRole('listitem')).toHaveText(seller);
});
