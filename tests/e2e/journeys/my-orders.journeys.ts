import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { OrderSummary } from '../../../src/api/contract/checkout.contract.ts';
import { myOrdersMachine, myOrdersMessages, type MyOrdersContext } from '../../../src/machines/account/my-orders.machine.ts';
import { order } from '../../machines/order-fixtures.ts';
import { answeredOnce, changedOnce, lostThenRefused, refusedByFault } from '../faults.ts';
import { sameDayOrderThroughApi } from '../reach/orders.ts';
import type { EventMapping, Journey, MachineMap } from './journey-map.ts';
import { failingOnce, nothingToDo, openWithSession } from './shoppers.ts';

/**
 * The Orders tab at /setting/order (myOrders), her Same Day ribeye a week ahead placed through the API (reach/orders.ts).
 * The list lost and refused, then shown with older orders (the server saying there are more: a test fault), her order
 * closed, older orders lost, refused, then none; and her order moved in its panel (Change delivery or cancel) while the
 * list asks it again: asked again as moved, lost, refused while she closes it, or moved again meanwhile; and moved
 * while older orders load (More held), asked once they are in. With one order every fault of that second ask returns
 * the list to a state it had, so each ends a journey of its own.
 */

const file = 'tests/e2e/journeys/my-orders.journeys.ts';
const ordersUrl = '/api/account/myorders';
const statusUrl = '/api/account/orderstatus';
/** The graph's stand-ins for her order: as placed, and as the list asks it again after a move. */
const placed = order('1001', 'Local Delivery');
const moved: OrderSummary = { ...placed, items: placed.items.map((i) => ({ ...i, delivery_date: '2026-12-02' })) };

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as MyOrdersContext;
const when =
  (state: string, test: (c: MyOrdersContext) => boolean = () => true) =>
  (snapshot: AnyMachineSnapshot) =>
    snapshot.matches(state) && test(contextOf(snapshot));
const isOpen = (c: MyOrdersContext) => c.openIds.includes(placed.increment_id);
const isMoved = (c: MyOrdersContext) => c.orders[0] === moved;

/** Her real order's number (set as the page opens). */
const orderIdOf = (journey: Journey) => journey.notes.get('order') ?? '';
const header = (journey: Journey) => journey.page.getByRole('button', { name: new RegExp(`^ORDER #${orderIdOf(journey)}\\b`) });

/** Moves her order to another slot of its day in its open panel, as a shopper does; the list then asks it again. */
async function moveDelivery(journey: Journey): Promise<void> {
  const body = journey.page.getByRole('region', { name: `ORDER #${orderIdOf(journey)}` });
  const panel = body.getByRole('region', { name: 'Change delivery or cancel' });
  // A move already done shows what changed and Close: the next one starts from the closed panel.
  if ((await panel.getByRole('button', { name: 'Close' }).count()) > 0) await panel.getByRole('button', { name: 'Close' }).click();
  await body.getByRole('button', { name: 'Change delivery or cancel' }).click();
  const move = panel.getByRole('button', { name: 'Move delivery' });
  await expect(move).toBeEnabled();
  await panel
    .getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/, pressed: false })
    .first()
    .click();
  await move.click();
  // Done (not only saving, when the button reads 'Moving…'): what changed is said, and the list was told.
  await expect(panel.getByRole('status')).toBeAttached();
  await expect(move).toHaveCount(0);
}

/** The list's next ask at `urlPart` waits until the journey lets it go (then answered by `answer`, or by the server). */
const held = new WeakMap<Page, () => void>();
function holding(urlPart: string, answer?: unknown) {
  return async ({ page }: { page: Page }) =>
    page.route(
      (url) => url.pathname.includes(urlPart),
      async (route) => {
        await new Promise<void>((release) => held.set(page, release));
        await (answer === undefined ? route.continue() : route.fulfill({ json: answer })).catch(() => undefined);
      },
      { times: 1 },
    );
}
async function releaseHeld(page: Page): Promise<void> {
  await expect.poll(() => held.has(page)).toBe(true);
  held.get(page)?.();
  held.delete(page);
}
/** Pages whose held 'More orders' her move already let go (order.changed below). */
const releasedByMove = new WeakSet<Page>();
/** No older orders: what the held 'More orders' is answered with. */
const noneOlder = { code: 1, message: 'success', data: [], has_more: false };

function loadMore(output: unknown, before: string | undefined, prepare?: EventMapping['prepare']): EventMapping {
  const failed = output instanceof Error;
  return {
    event: failed ? { type: 'xstate.error.actor.loadMoreOrders', error: output } : { type: 'xstate.done.actor.loadMoreOrders', output },
    // Her order closed: with it open, More is held while she moves it (below).
    when: when('loadingMore', (c) => c.moreError === before && !isOpen(c)),
    ...(prepare ? { prepare } : {}),
    act: nothingToDo,
  };
}

