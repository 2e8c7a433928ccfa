import { expect, type Page } from '@playwright/test';

/** Through the age gate and the pincode dialog to the store home with the given zip. */
export async function enterStore(page: Page, zip = '10001'): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Yes, I am 21 or older' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
  await dialog.getByLabel('Pincode', { exact: true }).fill(zip);
  await dialog.getByRole('button', { name: 'Start Shopping' }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByText(`SHOPPING AT - ${zip}`)).toBeVisible();
}

/** The dollar amounts shown on the product cards of a listing, in screen order. */
export async function cardPrices(page: Page): Promise<number[]> {
  // While the next page loads the old grid stays on screen, marked busy: read only a settled grid.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const grid = page.getByRole('list', { name: 'Products' });
  const texts = await grid.getByRole('link').allInnerTexts();
  return texts.map((text) => {
    const match = /\$(\d+\.\d{2})/.exec(text);
    if (!match?.[1]) throw new Error(`no price on card: ${text}`);
    return Number(match[1]);
  });
}

/** Picks an option of a downshift select by its label. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
