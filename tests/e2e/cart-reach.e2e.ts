import type { Page } from '@playwright/test';
import { answeredOnce, heldOnce, connectionLostOnce } from './faults.ts';
import { expect, test } from './fixtures.ts';
import { addCourierLine, addToCartThroughApi, clearThroughApi, newCustomer, openWithSession } from './journeys/shoppers.ts';

/**
 * The cart page's line queue and coupon box (cartLines, cartCoupon) in the browser, their error transitions and the
 * clicks made while a request is out taken with faults and held answers the journeys inject (faults.ts;
 * docs/decisions/048-reach-by-faults.md). Each test is named from the descriptions of the transitions it takes.
 */

const steak = 'USDA Prime Ribeye Steak';
const poultry = 'Boneless Skinless Chicken Thighs';
const increase = (page: Page, name: string) => page.getByRole('button', { name: `Increase quantity of ${name}` }).click();
const remove = (page: Page, name: string) => page.getByRole('button', { name: `Remove ${name}` }).click();
const removeButton = (page: Page, name: string) => page.getByRole('button', { name: `Remove ${name}` });

/** Her cart of a ribeye, chicken thighs and a Next Day steak, opened at /cart. */
async function openHerCart(page: Page) {
  const customer = await newCustomer('reach.cart');
  const withSteak = await addToCartThroughApi(customer.session, 'ribeye', steak);
  const withChicken = await addToCartThroughApi(withSteak, 'chicken thighs', poultry);
  const { session, name } = await addCourierLine(withChicken);
  await openWithSession(page, session, '/cart');
  await expect(removeButton(page, steak)).toBeVisible();
  return { session, courier: name };
}

test.describe('cart lines and coupon (reach by faults)', () => {
  test('a removal could not be saved (offline), then refused; quantities changed and an item removed while a change is sent, and while a removal is sent: they wait their own pause', async ({
    page,
  }) => {
    const { courier } = await openHerCart(page);
    // No answer: the line goes back; refused: the line goes back and the cart shows the message.
    await connectionLostOnce(page, '/api/cart/deleteitem');
    await remove(page, poultry);
    await expect(removeButton(page, poultry)).toBeVisible();
    await answeredOnce(page, '/api/cart/deleteitem', { code: -1, message: 'This item cannot be removed right now.' });
    await remove(page, poultry);
    await expect(page.getByRole('alert').filter({ hasText: 'This item cannot be removed right now.' }).first()).toBeVisible();
    await expect(removeButton(page, poultry)).toBeVisible();

    // A quantity is sent (held): another change and a removal wait for the next round.
    const updating = await heldOnce(page, '/api/cart/updateitem');
    await increase(page, steak);
    await updating.arrived;
    await increase(page, steak);
    await remove(page, courier);
    updating.release();
    await expect(removeButton(page, courier)).toHaveCount(0);

    // A removal is sent (held): a quantity change and another removal wait for the next round.
    const deleting = await heldOnce(page, '/api/cart/deleteitem');
    await remove(page, poultry);
    await deleting.arrived;
    await increase(page, steak);
    await remove(page, steak);
    deleting.release();
    await expect(page.getByText('Hey fill me, i am Empty')).toBeVisible();
  });

  test('an item removed during the quantity pause is saved at once; the coupon could not be removed (offline); the cart no longer open when it is removed', async ({
    page,
  }) => {
    const { session } = await openHerCart(page);
    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByRole('button', { name: 'APPLY' }).click();
    await expect(page.getByText('Applied:')).toBeVisible();
    await expect(page.getByRole('button', { name: 'REMOVE', exact: true })).toBeEnabled();

    // A quantity change, then a removal within its pause: sent at once with it.
    await increase(page, steak);
    await remove(page, poultry);
    await expect(removeButton(page, poultry)).toHaveCount(0);

    await connectionLostOnce(page, '/api/cart/showcart');
    await page.getByRole('button', { name: 'REMOVE', exact: true }).click();
    await expect(page.getByRole('button', { name: 'REMOVE', exact: true })).toBeEnabled();
    await expect(page.getByText('Applied:')).toBeVisible();

    // Ordered in another tab: the cart is closed; REMOVE finds it gone and the empty cart shows.
    await clearThroughApi(session);
    await page.getByRole('button', { name: 'REMOVE', exact: true }).click();
    await expect(page.getByText('Hey fill me, i am Empty')).toBeVisible();
  });
});
