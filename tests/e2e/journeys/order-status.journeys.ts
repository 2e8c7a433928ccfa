import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { OrderSummary } from '../../../src/api/contract/checkout.contract.ts';
import { ApiError } from '../../../src/api/http.ts';
import { orderStatusMachine, orderStatusMessages, type OrderStatusContext } from '../../../src/machines/account/order-status.machine.ts';
import { order } from '../../machines/order-fixtures.ts';
import { answeredOnce, changedOnce, heldOnce, lostThenRefused, refusedByFault, type Held } from '../faults.ts';
import { sameDayOrderThroughApi } from '../reach/orders.ts';
import type { EventMapping, MachineMap } from './journey-map.ts';
import { failingOnce, newCustomer, nothingToDo, openWithSession } from './shoppers.ts';

/**
 * 'Track your order' at /order/status?orderId= (orderStatus), her Same Day ribeye a week ahead placed through the API
 * (reach/orders.ts). One long walk: the order lost, refused, then shown with a substitute the seller proposes (a test
 * fault: no seller works here); her refusal lost and the refresh after it lost; her approval refused by the server, the
 * substitute still proposed; her approval saved and the refresh after it refused; her refusal lost again, then the
 * order as the server has it; refreshed by her, then asked again by the page's clock (Playwright's, moved on a minute)
 * while she moves her delivery, which asks it anew. The address without an order number, and someone else's order,
 * each open a page of their own.
 */

const file = 'tests/e2e/journeys/order-status.journeys.ts';
const statusUrl = '/api/account/orderstatus';
const substitutionUrl = '/api/account/order/substitution';
const minuteTick = 'a minute passes (the page clock moved on)';

/** The graph's stand-ins for her order: with the substitute proposed (twice), then as the server answers it (twice). */
const placed = order('1001', 'Local Delivery');
const proposed: OrderSummary = {
  ...placed,
  items: placed.items.map((i) => ({ ...i, item_id: 1, substitution_state: 'proposed', substitute_name: 'USDA Choice Ribeye Steak' })),
};
const proposedAgain: OrderSummary = { ...proposed };
const fresh: OrderSummary = { ...placed };
const freshAgain: OrderSummary = { ...placed };
const standIns = new Map<OrderSummary | undefined, string>([
  [proposed, 'proposed'],
  [proposedAgain, 'proposed again'],
  [fresh, 'fresh'],
  [freshAgain, 'fresh again'],
]);
const notHers = '999999999';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as OrderStatusContext;
const when =
  (state: string, test: (c: OrderStatusContext) => boolean = () => true) =>
  (snapshot: AnyMachineSnapshot) =>
    snapshot.matches(state) && contextOf(snapshot).orderId === placed.increment_id && test(contextOf(snapshot));
const showing = (standIn: OrderSummary) => (c: OrderStatusContext) => c.order === standIn;
/** What a lost answer leaves in the graph (the browser shows the network's message). */
const lostAnswer = orderStatusMessages.answerFailed;

const statusRegion = (page: Page) => page.getByRole('region', { name: 'Order status' });
const refreshButton = (page: Page) => statusRegion(page).getByRole('button', { name: 'Refresh status' });
const substitute = (page: Page) => statusRegion(page).getByRole('group', { name: /^Substitute for / });
const refusalQuestion = (page: Page) => statusRegion(page).getByRole('alertdialog', { name: 'Refuse substitute' });

/** The order's first line as a seller proposing a substitute leaves it (a test fault: no seller works here). */
function proposingSubstitute(json: Record<string, unknown>): unknown {
  const first = (json.data as { items: Record<string, unknown>[] } | undefined)?.items[0];
  if (first) Object.assign(first, { item_id: first.item_id ?? 1, substitution_state: 'proposed', substitute_name: 'USDA Choice Ribeye Steak' });
  return json;
}

function answer(approve: boolean, test: (c: OrderStatusContext) => boolean): EventMapping {
  return {
    event: { type: 'order.substitution', itemId: 1, approve },
    when: when('shown', (c) => (showing(proposed)(c) || showing(proposedAgain)(c)) && test(c)),
    act: async ({ page }) =>
      substitute(page)
        .getByRole('button', { name: approve ? 'Approve substitute' : 'Refuse substitute' })
        .click(),
  };
}

