import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { DashboardData, DashboardReply, PreferencesBody, PreferencesReply } from '../../src/api/contract/account.contract.ts';
import type {
  AddressMessageReply,
  GetAddressesReply,
  SetDefaultAddressReply,
  UpdateAddressBody,
  UpdateAddressReply,
} from '../../src/api/contract/address.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { accountDashboardMachine } from '../../src/machines/account/account-dashboard.machine.ts';
import { selectCanDeleteAddress, selectCanEditAddress, selectCanMakeDefault, selectConfirmingDeleteId } from '../../src/machines/account/index.ts';
import { accountMessages, type AccountDashboardContext, type AccountDashboardInput } from '../../src/machines/account/account-dashboard.setup.ts';
import type { AddressValues } from '../../src/rules/address-validation.ts';
import { address } from './checkout-fixtures.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const dashboard: DashboardData = {
  name: 'Ada Lovelace',
  address: '350 5th Ave, New York, NY 10001',
  email: 'ada@example.com',
  newsletter_subscription: 0,
  notification: 1,
  list_cards: [],
  identity: { status: 'refused', reason: 'Under 21' },
};
const home = address({ address_id: 1, street2: 'Floor 2', telephone: '2125550100', default_address: '1' });
const work = address({ address_id: 2, address_nickname: 'Work', street1: '1 Main St', telephone: '2125550100' });
const offline = new ApiError('You are not connected to internet', 500, 0);
const goodValues: AddressValues = {
  firstName: 'Ada',
  lastName: 'Byron',
  address: '1 Main St',
  address2: '',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  addressNickname: 'Home',
  phone: '2125550100',
};

const { label } = labelled();
const dashLoaded = label('loadDashboard: ok', done('loadDashboard', { code: 1, data: dashboard }));
const dashRefused = label('loadDashboard: code -1', done('loadDashboard', { code: -1, message: 'No account' }));
const dashFailed = label('loadDashboard: offline', failed('loadDashboard'));
const prefsSaved = label('savePreferences: ok', done('savePreferences', { code: 1, data: { newsletter_subscription: 1, notification: 1 } }));
const prefsRefused = label('savePreferences: code -1', done('savePreferences', { code: -1, message: 'Not now' }));
const prefsFailed = label('savePreferences: offline', failed('savePreferences'));
const addrLoaded = label('loadAddresses: home, work', done('loadAddresses', { code: 1, data: [work, home] }));
const addrRefused = label('loadAddresses: code -1', done('loadAddresses', { code: -1, message: 'No' }));
const addrFailed = label('loadAddresses: offline', failed('loadAddresses'));
const defaultSet = label('setDefaultAddress: ok', done('setDefaultAddress', [{ code: 1, message: 'Default shipping address updated.' }]));
const defaultRefused = label('setDefaultAddress: code -1', done('setDefaultAddress', [{ code: -1, message: 'Not allowed' }]));
const defaultFailed = label('setDefaultAddress: offline', failed('setDefaultAddress'));
const deleted = label('deleteAddress: ok', done('deleteAddress', { code: 1, message: 'Address deleted.' }));
const deleteRefused = label('deleteAddress: code -1', done('deleteAddress', { code: -1, message: 'No' }));
const deleteFailed = label('deleteAddress: offline', failed('deleteAddress'));
const updated = label('updateAddress: ok', done('updateAddress', { code: 1, message: 'Address updated.' }));
const updateRefused = label('updateAddress: code -1', done('updateAddress', { code: -1 }));
const updateFailed = label('updateAddress: offline', failed('updateAddress'));
const save = label('address.save', { type: 'address.save', values: goodValues });

/**
 * The two regions are walked one after the other, so the graph stays small: the dashboard region moves while the
 * addresses still load (or while a reload runs), the address table once the dashboard is idle.
 */
