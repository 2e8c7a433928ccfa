import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { flowRecordBinding } from '../../src/dev/flow-record.ts';
import { mergeBatch, removeFlowRecord, writeFlowRecord } from './flow-records.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Every test runs against the server global-setup started. */
export const test = base.extend<{ flowRecord: void }>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not start the server');
    await use(url);
  },
  /**
   * Recorded reach (docs/decisions/043): in the recording build (global-setup sets E2E_RECORD_FLOWS), the pages of
   * the test's browser context hand over each machine's states and transitions as they take them; a passing test
   * writes them to flow-records/, any other outcome removes its file there.
   */
  flowRecord: [
    async ({ context }, use, testInfo) => {
      if (process.env.E2E_RECORD_FLOWS !== '1') return use();
      const reached = new Map<string, { states: Set<string>; transitions: Set<string> }>();
      await context.exposeBinding(flowRecordBinding, (_source, batch: unknown) => mergeBatch(reached, batch));
      await use();
      const name = [path.relative(repoRoot, testInfo.file), ...testInfo.titlePath.slice(1)].join(' › ');
      if (testInfo.status === 'passed' && testInfo.expectedStatus === 'passed') writeFlowRecord(name, reached);
      else removeFlowRecord(name);
    },
    { auto: true },
  ],
});

export { expect };
