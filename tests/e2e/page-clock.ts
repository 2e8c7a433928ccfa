import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Playwright's clock after `install()` runs at the real pace: a page's own timer (a splash's 4 s, a notice's 6 s) can
 * run out on a busy machine before the test has looked. These stop the page's clock so only the test moves it.
 */

/**
 * Stops the page's clock just ahead of where it is now (install() first). Timers fire only when the test moves the
 * clock on. The clock flows while the test reads it, so on a busy machine the read can be stale by the time pauseAt
 * runs ("Cannot fast-forward to the past", seen in CI): read again with a wider margin until the pause lands.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let margin = 250; ; margin *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + margin);
      return;
    } catch (error) {
      if (!String(error).includes('fast-forward to the past') || margin >= 8_000) throw error;
    }
  }
}

/**
 * Waits until `shown` is visible, handing the page 100 ms of its stopped clock at a time: React reveals a suspended
 * page on a timer, so a page that loads a chunk needs a little time to show itself, far less than any timer under test.
 */
export async function showsWithTime(page: Page, shown: Locator): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return shown.isVisible();
    })
    .toBe(true);
}