function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as AccountDashboardContext;
  const addressesLoading = snapshot.matches({ addresses: 'loading' });
  const infoIdle = snapshot.matches({ info: { ready: 'idle' } });
  const events: AnyEventObject[] = [];
  if (addressesLoading || !infoIdle) {
    if (snapshot.matches({ info: 'loading' })) events.push(dashLoaded, dashRefused, dashFailed);
    if (snapshot.matches({ info: 'failed' })) events.push({ type: 'dashboard.retry' });
    if (snapshot.matches({ info: { ready: 'saving' } })) events.push(prefsSaved, prefsRefused, prefsFailed);
  }
  if (addressesLoading && infoIdle)
    events.push({ type: 'preference.toggle', preference: 'newsletter_subscription', on: c.dashboard?.newsletter_subscription !== 1 });
  if (addressesLoading) events.push(addrLoaded, addrRefused, addrFailed);
  if (!infoIdle) return events;
  if (snapshot.matches({ addresses: 'failed' })) events.push({ type: 'addresses.retry' });
  if (snapshot.matches({ addresses: { list: 'idle' } })) {
    events.push(
      { type: 'address.default', addressId: 2 },
      { type: 'address.default', addressId: 1 },
      { type: 'address.delete', addressId: 99 },
      { type: 'address.edit', addressId: 99 },
    );
    if (c.addresses.length === 2)
      events.push({ type: 'address.delete', addressId: 1 }, { type: 'address.delete', addressId: 2 }, { type: 'address.edit', addressId: 1 });
  }
  if (snapshot.matches({ addresses: { list: 'settingDefault' } })) events.push(defaultSet, defaultRefused, defaultFailed);
  if (snapshot.matches({ addresses: { list: 'confirmingDelete' } }))
    events.push({ type: 'address.delete.confirm' }, { type: 'address.delete.cancel' });
  if (snapshot.matches({ addresses: { list: 'deleting' } })) events.push(deleted, deleteRefused, deleteFailed);
  if (snapshot.matches({ addresses: { list: { editing: 'form' } } })) {
    events.push(
      save,
      { type: 'address.edit.cancel' },
      { type: 'address.edit', addressId: c.editingId === 1 ? 2 : 1 },
      { type: 'address.edit', addressId: c.editingId ?? 1 },
    );
  }
  if (snapshot.matches({ addresses: { list: { editing: 'saving' } } })) events.push(updated, updateRefused, updateFailed);
  return events;
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as AccountDashboardContext;
  return JSON.stringify([
    snapshot.value,
    c.dashboard ? [c.dashboard.newsletter_subscription, c.dashboard.notification] : null,
    c.addresses.map((a) => `${a.id}:${a.defaultAddress}`),
    c.pendingAddressId ?? null,
    c.editingId ?? null,
  ]);
};

