import type { Page } from '@playwright/test';

/**
 * Faults a test injects with Playwright's page.route (issue 25: error and retry transitions are real behaviour, reached
 * in the browser by making the server's answer fail). Each fault answers the next matching request only: the request
 * after it reaches the real server.
 */

const matching = (urlPart: string) => (url: URL) => url.pathname.includes(urlPart);

/** Test fault: the next request to `urlPart` loses its connection (the machine's xstate.error.actor.* reply). */
export async function connectionLostOnce(page: Page, urlPart: string): Promise<void> {
  await page.route(matching(urlPart), (route) => route.abort('internetdisconnected'), { times: 1 });
}

/** What a refusing server says in these tests: every refusal shows it, so the page can be checked for it. */
export const refusedByFault = 'Refused by the test fault.';

/** Test fault: the next request to `urlPart` is answered 200 with `body` (a refusal: code -1 and refusedByFault unless given). */
export async function answeredOnce(page: Page, urlPart: string, body: unknown = { code: -1, message: refusedByFault }): Promise<void> {
  await page.route(matching(urlPart), (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }), {
    times: 1,
  });
}

/** Test fault: the next request to `urlPart` reaches the server, and its JSON answer is changed by `change` on its way back. */
export async function changedOnce(page: Page, urlPart: string, change: (json: Record<string, unknown>) => unknown, times = 1): Promise<void> {
  await page.route(
    matching(urlPart),
    async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: change(json) });
    },
    { times },
  );
}