export const myOrdersJourneys: MachineMap = {
  machine: myOrdersMachine,
  file,
  variants: [
    {
      name: 'her Same Day order a week ahead',
      input: () => undefined,
      open: async (journey) => {
        const { session, orderId } = await sameDayOrderThroughApi('generated.orders');
        journey.notes.set('order', orderId);
        await openWithSession(journey.page, session, '/setting/order');
      },
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      c.loadError ?? null,
      c.orders.map((o) => o === moved),
      c.openIds,
      c.hasMore,
      c.moreError ?? null,
      c.changedIds,
    ]);
  },
  events: {
    ...lostThenRefused('loadOrders', ordersUrl, {
      lost: when('loading', (c) => c.loadError === undefined),
      refused: when('loading', (c) => c.loadError === myOrdersMessages.loadFailed),
    }),
    'loadOrders: her order, and more (test fault)': {
      event: { type: 'xstate.done.actor.loadOrders', output: { code: 1, message: 'success', data: [placed], has_more: true } },
      when: when('loading', (c) => c.loadError === refusedByFault),
      prepare: async ({ page }) => changedOnce(page, ordersUrl, (json) => ({ ...json, has_more: true })),
      act: nothingToDo,
    },
    'loadOrders: her order': {
      event: { type: 'xstate.done.actor.loadOrders', output: { code: 1, message: 'success', data: [placed], has_more: false } },
      when: when('loading', (c) => c.loadError === undefined),
      act: nothingToDo,
    },
    'orders.retry': {
      event: { type: 'orders.retry' },
      when: when('failed'),
      act: async ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    },
    'order.toggle': {
      event: { type: 'order.toggle', incrementId: placed.increment_id },
      when: when('ready', (c) => c.hasMore && isOpen(c)),
      act: async (journey) => header(journey).click(),
    },
    'orders.more': {
      event: { type: 'orders.more' },
      when: when('ready', (c) => c.hasMore && !isOpen(c)),
      act: async ({ page }) => page.getByRole('button', { name: 'More orders' }).click(),
    },
    'orders.more: her order open (the answer held)': {
      event: { type: 'orders.more' },
      when: when('ready', (c) => c.hasMore && isOpen(c) && c.moreError === undefined),
      prepare: holding(ordersUrl, noneOlder),
      act: async ({ page }) => page.getByRole('button', { name: 'More orders' }).click(),
    },
    'order.changed: moved while older orders load': {
      event: { type: 'order.changed', incrementId: placed.increment_id },
      when: when('loadingMore', (c) => isOpen(c) && c.changedIds.length === 0),
      act: async (journey) => {
        await moveDelivery(journey);
        await releaseHeld(journey.page);
        releasedByMove.add(journey.page);
      },
    },
    'loadMoreOrders: none older (held while her order was open)': {
      event: { type: 'xstate.done.actor.loadMoreOrders', output: noneOlder },
      when: when('loadingMore', isOpen),
      act: async ({ page }) => {
        // Let go here unless her move already did: the list then shows no 'More orders'. Waiting for the request to be
        // held first: let go before it arrived, it stayed held for good (a flake on a busy machine).
        if (!releasedByMove.delete(page)) await releaseHeld(page);
        await expect(page.getByRole('button', { name: /^(More orders|Loading older orders…)$/ })).toHaveCount(0);
      },
    },
    'loadMoreOrders: connection lost': loadMore(new Error('offline'), undefined, failingOnce(ordersUrl)),
    'loadMoreOrders: refused': loadMore({ code: -1, message: refusedByFault }, myOrdersMessages.moreFailed, async ({ page }) =>
      answeredOnce(page, ordersUrl),
    ),
    'loadMoreOrders: none older': loadMore({ code: 1, message: 'success', data: [], has_more: false }, refusedByFault),
    'order.changed: moved in its panel': {
      event: { type: 'order.changed', incrementId: placed.increment_id },
      when: when('ready', (c) => !c.hasMore && isOpen(c)),
      act: moveDelivery,
    },
    'order.toggle: closed meanwhile (the ask then refused: test fault)': {
      event: { type: 'order.toggle', incrementId: placed.increment_id },
      when: when('refreshingOrder', (c) => isOpen(c) && !isMoved(c)),
      prepare: holding(statusUrl, { code: -1, message: refusedByFault }),
      act: async (journey) => {
        await header(journey).click();
        await expect(header(journey)).toHaveAttribute('aria-expanded', 'false');
        // The refusal changes nothing on screen: the journey waits for it to arrive instead.
        const answered = journey.page.waitForEvent('requestfinished', (r) => r.url().includes(statusUrl));
        await releaseHeld(journey.page);
        await answered;
      },
    },
    'order.changed: moved again meanwhile': {
      event: { type: 'order.changed', incrementId: placed.increment_id },
      when: when('refreshingOrder', (c) => isOpen(c) && isMoved(c)),
      prepare: holding(statusUrl),
      act: async (journey) => {
        await moveDelivery(journey);
        await releaseHeld(journey.page);
      },
    },
    'loadOrder: refused': {
      event: { type: 'xstate.done.actor.loadOrder', output: { code: -1, message: refusedByFault } },
      when: when('refreshingOrder', (c) => !isOpen(c)),
      act: nothingToDo,
    },
    'loadOrder: connection lost': {
      event: { type: 'xstate.error.actor.loadOrder', error: new Error('offline') },
      when: when('refreshingOrder', (c) => isOpen(c) && !isMoved(c)),
      prepare: failingOnce(statusUrl),
      act: nothingToDo,
    },
    'loadOrder: as moved': {
      event: { type: 'xstate.done.actor.loadOrder', output: { code: 1, message: 'success', data: moved } },
      when: when('refreshingOrder', (c) => isOpen(c) && !isMoved(c)),
      act: nothingToDo,
    },
  },
  states: {
    'myOrders.loading': { passing: "'Loading your orders…' shows only while the server answers" },
    'myOrders.failed': { shows: (page) => page.getByRole('button', { name: 'Try again' }) },
    'myOrders.ready': { shows: (page) => page.getByRole('button', { name: /^ORDER #/ }) },
    'myOrders.loadingMore': { passing: "'Loading older orders…' shows only while the server answers" },
    'myOrders.refreshingOrder': { passing: 'every order stays on screen while the changed one is asked again' },
  },
  notDriven: {},
};
