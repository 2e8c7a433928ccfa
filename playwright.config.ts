import { defineConfig } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser (STACK.md). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The project's Chromium flags; a file that needs more (the KYC screen's fake camera) adds to these. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Every test needs well under a third of this (the slowest about 11 s on the shared machine, 20 s beside a CPU hog);
  // the rest is room for a busier one. Waits are on what the page shows, so a slow machine only makes them longer.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Every test sets up its own shopper (own email, own cart), so tests of one file may run on either worker.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
});
