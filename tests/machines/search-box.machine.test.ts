import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { ListingReply } from '../../src/api/contract/catalogue.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { searchBoxMachine } from '../../src/machines/store/search-box.machine.ts';
import { selectSearchLinkOffered } from '../../src/machines/store/index.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { emptyListingQuery, searchRequest, type ListingArea } from '../../src/rules/listing-query.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const afterDebounce = { type: 'xstate.after.searchDebounce.searchBox.debouncing' };
const reply: ListingReply = {
  code: 1,
  data: { products: [], filters: [], pagination: { total_records: 7, total_page: 1, limit: 10, current_page: 0 } },
};
const found = { type: 'xstate.done.actor.searchProducts', output: reply };
const failed = { type: 'xstate.error.actor.searchProducts', error: new ApiError('You are not connected to internet', 500, 0) };

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const typing: AnyEventObject[] = [{ type: 'search.type', text: ' salmon ' }, { type: 'search.type', text: '   ' }, { type: 'search.close' }];
  if (snapshot.matches('debouncing')) return [...typing, afterDebounce];
  if (snapshot.matches('searching')) return [...typing, found, failed];
  return typing;
}

const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as { text: string; query: string; total: number; message?: string };
  return JSON.stringify([s.value, c.text, c.query, c.total, c.message ?? null]);
};

describe('search box paths', () => {
  const input = () => ({ session: createActor(sessionMachine, { input: { zipcode: '10001', location: 101 } }).start() });
  const plans = planPaths(searchBoxMachine, { input: input(), events: eventsFor, serializeState });
  const taken = new Set<string>();
  const reached = new Set<string>();

  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const result = replay(searchBoxMachine, plan, input());
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    if (result.snapshot.matches('searching')) expect(result.snapshot.context.query).toBe('salmon');
  });

  it(coverageTitle(searchBoxMachine), () => {
    expect([...allStateIds(searchBoxMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(searchBoxMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('search box timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches once, 1 s after the last key, with the trimmed text', async () => {
    const queries: string[] = [];
    const machine = searchBoxMachine.provide({
      actors: {
        searchProducts: fromPromise(async ({ input }: { input: { q: string; area: ListingArea } }) => {
          queries.push(input.q);
          return reply;
        }),
      },
    });
    const session = createActor(sessionMachine, { input: { zipcode: '10001', location: 101 } }).start();
    const actor = createActor(machine, { input: { session } }).start();
    actor.send({ type: 'search.type', text: 's' });
    vi.advanceTimersByTime(600);
    actor.send({ type: 'search.type', text: 'salm' });
    vi.advanceTimersByTime(600);
    actor.send({ type: 'search.type', text: ' salmon ' });
    vi.advanceTimersByTime(999);
    expect(queries).toEqual([]);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('showing'));
    expect(queries).toEqual(['salmon']);
    expect(actor.getSnapshot().context.total).toBe(7);
  });

  it("offers 'Click Here to See Result' only with a result: none to an empty page (QA walk 9 S9)", async () => {
    const answer = (total: number) =>
      searchBoxMachine.provide({
        actors: {
          searchProducts: fromPromise(async (): Promise<ListingReply> => ({
            code: 1,
            data: { products: [], filters: [], pagination: { total_records: total, total_page: total > 0 ? 1 : 0, limit: 10, current_page: 0 } },
          })),
        },
      });
    const session = createActor(sessionMachine, { input: { zipcode: '10001', location: 101 } }).start();
    for (const [total, offered] of [
      [0, false],
      [7, true],
    ] as const) {
      const actor = createActor(answer(total), { input: { session } }).start();
      actor.send({ type: 'search.type', text: total === 0 ? 'xyzzy' : 'salmon' });
      vi.advanceTimersByTime(1000);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('showing'));
      expect(actor.getSnapshot().context.total).toBe(total);
      expect(selectSearchLinkOffered(actor.getSnapshot())).toBe(offered);
      actor.stop();
    }
  });

  it('empty text does nothing', () => {
    const session = createActor(sessionMachine, { input: {} }).start();
    const actor = createActor(searchBoxMachine, { input: { session } }).start();
    actor.send({ type: 'search.type', text: '    ' });
    vi.advanceTimersByTime(5_000);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

describe("the box asks in the shopper's mode, as the search page its link opens", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** The query the box's search call carries, for a session of these stored values. */
  async function boxQuery(values: Record<string, unknown>): Promise<URLSearchParams> {
    vi.useFakeTimers();
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve(new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    const session = createActor(sessionMachine, { input: { zipcode: '10001', location: 101, ...values } }).start();
    const actor = createActor(searchBoxMachine, { input: { session } }).start();
    actor.send({ type: 'search.type', text: ' steak ' });
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('showing'));
    expect(asked).toHaveLength(1);
    return new URL(asked[0] ?? '', 'http://store.test').searchParams;
  }
  /** What the search page asks for the same text and area (its page size aside). */
  const pageQuery = (area: ListingArea) => {
    const request = searchRequest({ ...emptyListingQuery, q: 'steak' }, area);
    return Object.fromEntries(
      Object.entries(request?.query ?? {})
        .filter(([key, value]) => key !== 'limit' && value !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
  };
  const without = (params: URLSearchParams, ...keys: string[]) => Object.fromEntries([...params].filter(([key]) => !keys.includes(key)));

  it('Dine-In at a restaurant: the courier type and the restaurant, so the total is that restaurant’s', async () => {
    const params = await boxQuery({ couriertype: 'dine-in', retailer: 401 });
    expect(params.get('courier_type')).toBe('dine-in');
    expect(params.get('vendor_location_id')).toBe('401');
    expect(without(params, 'limit', 'store_id')).toEqual(
      pageQuery({ zipcode: '10001', loc_id: 101, courier_type: 'dine-in', vendor_location_id: 401 }),
    );
  });

  it('Pick-Up at a restaurant, and a delivery speed (which carries no restaurant)', async () => {
    const pickup = await boxQuery({ couriertype: 'pickup', retailer: 402 });
    expect([pickup.get('courier_type'), pickup.get('vendor_location_id')]).toEqual(['pickup', '402']);
    const delivery = await boxQuery({ couriertype: 'local', retailer: 402 });
    expect([delivery.get('courier_type'), delivery.get('vendor_location_id')]).toEqual(['local', null]);
  });
});
