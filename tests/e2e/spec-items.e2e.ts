import type { Page } from '@playwright/test';
import { chooseVisit } from './dine-in-steps.ts';
import { expect, test } from './fixtures.ts';
import { createCustomer, enterStore, uniqueEmail } from './steps.ts';

const restaurant = 'Gramercy Chop House';

/** The header's rows: the user menu sits on the logo's row (its top within the logo's box). */
async function headerScreenshot(page: Page, width: number, name: string): Promise<void> {
  await page.setViewportSize({ width, height: 768 });
  await expect(page.getByTestId('shipping-choice')).toBeVisible();
  await page.screenshot({ path: `test-results/spec-items-header-${name}.png` });
}

test.describe('issue 23: a shopper walk with nothing wrong at the seams', () => {
  test('header with a dine-in choice', async ({ page }) => {
    await enterStore(page);
    await createCustomer(page, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('spec-items'), password: 'correct horse 1' });
    await chooseVisit(page, 'Dine-In', '4 star', restaurant, '7:00 PM');
    await headerScreenshot(page, 1366, '1366');
    await headerScreenshot(page, 1280, '1280');
    await headerScreenshot(page, 390, '390');
  });
});
