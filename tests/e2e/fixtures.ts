import path from 'node:path';
import { test as base, expect, type BrowserContext, type CDPSession, type Page, type TestInfo } from '@playwright/test';
import { flowRecordBinding, type Sets } from '../../src/dev/flow-record.ts';
import { lostEvents, mergeBatch, removeFlowRecord, writeFlowRecord } from './flow-records.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** What a test may ask of the recording: a second browser context (a seller beside the shopper) recorded too. */
export interface FlowRecorder {
  /** Records the machines of this extra context's pages into the test's record; call before its first page opens. */
  record(context: BrowserContext): Promise<void>;
}

type Reached = Sets;

/** The test's record name in flow-records/: its file and titles. */
function recordName(testInfo: TestInfo): string {
  return [path.relative(repoRoot, testInfo.file), ...testInfo.titlePath.slice(1)].join(' › ');
}

/**
 * A passing test's reach is written; any other outcome removes its file. Decision 079: a test whose pages sent an
 * event their machine did not take (a control enabled where its machine ignores it: the click or keystroke was lost)
 * fails, unless it is a sync meant to repeat (flow-records.ts).
 */
function finishRecord(testInfo: TestInfo, reached: Reached): void {
  if (process.env.E2E_RECORD_FLOWS !== '1') return;
  const lost = lostEvents(reached);
  if (testInfo.status === 'passed' && testInfo.expectedStatus === 'passed' && lost.length === 0) writeFlowRecord(recordName(testInfo), reached);
  else removeFlowRecord(recordName(testInfo));
  expect(lost, 'events the page sent that its machine did not take (decision 079: disable the control where its machine ignores it)').toEqual([]);
}

/** The address of the server global-setup started. */
function storeUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not start the server');
  return url;
}

/** Hands the machines' states and transitions of `context`'s pages to `into()`: the running test's reach, if any. */
async function exposeRecorder(context: BrowserContext, into: () => Reached | undefined): Promise<void> {
  if (process.env.E2E_RECORD_FLOWS !== '1') return;
  await context.exposeBinding(flowRecordBinding, (_source, batch: unknown) => {
    const reached = into();
    if (reached) mergeBatch(reached, batch);
  });
}

/**
 * Waits until every batch the pages of `contexts` have sent has reached the test's record. A batch goes out as a
 * binding call on the page's CDP session, and an evaluate's answer comes back on the same session after it: a step
 * taken just before the test ended (a delete answered, then the page's last render) was otherwise recorded after the
 * record was written, or dropped (coverage.md missed a passing journey's last transition).
 */
