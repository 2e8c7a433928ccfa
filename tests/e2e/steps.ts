import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { areaOf, openWithSession, registerThroughApi, type Shopper } from './stored-session.ts';

export { uniqueEmail } from './stored-session.ts';

/**
 * The store home with the given zip, as the age gate and the pincode dialog leave it, in one page load (a stored
 * session: those two screens have journeys of their own, decision 055).
 */
export async function enterStore(page: Page, zip = '10001'): Promise<void> {
  // What the pincode dialog stores, the empty cart count with it.
  await openWithSession(page, { ...(await areaOf(zip)), total_products_in_cart: 0 }, '/store');
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByText(`SHOPPING AT - ${zip}`)).toBeVisible();
}

/**
 * Opens a top category from the header's bar: from its row when shown there, else from under More (wider screens
 * show in one row only the categories that fit).
 */
export async function openCategoryFromBar(page: Page, name: string): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Categories' });
  const inRow = bar.locator('#category-bar').getByRole('link', { name, exact: true });
  await expect(bar.getByRole('link', { name: 'Chicken', exact: true })).toBeVisible();
  if (!(await inRow.isVisible())) await bar.getByRole('button', { name: 'More ▾' }).click();
  await bar.getByRole('link', { name, exact: true }).click();
}

/**
 * A new customer, signed in on the store home with the given zip, as the create-account form leaves her (registered
 * through the API, her session stored: the form has journeys of its own, decision 055).
 */
