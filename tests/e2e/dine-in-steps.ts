import type { Page } from '@playwright/test';
import { addDays, storeToday } from '../../src/rules/delivery-dates.ts';
import { expect } from './fixtures.ts';
import { choose } from './steps.ts';

/** Tomorrow in the store's time zone, as 'YYYY-MM-DD' and as the calendar names its day ('26 November 2026, Thursday'). */
export function tomorrow(): { iso: string; name: RegExp } {
  const iso = addDays(storeToday(new Date()), 1);
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const monthName = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
  return { iso, name: new RegExp(`^${day} ${monthName} ${year}`) };
}

/** Picks tomorrow on the Delivery Options calendar (turning to next month when tomorrow is the 1st). */
export async function chooseTomorrow(page: Page): Promise<void> {
  const day = page.getByRole('grid').getByRole('button', { name: tomorrow().name });
  if (!(await day.isVisible())) await page.getByRole('button', { name: /next month/i }).click();
  await day.click();
}

/** /ship/options: the card, a restaurant of the star category and tomorrow at the time; CONTINUE to the store. */
export async function chooseVisit(page: Page, card: 'Dine-In' | 'Pick-Up', stars: string, restaurant: string, time: string): Promise<void> {
  await fillVisit(page, card, stars, restaurant, time);
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page).toHaveURL(/\/store$/);
}

/** /ship/options filled for a visit (CONTINUE enabled, not pressed): with a cart, CONTINUE may ask first (issue 23). */
export async function fillVisit(page: Page, card: 'Dine-In' | 'Pick-Up', stars: string, restaurant: string, time: string): Promise<void> {
  await page.goto('/ship/options');
  await expect(page.getByRole('heading', { name: 'Choose a Delivery Options' })).toBeVisible();
  // Dine-In is the first available card: primary and selected.
  await expect(page.getByRole('radio', { name: /Dine-In/ })).toHaveAttribute('aria-checked', 'true');
  if (card === 'Pick-Up') await page.getByRole('radio', { name: /Pick-Up/ }).click();
  const next = page.getByRole('button', { name: 'CONTINUE' });
  const missingTime = page
    .getByRole('alert')
    .filter({ hasText: card === 'Pick-Up' ? 'Pick-up date and time is required' : 'Dining date and time is required' });
  await page.getByRole('button', { name: stars, exact: true }).click();
  await choose(page, 'Retailer', `${restaurant} (${stars})`);
  await chooseTomorrow(page);
  // Nothing is named missing before CONTINUE; pressed without a time, it names the time and stays.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await next.click();
  await expect(missingTime).toBeVisible();
  await expect(page).toHaveURL(/\/ship\/options$/);
  await choose(page, 'Time', time);
  await expect(missingTime).toBeHidden();
  await expect(next).toBeEnabled();
  await page.screenshot({ path: `test-results/delivery-options-${card}.png`, fullPage: true });
}

/** /ship/options: Delivery on the first day with a free driver slot (days the shop is closed are skipped); CONTINUE enabled. */
export async function fillDelivery(page: Page): Promise<void> {
  await page.goto('/ship/options');
  await page.getByRole('radio', { name: /Delivery/ }).click();
  await pickDeliverySlot(page);
}

/**
 * The Delivery date picker: the first day after today with a free driver slot, turning to the next month when this
 * one's open days run out (closed days are disabled, issue 23); its first slot; CONTINUE enabled.
 */
export async function pickDeliverySlot(page: Page): Promise<void> {
  await pickDeliveryDay(page);
  await deliverySlot(page).click();
  await expect(page.getByRole('button', { name: 'CONTINUE' })).toBeEnabled();
}

/** The first of the driver's slots the Delivery panel offers. */
export function deliverySlot(page: Page) {
  return page.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ }).first();
}

/** The Delivery date picker: the first day after today with a free driver slot (the slots show, none chosen). */
export async function pickDeliveryDay(page: Page): Promise<void> {
  const slot = deliverySlot(page);
  const noSlot = page.getByText(/^All Slots are booked\. Please try another date\.$| is closed on /);
  const open = page.getByRole('grid').getByRole('button', { disabled: false });
  // The shop's calendar first: until it is loaded every day from today is open, and a day counted then can be gone
  // when it is clicked (a Sunday at the month's end left one open day, and the click waited for a second). The seeded
  // shops close on Sundays, so a loaded calendar always lists why days are struck out.
  await expect(page.getByText('Struck-out days cannot be chosen:')).toBeVisible();
  let index = 1;
  for (let tries = 0; tries < 6; tries += 1) {
    if (index >= (await open.count())) {
      await page.getByRole('button', { name: /next month/i }).click();
      index = 0;
    }
    await open.nth(index).click();
    index += 1;
    await expect(slot.or(noSlot).first()).toBeVisible();
    if (await slot.isVisible()) return;
  }
}

/** Search, open the product, and ADD TO CART with the speed Delivery Options chose (the product page shows Dine-In). */
export async function addDineIn(page: Page, query: string, productName: string): Promise<void> {
  await addVisitLine(page, query, productName, /Dine-In/);
}

/** The product found by query added at the visit's speed (Dine-In or Pick-Up, as chosen on /ship/options); the cart opens. */
export async function addVisitLine(page: Page, query: string, productName: string, speed: RegExp): Promise<void> {
  await page.goto(`/store/search?q=${encodeURIComponent(query)}`);
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('link', { name: new RegExp(productName) })
    .first()
    .click();
  await expect(page.getByRole('combobox', { name: 'SPEED' })).toHaveText(speed);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

/** The Dine-In panel's wallet row of a product (/setting/order): its Ordered, Consumed and Remaining cells. */
export function walletRow(page: Page, product: string) {
  return page.getByRole('table', { name: 'Wallet products' }).getByRole('row', { name: new RegExp(product) });
}
