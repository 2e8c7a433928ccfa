import { expect, tabTest as test } from '../fixtures.ts';
import { journeysOf, modelOf, type Journey, type JourneyPlan, type MachineMap } from './journey-map.ts';

/**
 * Leaving a page ends a chain of replies (a check, a move, then the next page's load): on a busy machine (load 15–19,
 * a CI run beside other work) that chain alone once took longer than the 15 s an expectation waits by default.
 */
const leavingTimeoutMs = 45_000;

function variantOf(map: MachineMap, plan: JourneyPlan) {
  const variant = map.variants.find((v) => v.name === plan.variant);
  if (!variant) throw new Error(`${map.machine.id}: no variant '${plan.variant}' in ${map.file}`);
  return variant;
}

/** The address of the page one of the active states leaves for, if one does. */
function leavingOf(map: MachineMap, active: readonly string[]): RegExp | undefined {
  for (const id of active) {
    const state = map.states[id];
    if (state !== undefined && 'leaves' in state && state.leaves) return state.leaves;
  }
  return undefined;
}

/** What the page must show for the given active states (each state's mapping once). */
async function expectStates(map: MachineMap, active: readonly string[], journey: Journey, after: string): Promise<void> {
  const leaves = leavingOf(map, active);
  if (leaves) {
    await expect(journey.page, `${map.machine.id} after ${after}: left the page`).toHaveURL(leaves, { timeout: leavingTimeoutMs });
    return;
  }
  for (const id of active) {
    const state = map.states[id];
    if (state === undefined) throw new Error(`${map.machine.id}: state '${id}' has no mapping in ${map.file}`);
    if ('passing' in state) continue;
    const message = `${map.machine.id} after ${after}: ${id}`;
    if (state.shows) await expect(state.shows(journey.page).first(), message).toBeVisible();
    if (state.hides) await expect(state.hides(journey.page), message).toHaveCount(0);
  }
}

/** One plan in the browser: the variant's opening, then each step's act, each followed by what the page shows. */
async function runJourney(map: MachineMap, plan: JourneyPlan, journey: Journey): Promise<void> {
  const variant = variantOf(map, plan);
  const names = plan.steps.map((step) => step.event);
  const mappingOf = (name: string) => {
    const mapping = map.events[name];
    if (!mapping) throw new Error(`${map.machine.id}: no event mapping '${name}' in ${map.file}`);
    return mapping;
  };
  const model = modelOf(map, variant);
  const isReply = (name: string | undefined) => {
    if (name === undefined) return false;
    const mapping = mappingOf(name);
    return mapping.reply !== undefined || /^xstate\.(done|error)\.actor\./.test(mapping.event.type);
  };
  const comesWithTheOneBefore = (name: string | undefined) => name !== undefined && mappingOf(name).reply === 'with the one before';
  // A server's reply arrives by itself, possibly before the next line runs: whatever it needs (a request failing
  // once) is set up before the action that sends its request, for the whole chain of replies that follows it.
  const prepared = new Set<number>();
  const prepareFrom = async (first: number) => {
    for (let index = first; index < names.length; index++) {
      const name = names[index];
      if (name === undefined) break;
      if (!prepared.has(index)) {
        prepared.add(index);
        journey.upcoming = names.slice(index);
        await mappingOf(name).prepare?.(journey);
      }
      // Only a reply is followed by another without the shopper acting; an action's reply is set up before it acts.
      if (!isReply(name) || !isReply(names[index + 1])) break;
    }
  };
  journey.model = model.getSnapshot();
  await prepareFrom(0);
  journey.upcoming = names;
  await variant.open(journey);
  // A first reply that leaves the page (a cart found ordered on loading) may arrive before the opening page is looked
  // at: its own step checks where the page went.
  const first = plan.steps[0];
  if (!(first && isReply(first.event) && leavingOf(map, first.active))) await expectStates(map, plan.initial, journey, 'opening');
  for (const [index, step] of plan.steps.entries()) {
    await prepareFrom(index + 1);
    journey.upcoming = names.slice(index + 1);
    const mapping = mappingOf(step.event);
    journey.model = model.getSnapshot();
    await mapping.act(journey);
    model.send(mapping.event);
    if (mapping.leaves) {
      await expect(journey.page, `${map.machine.id} after ${step.event}: left the page`).toHaveURL(mapping.leaves, { timeout: leavingTimeoutMs });
      continue;
    }
    // After an action that sends a request, its waiting state may be over before the page is looked at (a fast reply
    // that leaves the page): the reply's own step checks what follows.
    // Nor is a state the next report, sent with the same answer, has already ended.
    const next = names[index + 1];
    if ((isReply(step.event) || !isReply(next)) && !comesWithTheOneBefore(next)) await expectStates(map, step.active, journey, step.event);
  }
}

/** The generated journeys of one machine, one Playwright test each. */
export function describeJourneys(map: MachineMap): void {
  test.describe(`${map.machine.id} (generated)`, () => {
    if (map.clock) test.use({ freshContext: true });
    for (const plan of journeysOf(map)) {
      test(plan.title, async ({ page }) => {
        await runJourney(map, plan, { page, model: modelOf(map, variantOf(map, plan)).getSnapshot(), upcoming: [], notes: new Map() });
      });
    }
  });
}
