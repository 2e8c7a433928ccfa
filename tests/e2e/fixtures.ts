import { test as base, expect } from '@playwright/test';

/** Every test runs against the server global-setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not start the server');
    await use(url);
  },
});

export { expect };
