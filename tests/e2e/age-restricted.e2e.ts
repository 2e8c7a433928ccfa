import { expect, tabTest as test } from './fixtures.ts';
import { enterStore, openCategoryFromBar } from './steps.ts';

test.describe('age-restricted drinks', () => {
  test("the Wine & Spirits listing and a drink's page show the '21+' mark, the verification line and sizes in ml", async ({ page }) => {
    await enterStore(page);
    await openCategoryFromBar(page, 'Wine & Spirits');
    await expect(page.getByRole('heading', { name: 'Wine & Spirits', level: 1 })).toBeVisible();

    const card = page.getByRole('list', { name: 'Products' }).getByRole('link', { name: /Junmai Ginjo Sake/ });
    await expect(card.getByRole('img', { name: '21 and over' })).toBeVisible();
    await card.click();

    await expect(page.getByRole('heading', { name: 'Junmai Ginjo Sake', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: '21 and over' }).first()).toHaveText('21+');
    await expect(page.getByText('Age-restricted: you must be over 21 and verify your identity before ordering.')).toBeVisible();
    await page.getByRole('combobox', { name: 'SELECT SIZE' }).click();
    await expect(page.getByRole('option', { name: '720 ml' })).toBeVisible();
  });
});
