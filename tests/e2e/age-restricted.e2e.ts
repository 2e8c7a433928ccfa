import { expect, tabTest as test } from './fixtures.ts';
import { signInAgain } from './identity-steps.ts';
import { verifiedCustomer } from './journeys/identity-shoppers.ts';
import { enterStore, openCategoryFromBar } from './steps.ts';

test.describe('age-restricted drinks', () => {
  test("the Wine & Spirits listing and a drink's page show the '21+' mark, the verification line and sizes in ml", async ({ page }) => {
    await enterStore(page);
    await openCategoryFromBar(page, 'Wine & Spirits');
    await expect(page.getByRole('heading', { name: 'Wine & Spirits', level: 1 })).toBeVisible();

    const card = page.getByRole('list', { name: 'Products' }).getByRole('link', { name: /Junmai Ginjo Sake/ });
    await expect(card.getByRole('img', { name: '21 and over' })).toBeVisible();
    await expect(card).toContainText('Over 21 only: verify your identity to order.');
    await card.click();

    await expect(page.getByRole('heading', { name: 'Junmai Ginjo Sake', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: '21 and over' }).first()).toHaveText('21+');
    await expect(page.getByText('Age-restricted: you must be over 21 and verify your identity before ordering.')).toBeVisible();
    await page.getByRole('combobox', { name: 'SELECT SIZE' }).click();
    await expect(page.getByRole('option', { name: '720 ml' })).toBeVisible();
  });

  test('a verified customer, signed in, is not asked to verify: the card and the page say over 21 only (QA walk 4 #5)', async ({ page }) => {
    test.setTimeout(120_000);
    const customer = await verifiedCustomer('age-verified-cards');
    await enterStore(page);
    // Signed in through the form: the session's verification_id is the sign-in's own.
    await page.goto('/signIn');
    await signInAgain(page, customer.email, customer.password);
    await openCategoryFromBar(page, 'Wine & Spirits');
    const card = page.getByRole('list', { name: 'Products' }).getByRole('link', { name: /Junmai Ginjo Sake/ });
    await expect(card.getByRole('img', { name: '21 and over' })).toBeVisible();
    await expect(card).toContainText('Over 21 only');
    await expect(card).not.toContainText('verify');
    await card.click();
    await expect(page.getByRole('heading', { name: 'Junmai Ginjo Sake', level: 1 })).toBeVisible();
    await expect(page.getByText('Age-restricted: over 21 only. Your identity is verified.')).toBeVisible();
    await expect(page.getByText(/verify your identity/)).toHaveCount(0);
  });
});