async function settleRecords(contexts: BrowserContext[]): Promise<void> {
  if (process.env.E2E_RECORD_FLOWS !== '1') return;
  const pages = contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  // A page caught mid-navigation answers once the next document runs; one that never does is left after 5 s.
  const settled = (page: Page) =>
    Promise.race([page.evaluate(() => undefined).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  await Promise.all(pages.map(settled));
}

/** Every test runs against the server global-setup started. */
export const test = base.extend<{ flowRecord: FlowRecorder }>({
  baseURL: async ({}, use) => use(storeUrl()),
  /**
   * Recorded reach (docs/decisions/043): in the recording build (global-setup sets E2E_RECORD_FLOWS), the pages of
   * the test's browser context (and of any context it hands to `flowRecord.record`) hand over each machine's states
   * and transitions as they take them; a passing test writes them to flow-records/, any other outcome removes its
   * file there.
   */
  flowRecord: [
    async ({ context }, use, testInfo) => {
      const reached: Reached = new Map();
      const recorded: BrowserContext[] = [context];
      const record = async (extra: BrowserContext) => {
        recorded.push(extra);
        await exposeRecorder(extra, () => reached);
      };
      await exposeRecorder(context, () => reached);
      await use({ record });
      await settleRecords(recorded);
      finishRecord(testInfo, reached);
    },
    { auto: true },
  ],
});

/** The browser context a worker keeps for its tests' tabs, with the page that keeps its renderer alive. */
interface WorkerContext {
  context: BrowserContext;
  keeper: Page;
  cdp: CDPSession;
  /** Where the recorder's batches go: the running test's reach. */
  sink: { reached: Reached | undefined };
}

/**
 * A test of one page (decision 075): it opens a tab of one browser context its worker keeps, instead of a context of
 * its own, so its pages share one renderer process. A fresh context's first page was most of a test's CPU: about
 * 1.5 s of Chromium's for the first load of a listing against 0.6 s in a kept renderer. Before each test the context
 * forgets everything of the last one: its other tabs, cookies, permissions, storage (Storage.clearDataForOrigin:
 * local, session, IndexedDB, caches, service workers) and the HTTP cache; what a page holds (routes, init scripts, the
 * viewport, listeners) goes with its tab. Tests that install Playwright's clock (it is the context's and cannot be
 * taken off), open contexts of their own or read the context's cookies use `test`; a generated journeys' map whose
 * journeys install the clock says so (`clock: true`) and gets a fresh context per journey, as does every test here
 * when E2E_TRACE=1 (traced, the trace kept when it fails). A failing test's tab is attached as a screenshot
 * (Playwright's own would show the keeper).
 */
export const tabTest = test.extend<{ freshContext: boolean }, { workerContext: WorkerContext }>({
  screenshot: 'off',
  freshContext: [process.env.E2E_TRACE === '1', { option: true }],
  workerContext: [
    async ({ browser }, use) => {
      const url = storeUrl();
      const context = await browser.newContext({ baseURL: url });
      const sink: WorkerContext['sink'] = { reached: undefined };
      await exposeRecorder(context, () => sink.reached);
      // A page of the store's origin that stays open: a new tab of the same site joins its renderer process.
      const keeper = await context.newPage();
      await keeper.goto(new URL('/favicon.svg', url).href);
      const cdp = await context.newCDPSession(keeper);
      await use({ context, keeper, cdp, sink });
      await context.close();
    },
    { scope: 'worker' },
  ],
  // Still automatic, as `test`'s: the worker context's recorder feeds this test's reach, a fresh one its own.
  flowRecord: async ({ workerContext, freshContext }, use, testInfo) => {
    const reached: Reached = new Map();
    if (!freshContext) workerContext.sink.reached = reached;
    const recorded: BrowserContext[] = [];
    await use({
      record: async (extra) => {
        recorded.push(extra);
        await exposeRecorder(extra, () => reached);
      },
    });
    // A fresh context settled its own pages before it closed (below); the kept one's tab is still open here.
    await settleRecords(freshContext ? recorded.slice(1) : [workerContext.context, ...recorded]);
    workerContext.sink.reached = undefined;
    finishRecord(testInfo, reached);
  },
  context: async ({ browser, baseURL, workerContext, freshContext, flowRecord }, use) => {
    if (!freshContext) return use(workerContext.context);
    const context = await browser.newContext({ baseURL });
    await flowRecord.record(context);
    // Under E2E_TRACE=1 Playwright traces it (it traces every context a test makes).
    await use(context);
    await settleRecords([context]);
    await context.close();
  },
  page: async ({ context, workerContext, freshContext, baseURL }, use, testInfo) => {
    if (!freshContext) await forgetLastTest(workerContext, baseURL);
    const page = await context.newPage();
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const file = testInfo.outputPath('test-failed.png');
      await page.screenshot({ path: file });
      await testInfo.attach('screenshot', { path: file, contentType: 'image/png' });
    }
  },
});

/** The kept context as a new one: no tab but the keeper, no cookie, no storage, no cached reply. */
async function forgetLastTest({ context, keeper, cdp }: WorkerContext, baseURL: string | undefined): Promise<void> {
  for (const open of context.pages()) if (open !== keeper) await open.close();
  await context.clearCookies();
  await context.clearPermissions();
  if (baseURL) await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL).origin, storageTypes: 'all' });
  await cdp.send('Network.clearBrowserCache');
}

export { expect };
