import useSWR from 'swr';
import type { ConsoleOrdersFilter } from './contract/fulfilment.contract.ts';
import { consoleMe, consoleOrders, type ConsoleRole } from './fulfilment.api.ts';
import type { Sent } from './http.ts';

/** How often an open console asks for its orders again: new orders and other people's moves show within this. */
export const consoleRefreshMs = 10_000;

/** Who is signed in to the console (role and locations); nothing asked without a session. */
export function useConsoleMe(signedIn: boolean) {
  return useSWR(signedIn ? ['console-me'] : null, () => consoleMe());
}

/** The console's orders for the filter, kept fresh while the page is open. */
export function useConsoleOrders(role: ConsoleRole | undefined, filter: Sent<ConsoleOrdersFilter>) {
  return useSWR(
    role ? ['console-orders', role, filter.date ?? '', filter.day ?? '', filter.state ?? '', filter.loc_id ?? 0, filter.late ?? false] : null,
    () => (role ? consoleOrders(role, filter) : Promise.reject(new Error('no console'))),
    { refreshInterval: consoleRefreshMs },
  );
}
