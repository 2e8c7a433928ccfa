import path from 'node:path';
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { flowRecordBinding } from '../../src/dev/flow-record.ts';
import { mergeBatch, removeFlowRecord, writeFlowRecord } from './flow-records.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** What a test may ask of the recording: a second browser context (a seller beside the shopper) recorded too. */
export interface FlowRecorder {
  /** Records the machines of this extra context's pages into the test's record; call before its first page opens. */
  record(context: BrowserContext): Promise<void>;
}

/** Every test runs against the server global-setup started. */
export const test = base.extend<{ flowRecord: FlowRecorder }>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not start the server');
    await use(url);
  },
  /**
   * Recorded reach (docs/decisions/043): in the recording build (global-setup sets E2E_RECORD_FLOWS), the pages of
   * the test's browser context (and of any context it hands to `flowRecord.record`) hand over each machine's states
   * and transitions as they take them; a passing test writes them to flow-records/, any other outcome removes its
   * file there.
   */
  flowRecord: [
    async ({ context }, use, testInfo) => {
      const recording = process.env.E2E_RECORD_FLOWS === '1';
      const reached = new Map<string, { states: Set<string>; transitions: Set<string> }>();
      const record = async (recorded: BrowserContext) => {
        if (recording) await recorded.exposeBinding(flowRecordBinding, (_source, batch: unknown) => mergeBatch(reached, batch));
      };
      await record(context);
      await use({ record });
      if (!recording) return;
      const name = [path.relative(repoRoot, testInfo.file), ...testInfo.titlePath.slice(1)].join(' › ');
      if (testInfo.status === 'passed' && testInfo.expectedStatus === 'passed') writeFlowRecord(name, reached);
      else removeFlowRecord(name);
    },
    { auto: true },
  ],
});

export { expect };
