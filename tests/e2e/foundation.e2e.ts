import { expect, tabTest as test } from './fixtures.ts';

test.describe('foundation journey', () => {
  test('age gate → pincode errors → a served zip → the store home', async ({ page }) => {
    await page.goto('/store');
    // Age-gated: the store sends a first-time visitor to the gate.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Are you 21 or older?' })).toBeVisible();

    await page.getByRole('button', { name: 'No' }).click();
    await expect(page.getByText('Sorry, you must be 21 or older to enter.')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Yes, I am 21 or older' }).click();

    const dialog = page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
    await expect(dialog).toBeVisible();
    const pincode = dialog.getByLabel('Pincode');
    const submit = dialog.getByRole('button', { name: 'Start Shopping' });

    await submit.click();
    await expect(dialog.getByText('Pincode is required.')).toBeVisible();
    await pincode.fill('10a01');
    await submit.click();
    await expect(dialog.getByText('Pincode must be a number.')).toBeVisible();
    await pincode.fill('1000');
    await submit.click();
    await expect(dialog.getByText('Must be exactly 5 digit')).toBeVisible();

    await pincode.fill('10001');
    await submit.click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByText('SHOPPING AT - 10001')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'TOP PRODUCT IN YOUR AREA' })).toBeVisible();

    const top = page.getByRole('region', { name: 'Top products' });
    const cards = top.getByRole('link');
    await expect(cards.first()).toBeVisible();
    // More than three cards (the row arrives in one reply; waiting on the fourth does not read the count too early).
    await expect(cards.nth(3)).toBeAttached();
    await expect(cards.first()).toContainText(/from \$\d+\.\d{2}/);
    await expect(page.getByRole('heading', { name: /^OUR TOP / }).first()).toBeVisible();
    await expect(page.getByText(`Meat and Fish, All Rights Reserved ${new Date().getFullYear()}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hey , Guest' })).toBeVisible();

    // Reload keeps the session (one storage key); the header's Change reopens the dialog.
    await page.reload();
    await expect(page.getByText('SHOPPING AT - 10001')).toBeVisible();
    await page.getByRole('button', { name: 'Change' }).click();
    const change = page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
    await change.getByLabel('Pincode').fill('60601');
    await change.getByRole('button', { name: 'Start Shopping' }).click();
    await expect(page.getByText('SHOPPING AT - 60601')).toBeVisible();
    await expect(page.getByText('Pin Code Changed')).toBeVisible();
    await page.screenshot({ path: 'test-results/store-home.png', fullPage: false });
  });

  test('an unserved zip shows coming soon and links to the served zips', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Yes, I am 21 or older' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
    await dialog.getByLabel('Pincode').fill('90210');
    await dialog.getByRole('button', { name: 'Start Shopping' }).click();
    await expect(dialog.getByText('We are coming soon to this pincode. Please see a list of all pincodes we currently serve.')).toBeVisible();
    await dialog.getByRole('link', { name: 'See the pincodes we serve' }).click();
    await expect(page).toHaveURL(/\/currentZipCodes\/Beverly%20Hills\/CA$/);
    await expect(page.getByRole('heading', { name: 'Pincodes we currently serve' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Served pincodes in New York' }).getByText('10001', { exact: true })).toBeVisible();
  });

  test('an unknown path shows PAGE NOT FOUND', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeVisible();
  });
});
