import type { Page } from '@playwright/test';
import { offlineMessage } from '../../../src/api/http.ts';
import { expect, test } from '../fixtures.ts';
import { newCustomer, openWithSession } from '../journeys/shoppers.ts';
import { saveAddressThroughApi } from '../steps.ts';
import { fillCardWithBilling } from '../checkout-steps.ts';
import { answeredOnce, changedOnce, connectionLostOnce, heldOnce, refusedByFault } from '../faults.ts';

/**
 * The Account tab (/setting/user) where the server fails (test faults): its loads, the tabs and the logout, and the
 * saved cards. Each test is named from the transitions' descriptions. The customer and her addresses are set up through
 * the API. Every switch, default, delete and edit failing is account-dashboard's generated walk
 * (journeys/account-dashboard.journeys.ts).
 */

const dashboardUrl = '/api/account/mydashboard';
const addressesUrl = '/connect/customer/getaddresses';

/** A new customer with a default Home and a Work address, on the Account tab. */
async function accountTab(page: Page): Promise<void> {
  const { session } = await newCustomer('reach.account');
  const caller = { token: session.Token ?? '', customerId: session.CustomerId ?? 0 };
  await saveAddressThroughApi(caller, { nickname: 'Home', default_address: '1' });
  await saveAddressThroughApi(caller, { nickname: 'Work', street1: '1 Main St' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openWithSession(page, session, '/setting/user');
}

/** The red toast saying `message`, looked at and dismissed (so the next one is the only one). */
async function dismissToast(page: Page, message: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
}

test('YOUR INFORMATION and the addresses could not be loaded (test faults: connection lost, then refused): the reason is shown and Try again loads them; Back and Forward move between the tabs; a lost logout still logs out', async ({
  page,
}) => {
  await connectionLostOnce(page, dashboardUrl);
  await connectionLostOnce(page, addressesUrl);
  await accountTab(page);
  const info = page.getByRole('region', { name: 'YOUR INFORMATION' });
  const addresses = page.getByRole('region', { name: 'MY SHIPPING ADDRESS' });
  await expect(info.getByRole('alert')).toHaveText(new RegExp(offlineMessage));
  await expect(addresses.getByRole('alert')).toHaveText(new RegExp(offlineMessage));

  // Refused: the server's message, and Try again once more.
  await answeredOnce(page, dashboardUrl);
  await answeredOnce(page, addressesUrl);
  await info.getByRole('button', { name: 'Try again' }).click();
  await expect(info.getByRole('alert')).toHaveText(new RegExp(refusedByFault));
  await addresses.getByRole('button', { name: 'Try again' }).click();
  await expect(addresses.getByRole('alert')).toHaveText(new RegExp(refusedByFault));

  await info.getByRole('button', { name: 'Try again' }).click();
  await expect(info.getByText('Ada Lovelace')).toBeVisible();
  await addresses.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('table', { name: 'MY SHIPPING ADDRESS' }).getByRole('row', { name: /^Work:/ })).toBeVisible();

  // The browser's Back and Forward move between the tabs: the tab follows the address.
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/setting\/order$/);
  // Back once the Orders tab has loaded (a Back while it loads is left: decision 089).
  await expect(page.getByText('You have no delivery orders yet.')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');

  // Logout whose call is lost (test fault): the shopper is logged out all the same.
  await connectionLostOnce(page, '/api/customer/logout');
  await page.getByRole('button', { name: 'Hey , Ada Lovelace' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Hey , Ada Lovelace' })).toHaveCount(0);
});

test('PAYMENT METHOD: the saved cards could not be loaded (test faults), ADD CARD instead and Back, Try again and ADD CARD while the list loads; a card added in settings reloads the list; removing it is lost, refused (test faults), then done', async ({
  page,
}) => {
  const cardsUrl = '/api/checkout/paymentmethods';
  await connectionLostOnce(page, cardsUrl);
  await accountTab(page);
  const cards = page.getByRole('region', { name: 'Payment method' });
  await expect(cards.getByRole('alert')).toContainText(offlineMessage);
  await cards.getByRole('button', { name: 'ADD CARD' }).click();
  await changedOnce(page, cardsUrl, (json) => ({ ...json, code: -1, message: refusedByFault }));
  await page.getByRole('button', { name: 'Back to cards' }).click();
  await expect(cards.getByRole('alert')).toContainText(refusedByFault);
  // Try again, and ADD CARD while the list is still on its way (held by the test): the form needs no saved cards; its
  // Back loads them again.
  const held = await heldOnce(page, cardsUrl);
  await cards.getByRole('button', { name: 'Try again' }).click();
  await held.arrived;
  await expect(cards.getByRole('status')).toHaveText('Loading your cards…');
  await cards.getByRole('button', { name: 'ADD CARD' }).click();
  await page.getByRole('button', { name: 'Back to cards' }).click();
  held.release();
  await expect(cards.getByRole('alert')).toHaveCount(0);
  await expect(cards.getByRole('status')).toHaveCount(0);

  await cards.getByRole('button', { name: 'ADD CARD' }).click();
  await fillCardWithBilling(page);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  const remove = cards.getByRole('button', { name: /^Remove .* ending 4242$/ });
  await expect(remove).toBeEnabled();

  // Remove asks first (walk 4): each removal is confirmed with 'Yes, remove'.
  const removeConfirmed = async () => {
    await remove.click();
    await cards.getByRole('group', { name: 'Remove this card?' }).getByRole('button', { name: 'Yes, remove' }).click();
  };
  await connectionLostOnce(page, '/api/account/RemoveCreditCard');
  await removeConfirmed();
  await dismissToast(page, offlineMessage);
  await answeredOnce(page, '/api/account/RemoveCreditCard');
  await removeConfirmed();
  await dismissToast(page, refusedByFault);
  await removeConfirmed();
  // Gone once the server has removed it: its button says 'Removing…' (and matches no more) while the removal is on its way.
  await expect(cards.getByRole('button', { name: /ending 4242$|^Removing…$/ })).toHaveCount(0);
});
