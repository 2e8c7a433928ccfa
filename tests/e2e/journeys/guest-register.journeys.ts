import type { Page } from '@playwright/test';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { guestRegisterMachine, type GuestRegisterContext } from '../../../src/machines/auth/guest-register.machine.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import { answeredOnce, refusedByFault } from '../faults.ts';
import { uniqueEmail } from '../steps.ts';
import type { EventMapping, Journey, MachineMap } from './journey-map.ts';
import { addToCartThroughApi, areaOf, failingOnce, nothingToDo, openWithSession } from './shoppers.ts';

/**
 * Guest email checkout at /guest/register (guestRegister), one walk: a guest with a ribeye in her cart (through the
 * API) gives no email, then one whose checkout is lost, another the server refuses, and a third that takes her to
 * /cart. The graph's emails stand for new ones of her own (each typed once: a second try with the same email would
 * be the same graph state).
 */

const file = 'tests/e2e/journeys/guest-register.journeys.ts';
const emails = ['first@example.com', 'second@example.com', 'third@example.com'] as const;
const notAnEmail = 'ada at example';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as GuestRegisterContext;
const when = (state: string, test: (c: GuestRegisterContext) => boolean) => (snapshot: AnyMachineSnapshot) =>
  snapshot.matches(state) && test(contextOf(snapshot));
const form = (page: Page) => page.getByRole('main');

/** A new email of her own for each graph email (the server makes a guest customer of it). */
function realEmail(journey: Journey, value: string): string {
  if (value === notAnEmail) return value;
  const email = journey.notes.get(value) ?? uniqueEmail('generated.guest');
  journey.notes.set(value, email);
  return email;
}

function typing(value: string, after: (c: GuestRegisterContext) => boolean): EventMapping {
  return {
    event: { type: 'field.change', field: 'email', value },
    when: when('editing', after),
    act: async (journey) => form(journey.page).getByLabel('Email').fill(realEmail(journey, value)),
  };
}

const guestUrl = '/api/cart/guestcart';

export const guestRegisterJourneys: MachineMap = {
  machine: guestRegisterMachine,
  file,
  variants: [
    {
      name: 'a guest with a ribeye in her cart',
      input: () => ({ session: createActor(sessionMachine, { input: { zipcode: '10001', location: 101, cart_id: 'cart-guest' } }).start() }),
      open: async ({ page }) => {
        const guest = await addToCartThroughApi(await areaOf('10001'), 'ribeye', 'USDA Prime Ribeye Steak');
        await openWithSession(page, guest, '/guest/register');
      },
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.email, c.error ?? null, c.message ?? null]);
  },
  events: {
    'field.change: not an email': typing(notAnEmail, (c) => c.email === ''),
    'field.change: a first email': typing(emails[0], (c) => c.email === notAnEmail && c.error !== undefined),
    'field.change: a second email': typing(emails[1], (c) => c.email === emails[0] && c.message !== undefined),
    'field.change: a third email': typing(emails[2], (c) => c.email === emails[1] && c.message === refusedByFault),
    'guest.submit': {
      event: { type: 'guest.submit' },
      when: when('editing', (c) => c.email !== '' && c.error === undefined),
      act: async ({ page }) => form(page).getByRole('button', { name: 'CONTINUE' }).click(),
    },
    'registerGuest: connection lost': {
      event: { type: 'xstate.error.actor.registerGuest', error: new Error('offline') },
      when: when('registering', (c) => c.email === emails[0]),
      prepare: failingOnce(guestUrl),
      act: nothingToDo,
    },
    'registerGuest: refused': {
      event: { type: 'xstate.done.actor.registerGuest', output: { code: -1, message: refusedByFault } },
      when: when('registering', (c) => c.email === emails[1]),
      prepare: async ({ page }) => answeredOnce(page, guestUrl),
      act: nothingToDo,
    },
    'registerGuest: a guest customer': {
      event: { type: 'xstate.done.actor.registerGuest', output: { code: 1, data: { customer_id: 7, api_token: 't', cart_id: 'cart-guest' } } },
      when: when('registering', (c) => c.email === emails[2]),
      act: nothingToDo,
    },
  },
  states: {
    'guestRegister.editing': { shows: (page) => form(page).getByRole('button', { name: 'CONTINUE' }) },
    'guestRegister.registering': { passing: "'PLEASE WAIT…' shows only while the server answers" },
    'guestRegister.registered': { leaves: /\/cart$/ },
  },
  notDriven: {},
};