describe('account dashboard paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const inputs: { name: string; input: AccountDashboardInput }[] = [{ name: 'customer', input: { customerId: 7 } }];
  for (const who of inputs) {
    const plans = planPaths(accountDashboardMachine, { input: who.input, events: eventsFor, serializeState });
    describe(who.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const result = replay(accountDashboardMachine, plan, who.input);
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        const c = result.snapshot.context as AccountDashboardContext;
        // At most one default address, and the default is listed first or was just marked.
        expect(c.addresses.filter((a) => a.defaultAddress === '1').length).toBeLessThanOrEqual(1);
        // The form is open exactly while editing.
        expect(c.editingId !== undefined).toBe(result.snapshot.matches({ addresses: { list: 'editing' } }));
      });
    });
  }

  it(coverageTitle(accountDashboardMachine), () => {
    expect([...allStateIds(accountDashboardMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(accountDashboardMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

interface Fakes {
  setDefault?: () => Promise<SetDefaultAddressReply>;
  remove?: () => Promise<AddressMessageReply>;
  update?: (body: Omit<UpdateAddressBody, 'store_id' | 'api_token'>) => Promise<UpdateAddressReply>;
  preferences?: () => Promise<PreferencesReply>;
}

function start(fakes: Fakes = {}) {
  const notifyFailure = vi.fn<(message: string) => void>();
  const notifyUpdated = vi.fn<() => void>();
  const calls = { dashboard: 0, addresses: 0 };
  const machine = accountDashboardMachine.provide({
    actors: {
      loadDashboard: fromPromise<DashboardReply>(async () => {
        calls.dashboard += 1;
        return { code: 1, data: dashboard };
      }),
      loadAddresses: fromPromise<GetAddressesReply, { customerId: number }>(async () => {
        calls.addresses += 1;
        return { code: 1, data: [home, work] };
      }),
      setDefaultAddress: fromPromise<SetDefaultAddressReply, { customerId: number; addressId: number }>(() =>
        fakes.setDefault ? fakes.setDefault() : Promise.resolve([{ code: 1, message: 'ok' }]),
      ),
      deleteAddress: fromPromise<AddressMessageReply, { addressId: number }>(() => (fakes.remove ? fakes.remove() : Promise.resolve({ code: 1 }))),
      updateAddress: fromPromise<UpdateAddressReply, Omit<UpdateAddressBody, 'store_id' | 'api_token'>>(({ input }) =>
        fakes.update ? fakes.update(input) : Promise.resolve({ code: 1 }),
      ),
      savePreferences: fromPromise<PreferencesReply, Omit<PreferencesBody, 'store_id' | 'api_token'>>(() =>
        fakes.preferences ? fakes.preferences() : Promise.resolve({ code: 1, data: { newsletter_subscription: 1, notification: 1 } }),
      ),
    },
    actions: { notifyFailure: (_, params) => notifyFailure(params.message), notifyUpdated: () => notifyUpdated() },
  });
  const actor = createActor(machine, { input: { customerId: 7 } }).start();
  return { actor, notifyFailure, notifyUpdated, calls };
}

const ready = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches({ info: { ready: 'idle' } }) && s.matches({ addresses: { list: 'idle' } }));

describe('account dashboard behaviour', () => {
  it('make default marks the chosen address 1 and the previous 0; a refusal alerts the server message', async () => {
    const ok = start();
    await ready(ok.actor);
    ok.actor.send({ type: 'address.default', addressId: 2 });
    await ready(ok.actor);
    expect(ok.actor.getSnapshot().context.addresses.map((a) => [a.id, a.defaultAddress])).toEqual([
      [1, '0'],
      [2, '1'],
    ]);
    // The primary address of YOUR INFORMATION is read again.
    expect(ok.calls.dashboard).toBe(2);
    // Issue 23: an update that worked says so ('Updated SuccessFully', the spec's default success toast).
    expect(ok.notifyUpdated).toHaveBeenCalledTimes(1);

    const refused = start({ setDefault: async () => [{ code: -1, message: 'Address not allowed' }] });
    await ready(refused.actor);
    refused.actor.send({ type: 'address.default', addressId: 2 });
    await ready(refused.actor);
    expect(refused.notifyFailure).toHaveBeenCalledWith('Address not allowed');
    expect(refused.notifyUpdated).not.toHaveBeenCalled();
    expect(refused.actor.getSnapshot().context.addresses.find((a) => a.id === 1)?.defaultAddress).toBe('1');
  });

  it('delete asks to confirm first: Keep changes nothing, and nothing is sent until the shopper confirms', async () => {
    const remove = vi.fn(async (): Promise<AddressMessageReply> => ({ code: 1 }));
    const t = start({ remove });
    await ready(t.actor);
    t.actor.send({ type: 'address.delete', addressId: 2 });
    expect(t.actor.getSnapshot().matches({ addresses: { list: 'confirmingDelete' } })).toBe(true);
    expect(selectConfirmingDeleteId(t.actor.getSnapshot())).toBe(2);
    t.actor.send({ type: 'address.delete.cancel' });
    expect(t.actor.getSnapshot().matches({ addresses: { list: 'idle' } })).toBe(true);
    expect(selectConfirmingDeleteId(t.actor.getSnapshot())).toBeUndefined();
    expect(t.actor.getSnapshot().context.addresses).toHaveLength(2);
    expect(remove).not.toHaveBeenCalled();
  });

  it('delete removes the address on code 1 only', async () => {
    const ok = start();
    await ready(ok.actor);
    ok.actor.send({ type: 'address.delete', addressId: 2 });
    ok.actor.send({ type: 'address.delete.confirm' });
    await ready(ok.actor);
    expect(ok.actor.getSnapshot().context.addresses.map((a) => a.id)).toEqual([1]);

    const refused = start({ remove: async () => ({ code: -1 }) });
    await ready(refused.actor);
    refused.actor.send({ type: 'address.delete', addressId: 2 });
    refused.actor.send({ type: 'address.delete.confirm' });
    await ready(refused.actor);
    expect(refused.actor.getSnapshot().context.addresses).toHaveLength(2);
    expect(refused.notifyFailure).toHaveBeenCalledWith(accountMessages.somethingWentWrong);
  });

  it('edit opens prefilled, then saves what the form hands over, closes and reloads', async () => {
    const bodies: unknown[] = [];
    const { actor, calls } = start({
      update: async (body) => {
        bodies.push(body);
        return { code: 1 };
      },
    });
    await ready(actor);
    actor.send({ type: 'address.edit', addressId: 1 });
    expect(actor.getSnapshot().context.editValues).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: '350 5th Ave',
      city: 'New York',
      zip: '10001',
      state: 'NY',
      phone: '2125550100',
    });
    actor.send({ type: 'address.save', values: goodValues });
    await ready(actor);
    expect(bodies).toEqual([
      {
        address_id: 1,
        first_name: 'Ada',
        last_name: 'Byron',
        street: '1 Main St',
        street2: '',
        city: 'New York',
        state: 'NY',
        postcode: '10001',
        telephone: '2125550100',
        nickname: 'Home',
      },
    ]);
    expect(actor.getSnapshot().context.editingId).toBeUndefined();
    expect(calls.addresses).toBe(2);
    expect(calls.dashboard).toBe(2);
  });

  it("a refused edit keeps the form open and alerts 'something went wrong'", async () => {
    const { actor, notifyFailure } = start({ update: async () => ({ code: -1 }) });
    await ready(actor);
    actor.send({ type: 'address.edit', addressId: 2 });
    actor.send({ type: 'address.save', values: goodValues });
    await waitFor(actor, (s) => s.matches({ addresses: { list: { editing: 'form' } } }));
    expect(notifyFailure).toHaveBeenCalledWith('something went wrong');
    expect(actor.getSnapshot().context.editingId).toBe(2);
  });

  it('a preference switch moves at once and rolls back with a message when saving fails', async () => {
    const { actor, notifyFailure } = start({ preferences: () => Promise.reject(offline) });
    await ready(actor);
    actor.send({ type: 'preference.toggle', preference: 'newsletter_subscription', on: true });
    expect(actor.getSnapshot().context.dashboard?.newsletter_subscription).toBe(1);
    expect(actor.getSnapshot().can({ type: 'preference.toggle', preference: 'notification', on: false })).toBe(false);
    await ready(actor);
    expect(actor.getSnapshot().context.dashboard?.newsletter_subscription).toBe(0);
    expect(notifyFailure).toHaveBeenCalledWith('You are not connected to internet');

    const saved = start();
    await ready(saved.actor);
    saved.actor.send({ type: 'preference.toggle', preference: 'newsletter_subscription', on: true });
    await ready(saved.actor);
    expect(saved.actor.getSnapshot().context.dashboard?.newsletter_subscription).toBe(1);
  });

  it('keeps the identity status the dashboard answered through a saved and a rolled-back switch', async () => {
    const saved = start();
    await ready(saved.actor);
    expect(saved.actor.getSnapshot().context.dashboard?.identity).toEqual({ status: 'refused', reason: 'Under 21' });
    saved.actor.send({ type: 'preference.toggle', preference: 'newsletter_subscription', on: true });
    await ready(saved.actor);
    expect(saved.actor.getSnapshot().context.dashboard?.identity).toEqual({ status: 'refused', reason: 'Under 21' });

    const failing = start({ preferences: () => Promise.reject(offline) });
    await ready(failing.actor);
    failing.actor.send({ type: 'preference.toggle', preference: 'notification', on: false });
    await ready(failing.actor);
    expect(failing.actor.getSnapshot().context.dashboard?.identity).toEqual({ status: 'refused', reason: 'Under 21' });
  });

  it('enables Make default, Edit and Delete exactly where the machine takes them (a click elsewhere would be dropped)', async () => {
    // Each call waits for the test's answer, so every state of the address table can be looked at.
    const answers: Record<string, ((reply: unknown) => void)[]> = {};
    const fails: Record<string, ((error: unknown) => void)[]> = {};
    const held =
      <T>(id: string) =>
      () =>
        new Promise<T>((resolve, reject) => {
          (answers[id] ??= []).push(resolve as (reply: unknown) => void);
          (fails[id] ??= []).push(reject);
        });
    // The call has been made (its promise is waiting) before the test answers it.
    const asked = (id: string) => vi.waitFor(() => expect(answers[id]?.length).toBe(1));
    const answer = async (id: string, reply: unknown) => {
      await asked(id);
      fails[id]?.shift();
      answers[id]?.shift()?.(reply);
    };
    const fail = async (id: string) => {
      await asked(id);
      answers[id]?.shift();
      fails[id]?.shift()?.(offline);
    };
    const machine = accountDashboardMachine.provide({
      actors: {
        loadDashboard: fromPromise<DashboardReply>(async () => ({ code: 1, data: dashboard })),
        loadAddresses: fromPromise<GetAddressesReply, { customerId: number }>(held('loadAddresses')),
        setDefaultAddress: fromPromise<SetDefaultAddressReply, { customerId: number; addressId: number }>(held('setDefaultAddress')),
        deleteAddress: fromPromise<AddressMessageReply, { addressId: number }>(held('deleteAddress')),
        updateAddress: fromPromise<UpdateAddressReply, Omit<UpdateAddressBody, 'store_id' | 'api_token'>>(held('updateAddress')),
      },
      actions: { notifyFailure: () => undefined, notifyUpdated: () => undefined },
    });
    const seen = new Map<string, { makeDefault: boolean; edit: boolean; remove: boolean }>();
    const actor = createActor(machine, { input: { customerId: 7 } });
    actor.subscribe((s) => {
      for (const addressId of [1, 2]) {
        const where = `${JSON.stringify(s.value)} #${addressId}`;
        expect(selectCanMakeDefault(addressId)(s), where).toBe(s.can({ type: 'address.default', addressId }));
        expect(selectCanEditAddress(addressId)(s), where).toBe(s.can({ type: 'address.edit', addressId }));
        expect(selectCanDeleteAddress(addressId)(s), where).toBe(s.can({ type: 'address.delete', addressId }));
      }
      // Work (2) is not the default: all three buttons are drawn on its row.
      const region = JSON.stringify((s.value as { addresses: unknown }).addresses);
      seen.set(region, { makeDefault: selectCanMakeDefault(2)(s), edit: selectCanEditAddress(2)(s), remove: selectCanDeleteAddress(2)(s) });
    });
    actor.start();
    const at = (addresses: unknown) => waitFor(actor, (s) => s.matches({ addresses } as never));
    await answer('loadAddresses', { code: 1, data: [home, work] });
    await at({ list: 'idle' });
    // EDIT SHIPPING ADDRESS open: Make default and Delete are not taken; Edit switches or closes the form.
    actor.send({ type: 'address.edit', addressId: 2 });
    actor.send({ type: 'address.save', values: goodValues });
    await at({ list: { editing: 'saving' } });
    await answer('updateAddress', { code: -1 });
    await at({ list: { editing: 'form' } });
    actor.send({ type: 'address.edit.cancel' });
    actor.send({ type: 'address.default', addressId: 2 });
    await at({ list: 'settingDefault' });
    await answer('setDefaultAddress', [{ code: -1, message: 'No' }]);
    await at({ list: 'idle' });
    // Deleting the default reads the table again; that read fails: the rows shown are the last ones read.
    actor.send({ type: 'address.delete', addressId: 1 });
    await at({ list: 'confirmingDelete' });
    actor.send({ type: 'address.delete.confirm' });
    await at({ list: 'deleting' });
    await answer('deleteAddress', { code: 1, message: 'Address deleted.' });
    await at('loading');
    await fail('loadAddresses');
    await at('failed');
    expect(actor.getSnapshot().context.addresses.map((a) => a.id)).toEqual([2]);
    actor.stop();
    const off = { makeDefault: false, edit: false, remove: false };
    expect(Object.fromEntries(seen)).toEqual({
      '"loading"': off,
      '{"list":"idle"}': { makeDefault: true, edit: true, remove: true },
      '{"list":{"editing":"form"}}': { makeDefault: false, edit: true, remove: false },
      '{"list":{"editing":"saving"}}': off,
      '{"list":"settingDefault"}': off,
      '{"list":"confirmingDelete"}': off,
      '{"list":"deleting"}': off,
      '"failed"': off,
    });
  });
});