/** Moves her delivery to another slot of its day in the order's panel, as a shopper does; the page then asks the order anew. */
async function moveDelivery(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Change delivery or cancel' });
  await page.getByRole('button', { name: 'Change delivery or cancel' }).click();
  const move = panel.getByRole('button', { name: 'Move delivery' });
  await expect(move).toBeEnabled();
  await panel
    .getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/, pressed: false })
    .first()
    .click();
  await move.click();
  await expect(panel.getByRole('status')).toBeAttached();
  await expect(move).toHaveCount(0);
}

/** The status asked by the page's clock, held until she has moved her delivery. */
const held = new WeakMap<Page, Held>();

export const orderStatusJourneys: MachineMap = {
  // Its minute tick runs on Playwright's clock.
  clock: true,
  machine: orderStatusMachine,
  file,
  variants: [
    {
      name: 'her Same Day order a week ahead',
      input: () => ({ orderId: placed.increment_id }),
      open: async (journey) => {
        const { session, orderId } = await sameDayOrderThroughApi('generated.status');
        journey.notes.set('order', orderId);
        // Playwright's clock: time still flows, and the walk moves it on a minute.
        if (journey.upcoming.includes(minuteTick)) await journey.page.clock.install();
        await openWithSession(journey.page, session, `/order/status?orderId=${orderId}`);
      },
    },
    {
      name: 'no order number in the address',
      input: () => ({ orderId: undefined }),
      open: async ({ page }) => openWithSession(page, (await newCustomer('generated.status')).session, '/order/status'),
      onlyOpens: true,
    },
    {
      name: "someone else's or an unknown order number",
      input: () => ({ orderId: notHers }),
      open: async ({ page }) => openWithSession(page, (await newCustomer('generated.status')).session, `/order/status?orderId=${notHers}`),
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.loadError ?? null, standIns.get(c.order) ?? null, c.answering?.approve ?? null, c.answerError ?? null]);
  },
  events: {
    'loadOrderStatus: not found (404)': {
      event: { type: 'xstate.error.actor.loadOrderStatus', error: new ApiError('Order not found', -1, 404) },
      when: (snapshot) => snapshot.matches('loading') && contextOf(snapshot).orderId === notHers,
      act: nothingToDo,
    },
    ...lostThenRefused('loadOrderStatus', statusUrl, {
      lost: when('loading', (c) => c.loadError === undefined),
      refused: when('loading', (c) => c.loadError === orderStatusMessages.loadFailed),
    }),
    'loadOrderStatus: her order, a substitute proposed (test fault)': {
      event: { type: 'xstate.done.actor.loadOrderStatus', output: { code: 1, message: 'success', data: proposed } },
      when: when('loading', (c) => c.loadError === refusedByFault),
      prepare: async ({ page }) => changedOnce(page, statusUrl, proposingSubstitute),
      act: async ({ page }) => expect(substitute(page)).toBeVisible(),
    },
    'order.retry': {
      event: { type: 'order.retry' },
      when: when('failed'),
      act: async ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    },
    // Each answer at one point of the walk: refused and lost; approved, refused by the server; approved, saved; refused, lost.
    'order.substitution: refuse': answer(false, (c) => c.answerError === undefined),
    'order.substitution: approve': answer(true, (c) => (c.order === proposed ? c.answerError === lostAnswer : c.answerError === refusedByFault)),
    // Refusing the only line's substitute would end her order: the page asks first (QA walk 9 #6); she goes back once, then confirms.
    'order.refusal.keep': {
      event: { type: 'order.refusal.keep' },
      when: when('confirmingRefusal', (c) => c.answerError === undefined && showing(proposed)(c)),
      act: async ({ page }) => {
        const ask = refusalQuestion(page);
        await expect(ask).toContainText('Refusing it leaves nothing in this order: it will be canceled');
        await ask.getByRole('button', { name: 'Go back' }).click();
      },
    },
    'order.refusal.confirm': {
      event: { type: 'order.refusal.confirm' },
      when: when('confirmingRefusal'),
      act: async ({ page }) => refusalQuestion(page).getByRole('button', { name: 'Yes, refuse it' }).click(),
    },
    'answerSubstitution: connection lost': {
      event: { type: 'xstate.error.actor.answerSubstitution', error: new Error('offline') },
      when: when('answering', (c) => c.answering?.approve === false),
      prepare: failingOnce(substitutionUrl),
      act: nothingToDo,
    },
    'answerSubstitution: refused (test fault)': {
      event: { type: 'xstate.error.actor.answerSubstitution', error: new ApiError(refusedByFault, -1, 409) },
      when: when('answering', (c) => c.answering?.approve === true && showing(proposed)(c)),
      prepare: async ({ page }) =>
        page.route(
          (url) => url.pathname.includes(substitutionUrl),
          (route) => route.fulfill({ status: 409, json: { code: -1, message: refusedByFault } }),
          { times: 1 },
        ),
      act: nothingToDo,
    },
    'answerSubstitution: saved (test fault)': {
      event: { type: 'xstate.done.actor.answerSubstitution', output: { code: 1, data: { order_id: placed.increment_id, item_id: 1 } } },
      when: when('answering', (c) => c.answering?.approve === true && showing(proposedAgain)(c)),
      prepare: async ({ page, notes }) => answeredOnce(page, substitutionUrl, { code: 1, data: { order_id: notes.get('order') ?? '', item_id: 1 } }),
      act: nothingToDo,
    },
    'refreshing: connection lost': {
      event: { type: 'xstate.error.actor.loadOrderStatus', error: new Error('offline') },
      when: when('refreshing', (c) => showing(proposed)(c) && c.answerError === lostAnswer),
      prepare: failingOnce(statusUrl),
      act: nothingToDo,
    },
    'refreshing: the substitute still proposed (test fault)': {
      event: { type: 'xstate.done.actor.loadOrderStatus', output: { code: 1, message: 'success', data: proposedAgain } },
      when: when('refreshing', (c) => showing(proposed)(c) && c.answerError === refusedByFault),
      prepare: async ({ page }) => changedOnce(page, statusUrl, proposingSubstitute),
      act: nothingToDo,
    },
    'refreshing: refused (test fault)': {
      event: { type: 'xstate.done.actor.loadOrderStatus', output: { code: -1, message: refusedByFault } },
      when: when('refreshing', (c) => showing(proposedAgain)(c) && c.answerError === undefined),
      prepare: async ({ page }) => answeredOnce(page, statusUrl),
      act: nothingToDo,
    },
    'refreshing: her order as the server has it': {
      event: { type: 'xstate.done.actor.loadOrderStatus', output: { code: 1, message: 'success', data: fresh } },
      when: when('refreshing', (c) => showing(proposedAgain)(c) && c.answerError === lostAnswer),
      act: async ({ page }) => expect(substitute(page)).toHaveCount(0),
    },
    'order.refresh': {
      event: { type: 'order.refresh' },
      when: when('shown', showing(fresh)),
      act: async ({ page }) => refreshButton(page).click(),
    },
    'refreshing: her order again': {
      event: { type: 'xstate.done.actor.loadOrderStatus', output: { code: 1, message: 'success', data: freshAgain } },
      when: when('refreshing', showing(fresh)),
      act: nothingToDo,
    },
    [minuteTick]: {
      event: { type: 'xstate.after.refreshInterval.orderStatus.shown' },
      when: when('shown', showing(freshAgain)),
      act: async ({ page }) => page.clock.fastForward('01:01'),
    },
    'order.refresh: her delivery moved while the status was asked': {
      event: { type: 'order.refresh' },
      when: when('refreshing', showing(freshAgain)),
      prepare: async ({ page }) => held.set(page, await heldOnce(page, statusUrl)),
      act: async ({ page }) => {
        const asked = held.get(page);
        await asked?.arrived;
        // The asking again after the move, answered by the server; then the clock's ask goes on too.
        const askedAnew = page.waitForRequest((r) => r.url().includes(statusUrl));
        await moveDelivery(page);
        await askedAnew;
        asked?.release();
        await expect(refreshButton(page)).toBeEnabled();
      },
    },
  },
  states: {
    'orderStatus.checking': { passing: 'decided before the page draws: an order number in the address or not' },
    'orderStatus.loading': { passing: "'Loading your order…' shows only while the server answers" },
    'orderStatus.failed': { shows: (page) => page.getByRole('button', { name: 'Try again' }) },
    'orderStatus.shown': { shows: (page) => refreshButton(page).and(page.getByRole('button', { disabled: false })) },
    'orderStatus.confirmingRefusal': { shows: (page) => refusalQuestion(page) },
    'orderStatus.answering': { passing: 'the substitute buttons are disabled only while the answer is sent' },
    'orderStatus.refreshing': { passing: 'the order stays on screen while it is asked again' },
    'orderStatus.notFound': { shows: (page) => page.getByRole('alert').filter({ hasText: orderStatusMessages.notFound }) },
    'orderStatus.noOrder': { shows: (page) => page.getByRole('alert').filter({ hasText: orderStatusMessages.noOrder }) },
  },
  notDriven: {},
};