export async function enterStoreAsNewCustomer(page: Page, shopper: Shopper, zip = '10001'): Promise<void> {
  const session = await registerThroughApi(shopper, await areaOf(zip));
  await openWithSession(page, session, '/store');
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByText(`SHOPPING AT - ${zip}`)).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^Hey , ${shopper.firstName}\\b`) })).toBeVisible();
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
  const box = page.getByRole('combobox', { name: label });
  const item = page.getByRole('option', { name: option, exact: true });
  // A list that reloads while its menu is open (a filter just changed) closes the menu: open it again until the
  // option can be picked.
  await expect(async () => {
    if ((await box.getAttribute('aria-expanded')) !== 'true') await box.click();
    await item.click({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
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
 * The newest password-reset link mailed to `email`. The default mail adapter writes mail to the outbox and logs it
 * (in production mode only because global-setup sets MAIL_LOG_LINKS=1); global-setup sends the server's log to
 * E2E_SERVER_LOG.
 */
export async function resetLinkFor(email: string): Promise<string> {
  return mailedMatchFor(email, /https?:\/\/\S+\/account\/resetpassword\?token=\S+/);
}

/** The newest link that confirms a pay-on-delivery order, mailed to `email` (read from the log as resetLinkFor). */
export async function orderConfirmationLinkFor(email: string): Promise<string> {
  return mailedMatchFor(email, /https?:\/\/\S+\/api\/placeorder\/confirmemail\?token=\S+/);
}

/** The newest text matching `pattern` in a mail to `email` (read from the log as resetLinkFor). */
export async function mailedMatchFor(email: string, pattern: RegExp): Promise<string> {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error('E2E_SERVER_LOG is not set: global-setup did not start the server');
  let link: string | undefined;
  // The mail may reach the log after the page showed its answer: read the log until the link is in it.
  await expect
    .poll(async () => {
      link = lastMailedLink(await readFile(logFile, 'utf8'), email, pattern);
      return link;
    })
    .toBeDefined();
  if (!link) throw new Error(`nothing matching ${pattern} mailed to ${email}`);
  return link;
}

function lastMailedLink(log: string, email: string, pattern: RegExp): string | undefined {
  let link: string | undefined;
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry: unknown = JSON.parse(line);
    if (typeof entry !== 'object' || entry === null || !('mail' in entry)) continue;
    const mail: unknown = entry.mail;
    if (typeof mail !== 'object' || mail === null || !('to' in mail) || !('text' in mail) || mail.to !== email) continue;
    const found = typeof mail.text === 'string' ? pattern.exec(mail.text) : null;
    if (found) link = found[0];
  }
  return link;
}

/**
 * A new customer through the header's Create Account link (captcha solved); signed in on the store afterwards. For a
 * test of the form; a set-up before something else takes enterStoreAsNewCustomer (decision 055).
 */
export async function createCustomer(page: Page, shopper: { firstName: string; lastName: string; email: string; password: string }): Promise<void> {
  await page.getByRole('button', { name: 'Hey , Guest' }).click();
  await page.getByRole('link', { name: 'Create Account' }).click();
  await submitCreateAccount(page, shopper);
}

/** The create-account form, open on /createAccount, filled and submitted (captcha solved); signed in on the store afterwards. */
export async function submitCreateAccount(
  page: Page,
  shopper: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  const form = page.getByRole('main');
  await form.getByLabel('First Name').fill(shopper.firstName);
  await form.getByLabel('Last Name').fill(shopper.lastName);
  await form.getByLabel('Email', { exact: true }).fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill(shopper.password);
  await form.getByLabel('Confirm Password').fill(shopper.password);
  const submit = form.getByRole('button', { name: 'CREATE ACCOUNT' });
  await solveCaptcha(page, submit);
  await submit.click();
  await expect(page).toHaveURL(/\/store$/);
}

/** Search → the first matching product → Same Day → ADD TO CART; a customer lands on the cart. */
export async function addSameDayToCart(page: Page, query: string, productName: string): Promise<void> {
  await page.goto(`/store/search?q=${encodeURIComponent(query)}`);
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('link', { name: new RegExp(productName) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/store\/\d+$/);
  await choose(page, 'SPEED', 'Same Day');
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
}

/**
 * The `skip`-th day that can be chosen in `scope`'s open calendar, counted from its first month and turning to the
 * next month when this one's open days run out (near a month's end, or once the first days' slots are booked).
 */
export async function clickOpenDay(scope: Locator, skip = 0): Promise<void> {
  const days = scope.getByRole('grid').getByRole('button', { disabled: false });
  let index = skip;
  for (let month = 0; month < 3; month += 1) {
    const count = await days.count();
    if (index < count) return days.nth(index).click();
    index -= count;
    await scope.getByRole('button', { name: /next month/i }).click();
  }
  throw new Error(`no open day ${skip + 1} in three months`);
}

/**
 * On the cart: the first group's first day with a free slot, and that slot; then CHECKOUT. laterDays: that many open
 * days later at the least (a bank debit needs 4 business days: 6 open days are always past them).
 */
export async function scheduleFirstGroupAndCheckout(page: Page, laterDays = 0): Promise<void> {
  await expect(page).toHaveURL(/\/cart$/);
  await scheduleGroup(page.getByRole('list', { name: 'Items by seller' }).getByRole('region').first(), laterDays);
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
}

/** A seller's group on the cart: its first day with a free slot at least `laterDays` open days on, and that slot chosen. */
export async function scheduleGroup(group: Locator, laterDays = 0): Promise<void> {
  const slots = group.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
  for (let skip = laterDays; skip < laterDays + 5; skip += 1) {
    await group.getByRole('button', { name: /^Choose delivery date for / }).click();
    await clickOpenDay(group, skip);
    await expect(slots.first().or(group.getByText('All Slots are booked. Please try another date.'))).toBeVisible();
    if (await slots.count()) break;
  }
  await slots.first().click();
  await expect(slots.first()).toHaveAttribute('aria-pressed', 'true');
}

/** The session the app keeps in the browser (one storage key): the bearer token and the customer id. */
export async function sessionOf(page: Page): Promise<{ token: string; customerId: number }> {
  const stored = await page.evaluate(() => window.localStorage.getItem('meat-and-fish.session'));
  const values: unknown = stored ? JSON.parse(stored) : undefined;
  if (typeof values !== 'object' || values === null || !('Token' in values) || !('CustomerId' in values))
    throw new Error(`no session stored: ${stored}`);
  const { Token, CustomerId } = values;
  if (typeof Token !== 'string' || typeof CustomerId !== 'number') throw new Error(`no session stored: ${stored}`);
  return { token: Token, customerId: CustomerId };
}

/** A POST to the store's API from the test itself, as the app sends it (bearer token, store_id). */
export async function apiPost(path: string, body: Record<string, unknown>, token: string): Promise<unknown> {
  const base = process.env.E2E_BASE_URL;
  if (!base) throw new Error('E2E_BASE_URL is not set: global-setup did not start the server');
  const response = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...body, store_id: 1 }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/** A New York shipping address saved for the signed-in customer through the API (the fields given override). */
export async function saveAddressThroughApi(session: { token: string; customerId: number }, fields: Record<string, string>): Promise<void> {
  const reply = await apiPost(
    `/connect/customer/addaddress?customerid=${session.customerId}`,
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street1: '350 5th Ave',
      city: 'New York',
      state: 'NY',
      zipcode: '10001',
      telephone: '2125550100',
      country: 'US',
      address_type: 'shipping',
      ...fields,
    },
    session.token,
  );
  expect(reply).toMatchObject({ code: 1 });
}
