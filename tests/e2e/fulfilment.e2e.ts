import type { Page } from '@playwright/test';
import { addAddress, addCard, chooseSpeed, placeOrder } from './checkout-steps.ts';
import { expect, test } from './fixtures.ts';
import { addSameDayToCart, enterStore, scheduleFirstGroupAndCheckout, solveCaptcha, uniqueEmail } from './steps.ts';
import { e2eSeller } from './store-users.ts';

/**
 * Issue 24: a shopper's order runs through the store's side. A guest pays for a Same Day ribeye; the seller (made by
 * prepare-store.ts with the function `npm run users -- add` calls) signs in through the usual sign-in with its
 * captcha, opens /seller, accepts, picks, packs with a weight, hands to the driver and marks it delivered, while the
 * shopper's /order/status shows each step on its timeline.
 */

async function placeGuestOrder(page: Page): Promise<string> {
  await enterStore(page);
  await addSameDayToCart(page, 'ribeye', 'USDA Prime Ribeye Steak');
  await expect(page).toHaveURL(/\/guest\/register$/);
  await page.getByRole('main').getByLabel('Email').fill(uniqueEmail('fulfilment'));
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await scheduleFirstGroupAndCheckout(page);
  await addAddress(page);
  await chooseSpeed(page);
  await addCard(page, '4242 4242 4242 4242');
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Order Placed.' })).toBeVisible({ timeout: 20_000 });
  return ((await page.getByText(/^Order ID: \d+/).innerText()).match(/\d+/) ?? [''])[0];
}

async function sellerSignsIn(page: Page): Promise<void> {
  await enterStore(page);
  await page.goto('/signIn');
  const form = page.getByRole('main');
  await form.getByLabel('Email or mobile').fill(e2eSeller.email);
  await form.getByLabel('Password', { exact: true }).fill(e2eSeller.password);
  const submit = form.getByRole('button', { name: 'SIGN IN' });
  await solveCaptcha(page, submit);
  await submit.click();
  await expect(page).toHaveURL(/\/store$/);
  await page.goto('/seller');
  await expect(page.getByRole('heading', { name: 'SELLER CONSOLE' })).toBeVisible();
}

/** The shopper's timeline shows `label` as its latest step (the page is read again, as its refresh would). */
async function shopperSees(page: Page, label: string): Promise<void> {
  await page.reload();
  const timeline = page.getByRole('list', { name: 'Order timeline' });
  await expect(timeline.locator('li[aria-current="step"]')).toContainText(label);
}

test('a seller accepts, picks, packs with a weight, hands over and delivers; the shopper sees each step', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const orderId = await placeGuestOrder(page);
  await page.goto(`/order/status?orderId=${orderId}`);
  await expect(page.getByRole('list', { name: 'Order timeline' })).toContainText('Order placed');

  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  try {
    await sellerSignsIn(seller);
    const card = seller.getByRole('article', { name: `ORDER #${orderId}` });
    await expect(card).toBeVisible();
    await expect(seller.getByRole('region', { name: 'Pick list' })).toContainText('USDA Prime Ribeye Steak');

    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card.getByTestId('fulfilment-state')).toHaveText('Accepted by the seller');
    await shopperSees(page, 'Accepted by the seller');

    await card.getByRole('button', { name: 'Start picking' }).click();
    await expect(card.getByTestId('fulfilment-state')).toHaveText('Being picked');
    await shopperSees(page, 'Being picked');

    // Packing asks the weight of the steak (sold by weight); without it the server names the line and nothing moves.
    await card.getByRole('button', { name: 'Packed' }).click();
    await expect(card.getByRole('alert')).toHaveText(/^weights\[0\]\.item_id: Please weigh every line sold by weight\. \(line \d+\)$/);
    await card
      .getByLabel(/^Weight of USDA Prime Ribeye Steak/)
      .first()
      .fill('462');
    await seller.screenshot({ path: 'test-results/fulfilment-packing.png', fullPage: true });
    await card.getByRole('button', { name: 'Packed' }).click();
    await expect(card.getByTestId('fulfilment-state')).toHaveText('Packed');
    await expect(card).toContainText('weighed 462 g');
    await shopperSees(page, 'Packed');

    await card.getByRole('button', { name: 'Hand to driver' }).click();
    await expect(card.getByTestId('fulfilment-state')).toHaveText('Out for delivery');
    await shopperSees(page, 'Out for delivery');

    await card.getByRole('button', { name: 'Delivered' }).click();
    await expect(card.getByTestId('fulfilment-state')).toHaveText('Delivered');
    await expect(card.getByRole('button')).toHaveCount(0);
    await shopperSees(page, 'Delivered');
    await page.screenshot({ path: 'test-results/fulfilment-order-status.png', fullPage: true });
  } finally {
    await sellerContext.close();
  }
});
