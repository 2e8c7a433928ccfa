import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { settingTabsMachine, type SettingTabsInput } from '../../src/machines/account/setting-tabs.machine.ts';
import { settingTabs } from '../../src/rules/account-settings.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const events: AnyEventObject[] = settingTabs.flatMap((tab) => [
  { type: 'tab.select', tab },
  { type: 'tab.sync', tab },
]);
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);

describe('setting tabs paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const inputs: SettingTabsInput[] = [{ tab: 'user' }, { tab: 'order' }, { tab: 'chat' }];
  for (const input of inputs) {
    const plans = planPaths(settingTabsMachine, { input, events, serializeState });
    describe(`/setting/${input.tab}`, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const result = replay(settingTabsMachine, plan, input);
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
      });
    });
  }

  it(coverageTitle(settingTabsMachine), () => {
    expect([...allStateIds(settingTabsMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(settingTabsMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('setting tabs behaviour', () => {
  function start(tab: SettingTabsInput['tab']) {
    const goToTab = vi.fn<(tab: string) => void>();
    const machine = settingTabsMachine.provide({ actions: { goToTab: (_, params) => goToTab(params.tab) } });
    return { actor: createActor(machine, { input: { tab } }).start(), goToTab };
  }

  it('opens the tab the URL names; chat shows the Account tab', () => {
    expect(start('user').actor.getSnapshot().value).toBe('account');
    expect(start('order').actor.getSnapshot().value).toBe('orders');
    expect(start('chat').actor.getSnapshot().value).toBe('account');
  });

  it('a tab click changes the URL; a URL change only follows', () => {
    const { actor, goToTab } = start('user');
    actor.send({ type: 'tab.select', tab: 'order' });
    expect(goToTab).toHaveBeenCalledWith('order');
    expect(actor.getSnapshot().value).toBe('orders');
    actor.send({ type: 'tab.select', tab: 'order' });
    expect(goToTab).toHaveBeenCalledTimes(1);
    actor.send({ type: 'tab.sync', tab: 'user' });
    expect(actor.getSnapshot().value).toBe('account');
    expect(goToTab).toHaveBeenCalledTimes(1);
  });
});
