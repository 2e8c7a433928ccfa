import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Solves the real ALTCHA captcha of the form holding `submit`: ticks the widget, lets its proof-of-work worker run,
 * and waits until the widget reported "verified" to the form's machine (the submit button comes alive).
 */
export async function solveCaptcha(page: Page, submit: Locator): Promise<void> {
  await expect(submit).toBeDisabled();
  // Its label, as a person clicks it (the widget's tick mark lies over the box itself).
  await page.locator('altcha-widget').getByText("I'm not a robot").click();
  // The widget renames its checkbox once the proof of work is done.
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 30_000 });
  await expect(submit).toBeEnabled();
}

/**
 * The newest password-reset link mailed to `email`. The default mail adapter writes mail to the outbox and logs it;
 * global-setup sends the server's log to E2E_SERVER_LOG.
 */
export async function resetLinkFor(email: string): Promise<string> {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error('E2E_SERVER_LOG is not set: global-setup did not start the server');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = lastResetLink(await readFile(logFile, 'utf8'), email);
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  if (!link) throw new Error(`no reset link for ${email}`);
  return link;
}

function lastResetLink(log: string, email: string): string | undefined {
  let link: string | undefined;
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry: unknown = JSON.parse(line);
    if (typeof entry !== 'object' || entry === null || !('mail' in entry)) continue;
    const mail: unknown = entry.mail;
    if (typeof mail !== 'object' || mail === null || !('to' in mail) || !('text' in mail) || mail.to !== email) continue;
    const found = typeof mail.text === 'string' ? /https?:\/\/\S+\/account\/resetpassword\?token=\S+/.exec(mail.text) : null;
    if (found) link = found[0];
  }
  return link;
}
